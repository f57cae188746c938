// SPDX-License-Identifier: Apache-2.0
/// The direction filter's output at one time.
public struct DirectionEstimate: Sendable {
  /// Unit direction of the estimated position, or nil before the track starts.
  public var direction: Direction?
  /// Angular standard deviation across the ray, radians:
  /// `sqrt((tr(Ppp) - uᵀ Ppp u) / 2) / |p|`, the mean of the two perpendicular axes.
  public var angleSigmaRadians: Double
  /// Measured on this update, predicted (coasting), or unknown.
  public var state: DirectionState

  public init(direction: Direction?, angleSigmaRadians: Double, state: DirectionState) {
    self.direction = direction
    self.angleSigmaRadians = angleSigmaRadians
    self.state = state
  }

  /// No direction.
  public static var unknown: DirectionEstimate {
    DirectionEstimate(direction: nil, angleSigmaRadians: .infinity, state: .unknown)
  }
}
