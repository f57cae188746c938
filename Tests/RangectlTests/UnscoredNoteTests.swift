// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl evaluate` says why a run has unscored events (issue 58, item 13:
/// a real recording read "truth 2, events 2, unscored 2, missed 2, F1 0.000"
/// with no word of why, and another 13 unscored exits that no baseline had).
/// In-process: evaluate runs as InProcessCommand runs it.
@Suite("rangectl evaluate: the unscored events explained")
struct UnscoredNoteTests {
  /// One tag at 2 m for 8 s, then at 4 m, measured from t = 0 to 12 s at
  /// 5 Hz, with truth only from 3 s to 6 s: the engine enters the outer zone
  /// at t = 0, before the truth starts, and leaves it after 8 s, after the
  /// truth ends; the truth's one event is its start inside the outer zone.
  static let partTruth: String = {
    var lines = ["t,object,distance,true_distance"]
    for k in 0...60 {
      let t = Double(k) / 5
      let truth = (3...6).contains(t) ? "2.0" : ""
      lines.append(String(format: "%.1f,tag,", t) + (t < 8 ? "2.0," : "4.0,") + truth)
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test("One line for the events after the truth ends, one for those before it starts, and the truth's start events; JSON has unscoredBeforeTruth")
  func explained() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("part-truth.csv", Self.partTruth)
    let text = InProcessCommand.evaluate([path])
    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdoutLines
    let row = try #require(lines.firstIndex { $0.hasPrefix("part-truth ") }, "\(text.stdoutText)")
    #expect(lines[row].split(separator: " ").prefix(6) == ["part-truth", "1", "2", "2", "0", "1"], "\(lines[row])")
    #expect(lines.contains("  unscored: 1 after their object's truth ends (+1.0 s), e.g. exits of objects lost then"),
            "\(text.stdoutText)")
    #expect(lines.contains("  unscored: 1 before their object's truth starts (-1.0 s), measured before it"),
            "\(text.stdoutText)")
    #expect(lines.contains("    (so the truth's event at its first row, for a zone it starts in, is missed)"),
            "\(text.stdoutText)")
    #expect(lines.allSatisfy { $0.count <= 100 }, "\(text.stdoutText)")
    let json = InProcessCommand.evaluate([path, "--json"])
    let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let run = try #require((report["scenarios"] as? [[String: Any]])?.first)
    #expect((run["unscoredBeforeTruth"] as? NSNumber)?.intValue == 1, "\(json.stdoutText)")
    #expect((run["missedAtTruthStart"] as? NSNumber)?.intValue == 1, "\(json.stdoutText)")
  }
}
