// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine

extension EngineOptions.Backend {
  /// Runs `user` on this backend's type: the only place that turns
  /// `--backend` into a type, and the only one that knows which backends
  /// this build links (the GSL trait).
  ///
  /// Inlinable, so that in the caller's module `user` is its own type and
  /// `run` is called, and specialised, for the backend directly.
  ///
  /// - Throws: `ValidationError` for `gsl` in a build without the GSL trait
  ///   (``EngineOptions/validate()`` refuses it first, through this), else what `user` throws.
  @inlinable
  public func dispatch<User: BackendUser>(_ user: User) throws -> User.Output {
    switch self {
    case .gsl:
      #if GSL
        return try user.run(GSLKalmanBackend.self)
      #else
        throw ValidationError(
          "--backend gsl: this rangectl was built without the GSL trait (swift build --disable-default-traits); "
            + "use --backend swift, or build with the default traits")
      #endif
    case .swift: return try user.run(SwiftKalmanBackend.self)
    }
  }
}

/// Runs nothing: dispatching it refuses a backend this build does not link
/// (``EngineOptions/validate()``).
struct BackendLinkCheck: BackendUser {
  func run<Backend: KalmanBackend>(_: Backend.Type) {}
}
