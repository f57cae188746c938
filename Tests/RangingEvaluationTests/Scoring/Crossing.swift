// SPDX-License-Identifier: Apache-2.0
import RangingEngine

@testable import RangingEvaluation
@testable import RangingFormats

/// A zone crossing at `t` seconds, written as the scoring tests write them: `crossing(8.2, "A", "outer", .enter)`.
func crossing(_ t: Double, _ object: String, _ zone: String, _ kind: CrossingKind) -> ZoneCrossing {
  ZoneCrossing(time: Timestamp(seconds: t), object: object, zone: zone, kind: kind)
}
