// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingFormats

/// The spellings of docs/FORMATS.md's `event` and `vertical` columns are
/// stated once, as the core's `name`s; the readers match them and the
/// firmware's converter, which cannot call the library, is held to them here.
@Suite("Format spellings")
struct FormatSpellingTests {
  /// docs/FORMATS.md §1, written out by hand from the contract.
  static let events: [(String, LifecycleEvent)] = [
    ("removed_timeout", .removedTimeout), ("removed_peer_ended", .removedPeerEnded), ("suspended", .suspended),
    ("suspension_ended", .suspensionEnded), ("invalidated", .invalidated),
  ]
  static let verticals: [(String, VerticalEstimate)] = [
    ("unknown", .unknown), ("same", .same), ("above", .above), ("below", .below), ("aboveOrBelow", .aboveOrBelow),
  ]

  @Test("Each spelling of the contract reads as its value, in both readers, and nothing else does")
  func readersMatchTheContract() {
    for (text, event) in Self.events {
      #expect(RowParser.lifecycleEvent(named: Substring(text)) == event)
      #expect("\(event.name)" == text)
      var bytes = Array(text.utf8)
      #expect(bytes.withUnsafeMutableBufferPointer { RowScanner.event($0.baseAddress!, 0, $0.count) } == event)
    }
    for (text, vertical) in Self.verticals {
      #expect(RowParser.verticalEstimate(named: Substring(text)) == vertical)
      #expect("\(vertical.name)" == text)
      var bytes = Array(text.utf8)
      #expect(bytes.withUnsafeMutableBufferPointer { RowScanner.vertical($0.baseAddress!, 0, $0.count) } == vertical)
    }
    for wrong in ["", "Suspended", "removed", "removed_timeout ", "same\u{0}", "aboveorbelow", "ABOVE"] {
      #expect(RowParser.lifecycleEvent(named: Substring(wrong)) == nil, "\(wrong)")
      #expect(RowParser.verticalEstimate(named: Substring(wrong)) == nil, "\(wrong)")
    }
  }

  @Test("The firmware's CSV converter maps each event spelling to the C code of the same event")
  func firmwareConverter() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let awk = try String(contentsOf: root.appendingPathComponent("firmware/dataset-to-c.awk"), encoding: .utf8)
    // Lines such as `if (event == "removed_timeout") lifecycle = 0`.
    var found: [String: Int] = [:]
    for line in awk.split(separator: "\n") where line.contains("event == \"") && line.contains("lifecycle = ") {
      let spelling = line.split(separator: "\"")[1]
      let code = try #require(Int(line.split(separator: "lifecycle = ")[1].prefix { $0.isNumber }))
      found[String(spelling)] = code
    }
    // The C codes are the core's raw values (ranging_lifecycle_t; CAPIStatus.lifecycle).
    #expect(found == Dictionary(uniqueKeysWithValues: Self.events.map { ($0.0, Int($0.1.rawValue)) }))
  }
}
