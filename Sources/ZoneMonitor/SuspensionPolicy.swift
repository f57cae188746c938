// SPDX-License-Identifier: Apache-2.0
/// What a suspended session does to an object's zones.
public enum SuspensionPolicy: UInt8, Sendable {
  /// Exit every zone with reason `suspended` (default): while suspended
  /// nothing is measured, and a zone used for access control must not stay
  /// occupied on stale data. The object re-enters from its next measurements.
  case exitZones
  /// Keep zone membership through the suspension; the filter still restarts
  /// when the suspension ends, because its state is stale.
  case holdZones
}
