// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingFormats

@Suite("RowDecimation")
struct RowDecimationTests {
  /// At 2 Hz (slots of 0.5 s from each object's first row), by hand:
  /// - a at 0, 0.1, 0.3, 0.5, 0.55, 1.0: slots 0, 0, 0, 1, 1, 2 -> keeps 0, 0.5, 1.0
  ///   (0.5 - 0 = 0.5 exactly: slot 1 thanks to the 1e-9);
  /// - b from 0.2 at 0.2, 0.6, 0.75: (t - 0.2)/0.5 = 0, 0.8, 1.1 -> keeps 0.2, 0.75;
  /// - the life-cycle row at 0.52 stays; the row whose distance is malformed
  ///   (a at 1.2, slot 2 again) is dropped like any other, the one whose `t`
  ///   is not a number is kept (and rejected).
  static let rows = """
    t,object,distance,event
    0,a,2,
    0.1,a,2,
    0.2,b,3,
    0.3,a,2,
    0.5,a,2,
    0.52,a,,suspended
    0.55,a,2,
    0.6,b,3,
    0.75,b,3,
    1.0,a,2,
    1.2,a,oops,
    x,a,2,

    """

  @Test("Keeps each object's first row per 1/rate slot, counted from its first row; life-cycle rows stay")
  func twoHertz() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("decimate-\(UUID()).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Self.rows.write(toFile: path, atomically: true, encoding: .utf8)
    var reader = try RangingCSVReader(path: path)
    reader.decimation = RowDecimation(rateHertz: 2)
    var kept: [String] = []
    while let record = try reader.next() {
      switch record {
      case .measurement(_, let object, let seconds, _, _, _): kept.append("\(object)@\(seconds)")
      case .lifecycle(_, let object, let seconds, _): kept.append("\(object)@\(seconds) event")
      case .rejected(let rejection): kept.append("line \(rejection.line) rejected")
      case .pose: kept.append("pose")
      }
    }
    #expect(kept == ["a@0.0", "b@0.2", "a@0.5", "a@0.52 event", "b@0.75", "a@1.0", "line 13 rejected"])
    #expect(reader.rowsDecimated == 5)
  }

  @Test("The rate must be finite, above 0 and at most 1e6 Hz", arguments: [0, -1, .nan, .infinity, 2e6])
  func refusedRates(_ rate: Double) {
    #expect(RowDecimation(rateHertz: rate) == nil)
  }
}
