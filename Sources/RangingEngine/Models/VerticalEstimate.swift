// SPDX-License-Identifier: Apache-2.0
/// Coarse vertical position of the object relative to the phone, as Nearby
/// Interaction's `NINearbyObject.VerticalDirectionEstimate` reports it.
public enum VerticalEstimate: UInt8, Sendable {
  case unknown
  case same
  case above
  case below
  case aboveOrBelow
}
