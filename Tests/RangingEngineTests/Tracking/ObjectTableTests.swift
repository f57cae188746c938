// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// ObjectTable against a Dictionary model under random operations.
@Suite("ObjectTable")
struct ObjectTableTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var capacity: Int
    /// Distinct keys drawn from; larger than the capacity so eviction happens.
    var universe: Int
    /// Times drawn from a small range, so ties in lastSeen occur.
    var coarseTimes: Bool
    var seed: UInt64
    var testDescription: String { "capacity \(capacity), \(universe) keys\(coarseTimes ? ", tied times" : "")" }
    static let all: [Case] = [
      Case(capacity: 1, universe: 4, coarseTimes: false, seed: 0x7AB1_E001),
      Case(capacity: 3, universe: 9, coarseTimes: true, seed: 0x7AB1_E002),
      Case(capacity: 8, universe: 20, coarseTimes: false, seed: 0x7AB1_E003),
      Case(capacity: 16, universe: 24, coarseTimes: true, seed: 0x7AB1_E004),
      Case(capacity: 64, universe: 200, coarseTimes: false, seed: 0x7AB1_E005),
      Case(capacity: 100, universe: 150, coarseTimes: true, seed: 0x7AB1_E006),
    ]
  }

  /// Keys: half consecutive small ids (Fibonacci hashing must spread them),
  /// half random 64-bit ids, some sharing low bits.
  static func keys(_ c: Case, _ random: inout SplitMix64) -> [UInt64] {
    (0..<c.universe).map { i in
      switch i % 3 {
      case 0: UInt64(i)
      case 1: random.next()
      default: (random.next() << 20) | 0x5
      }
    }
  }

  @Test("Insert, remove, touch and lookup agree with a Dictionary model, including eviction of the stalest",
        arguments: Case.all)
  func agreesWithDictionaryModel(_ c: Case) {
    var random = SplitMix64(seed: c.seed)
    let keys = Self.keys(c, &random)
    var table = ObjectTable(capacity: c.capacity)
    var model: [UInt64: (slot: Int, lastSeen: Int64)] = [:]
    var evictions = 0
    func fail(_ message: String, _ op: Int) { Issue.record("op \(op): \(message); seed \(c.seed)") }
    for op in 0..<20_000 {
      let key = keys[Int(random.next() % UInt64(keys.count))]
      let time = c.coarseTimes ? Int64(random.next() % 8) : Int64(op) * 1_000 + Int64(random.next() % 500)
      switch random.next() % 10 {
      case 0..<4:  // insert when absent (the documented precondition), else touch
        if let entry = model[key] {
          table.touch(entry.slot, at: Timestamp(microseconds: time))
          model[key]!.lastSeen = time
          break
        }
        let wasFull = model.count == c.capacity
        let stalest = model.values.map(\.lastSeen).min()
        let (slot, evicted) = table.insert(key, at: Timestamp(microseconds: time))
        if wasFull {
          guard let evicted, let gone = model[evicted] else { return fail("full insert evicted \(String(describing: evicted))", op) }
          // Ties in lastSeen may go either way; the evicted one must be among the stalest.
          guard gone.lastSeen == stalest else { return fail("evicted lastSeen \(gone.lastSeen), stalest \(stalest!)", op) }
          model[evicted] = nil
          evictions += 1
        } else if evicted != nil {
          return fail("evicted \(evicted!) with room left", op)
        }
        guard (0..<c.capacity).contains(slot), !model.values.contains(where: { $0.slot == slot }) else {
          return fail("slot \(slot) out of range or in use", op)
        }
        model[key] = (slot, time)
      case 4..<6:  // remove
        guard let entry = model[key] else { break }
        table.remove(slot: entry.slot)
        model[key] = nil
      default:  // lookup
        guard table.slot(of: key) == model[key]?.slot else {
          return fail("slot(of: \(key)) = \(String(describing: table.slot(of: key))), model \(String(describing: model[key]?.slot))", op)
        }
      }
      guard table.count == model.count else { return fail("count \(table.count), model \(model.count)", op) }
    }
    // Full check of the final state.
    for key in keys { #expect(table.slot(of: key) == model[key]?.slot, "seed \(c.seed)") }
    for slot in 0..<c.capacity {
      let owner = model.first { $0.value.slot == slot }
      #expect(table.isInUse(slot) == (owner != nil), "seed \(c.seed)")
      if let owner {
        #expect(table.object(in: slot) == owner.key && table.lastSeen(in: slot).microseconds == owner.value.lastSeen)
      }
    }
    #expect(evictions > 0, "the sequence never filled the table")
  }
}
