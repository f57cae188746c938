// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// A ``RangingPipeline`` on `DefaultKalmanBackend`, so the common case needs
/// no generic argument: `DefaultRangingPipeline(zones: [Zone(radiusMeters: 1.5)])`.
///
/// `DefaultKalmanBackend` is the GSL backend in builds with the package's
/// `GSL` trait and the Swift backend in builds without it (and in firmware).
public typealias DefaultRangingPipeline = RangingPipeline<DefaultKalmanBackend>
