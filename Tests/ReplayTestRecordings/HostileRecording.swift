// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A seeded hostile recording (issue 34, item 4; issue 56, item 6): `rows`
/// rows of `objects` objects, a third of the time after a pause of up to 8 s
/// (so that one lost check finds several objects of one shard, in an order of
/// that shard's own table), times that repeat or go back, rows repeated
/// byte for byte, life-cycle rows of every kind (the removals among them),
/// malformed, `nan` and negative distances, and rows with only an angle.
/// ``SeededDraws`` draws every choice, so a seed names one file. Shared by
/// the tests of `--jobs` in-process (RangingReplayThreadsTests) and through
/// the C replay (RangingReplayCAPITests).
public struct HostileRecording: Sendable {
  /// Names the file: the draws start from it.
  public var seed: UInt64
  /// Data rows, the repeated ones among them.
  public var rows: Int
  /// Objects named `o0`, `o1`...
  public var objects: Int
  /// The object table's capacity the tests replay it with: below `objects`, rows evict.
  public var capacity: Int

  public init(seed: UInt64, rows: Int, objects: Int, capacity: Int) {
    self.seed = seed
    self.rows = rows
    self.objects = objects
    self.capacity = capacity
  }

  /// The life-cycle events a row may carry (docs/FORMATS.md §1, `event`).
  public static let lifecycle = ["removed_timeout", "removed_peer_ended", "invalidated", "suspended", "suspension_ended"]

  /// The recordings of `seeds`, 2,500 rows each, in turn: many objects in a
  /// small table (evictions on most rows), few in a small one, and many in a
  /// table that holds them all (over 2,048 rows: several rounds of `--jobs`).
  public static func mix(seeds: ClosedRange<UInt64>) -> [HostileRecording] {
    seeds.map { seed in
      switch seed % 3 {
      case 0: HostileRecording(seed: seed, rows: 2_500, objects: 200, capacity: 6)
      case 1: HostileRecording(seed: seed, rows: 2_500, objects: 20, capacity: 8)
      default: HostileRecording(seed: seed, rows: 2_500, objects: 200, capacity: 256)
      }
    }
  }

  /// The recording's CSV, header first, `rows` data rows.
  public func text() -> String {
    var random = SeededDraws(seed: seed)
    func uniform() -> Double { random.uniform() }
    func pick<T>(_ options: [T]) -> T { random.pick(options) }
    var lines = ["t,object,distance,horizontal_angle,event"]
    lines.reserveCapacity(rows + 1)
    var seconds = 0.0
    var previousObject = "o0"
    while lines.count <= rows {
      // A repeated row: the previous one again, byte for byte.
      if lines.count > 1, uniform() < 0.01 {
        lines.append(lines[lines.count - 1])
        continue
      }
      seconds += uniform() < 0.3 ? pick([0, 0, 0.01, 0.05, 0.2, 0.5, 1, 3, 8]) : 0.05 * uniform()
      // A row going back repeats the previous row's object, before its time.
      let goesBack = uniform() < 0.02
      let object = goesBack ? previousObject : "o\(random.below(objects))"
      let time = goesBack ? seconds - 0.001 - 0.5 * uniform() : seconds
      let kind = uniform()
      previousObject = object
      let t = String(format: "%.3f", time)
      if kind < 0.03 {
        lines.append("\(t),\(object),,,\(pick(Self.lifecycle))")
      } else if kind < 0.035 {
        lines.append("\(t),\(object),abc,,")
      } else if kind < 0.04 {
        lines.append("\(t),\(object),\(pick(["nan", "NaN", "inf"])),,")
      } else if kind < 0.055 {
        lines.append("\(t),\(object),,\(String(format: "%.2f", 2 * uniform() - 1)),")
      } else {
        // Around the default zones' edges, and far out; a few negative.
        let distance = pick([0.3, 0.8, 1.4, 1.6, 2.9, 3.1, 5.0]) + 0.8 * (uniform() - 0.5)
        lines.append("\(t),\(object),\(String(format: "%.3f", distance)),,")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The case as a test names it.
  public var testDescription: String { "seed \(seed), \(rows) rows, \(objects) objects, capacity \(capacity)" }

  /// Writes ``text()`` into `folder`; its path.
  public func write(in folder: URL) throws -> String {
    let url = folder.appendingPathComponent("hostile-\(seed)-\(rows)-\(objects).csv")
    try text().write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
