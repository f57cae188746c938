// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@testable import RangingFormats

/// The spellings of docs/FORMATS.md's `event` and `vertical` columns are
/// stated once, as the core's `name`s; the readers match them, and the
/// firmware's converter (firmware/dataset-to-c.c) reads through the reader.
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
}
