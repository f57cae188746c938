// SPDX-License-Identifier: Apache-2.0
/// The summary `rangectl replay` writes to standard error (docs/FORMATS.md §4),
/// read back from its text:
///
///     walk.csv: 157 rows read, 157 accepted (155 measurements, 2 life-cycle), 0 rejected
///       rejected malformed_number: 1
///       objects: 1 (evicted: 0)
///       events: 8 (4 enter, 4 exit)
struct ReplaySummaryText: Equatable, Sendable {
  var path: String
  var rowsRead: Int
  var accepted: Int
  var measurements: Int
  var lifecycle: Int
  var rejected: Int
  var rejectedByReason: [String: Int]
  var objects: Int
  var events: Int
  var enterEvents: Int
  var exitEvents: Int

  /// Parses the summary out of the whole of standard error (rejected-row
  /// messages may come first); nil when no summary line is found.
  init?(parsing stderr: String) {
    let lines = stderr.split(separator: "\n").map(String.init)
    let head = #/^(.+): (\d+) rows read, (\d+) accepted \((\d+) measurements, (\d+) life-cycle\), (\d+) rejected$/#
    guard let start = lines.lastIndex(where: { $0.wholeMatch(of: head) != nil }),
      let h = lines[start].wholeMatch(of: head)
    else { return nil }
    path = String(h.1)
    rowsRead = Int(h.2)!
    accepted = Int(h.3)!
    measurements = Int(h.4)!
    lifecycle = Int(h.5)!
    rejected = Int(h.6)!
    rejectedByReason = [:]
    objects = -1
    events = -1
    enterEvents = -1
    exitEvents = -1
    for line in lines[(start + 1)...] {
      if let m = line.wholeMatch(of: #/^  rejected ([a-z_]+): (\d+)$/#) {
        rejectedByReason[String(m.1)] = Int(m.2)!
      } else if let m = line.wholeMatch(of: #/^  objects: (\d+) \(evicted: \d+\)$/#) {
        objects = Int(m.1)!
      } else if let m = line.wholeMatch(of: #/^  events: (\d+) \((\d+) enter, (\d+) exit\)$/#) {
        events = Int(m.1)!
        enterEvents = Int(m.2)!
        exitEvents = Int(m.3)!
      }
    }
  }
}
