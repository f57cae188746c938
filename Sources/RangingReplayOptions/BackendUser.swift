// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Work that runs on one Kalman backend, chosen by `--backend`
/// (``EngineOptions/Backend/dispatch(_:)``): a replay, a plot, an evaluation.
///
/// A protocol with a generic requirement rather than a closure, because a
/// closure cannot be generic: the backend stays a type argument, so the
/// pipeline and its filters are specialised for it as when each command
/// named the backend itself.
public protocol BackendUser {
  associatedtype Output
  /// Runs the work with `backend`'s arithmetic.
  func run<Backend: KalmanBackend>(_ backend: Backend.Type) throws -> Output
}
