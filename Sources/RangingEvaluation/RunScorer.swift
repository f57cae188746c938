// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// Scores one run (one file) of several methods against the truth as the
/// rows stream past, in memory bounded by the objects live at once, not by
/// the objects or rows in the file (issue 23).
///
/// Per object it keeps only what matching needs (``LiveObjectScore``: the
/// truth crossings and each method's events so far); distance errors go
/// straight into running sums. When an object ends its events are matched
/// (``EventMatcher``, per zone and kind, so exactly as a whole-file matching
/// would pair them), and the counts and latencies are folded into each
/// method's totals; then the object is forgotten.
///
/// An object ends at ``finish()`` or when it is evicted: once more than
/// ``liveLimit`` objects are live, the half seen least recently (by input
/// order) are folded. An object is therefore scored exactly as by
/// ``Evaluator/evaluate(name:truth:engineEvents:filtered:)`` unless more
/// than half the limit of other objects appear between two of its rows; a
/// removed or lost object simply stops being seen and goes in time, and one
/// that returns before then keeps its truth state, as in the whole-file
/// rules. An evicted object that returns starts afresh (outside every zone,
/// a new truth span); an engine event of an evicted object that arrives
/// after it (a `lost` exit) is counted unscored, since its object's truth
/// span has been closed.
struct RunScorer {
  let zones: [(name: String, radiusMeters: Double)]
  let methodCount: Int
  /// Objects live at most before the least recently seen are folded.
  let liveLimit: Int
  private let outwards: [Int]
  private let matcher: EventMatcher
  private let toleranceMicroseconds: Int64

  private var live: [String: LiveObjectScore] = [:]
  /// Names folded by eviction, the latest ``liveLimit`` of them, so that a
  /// late event of one is known as late (``event(_:method:)``).
  private var evicted: Set<String> = []
  private var evictionOrder: [String] = []
  private var rowsSeen = 0

  private struct Key: Hashable {
    var zone: String
    var kind: CrossingKind
  }
  /// Each method's counts, overall and per zone and kind.
  private var overall: [EventTally]
  private var breakdown: [[Key: EventTally]]
  private var distance: [DistanceErrorTally]
  /// Each peer's latency beside the engine's on the truth events both matched (index 0, the engine, unused).
  private var besideEngine: [PairedLatencyTally]
  private var truthCrossingsAfterFirstRow = 0
  /// Each method's unscored events before their object's truth span, and
  /// the truth events at the first truth row of such objects left missed.
  private var unscoredBeforeTruth: [Int]
  private var missedAtTruthStart: [Int]

  /// Objects live now (at most ``liveLimit``).
  var liveCount: Int { live.count }

  /// Called with the name of each object folded, when it is folded (the
  /// caller drops its own state of the object).
  var onFold: (String) -> Void = { _ in }

  /// The default ``liveLimit``: 4096 objects, or twice the engine's capacity
  /// when that is larger, so that every object the engine can track at once
  /// stays live.
  static func defaultLiveLimit(engineCapacity: Int) -> Int { max(4096, 2 * engineCapacity) }

  /// - Parameters:
  ///   - zones: names (unique) and radii, metres.
  ///   - matchToleranceSeconds: ``EventMatcher``'s tolerance.
  ///   - methodCount: methods scored side by side (≥ 1).
  ///   - liveLimit: objects live at most (≥ 2); `Int.max` never evicts.
  init(zones: [(name: String, radiusMeters: Double)], matchToleranceSeconds: Double, methodCount: Int, liveLimit: Int) {
    self.zones = zones
    self.methodCount = methodCount
    self.liveLimit = max(2, liveLimit)
    outwards = ObjectTruthCrossings.outwards(zones)
    matcher = EventMatcher(toleranceSeconds: matchToleranceSeconds)
    toleranceMicroseconds = Int64((matchToleranceSeconds * 1_000_000).rounded())
    overall = Array(repeating: EventTally(), count: methodCount)
    breakdown = Array(repeating: [:], count: methodCount)
    distance = Array(repeating: DistanceErrorTally(), count: methodCount)
    besideEngine = Array(repeating: PairedLatencyTally(), count: methodCount)
    unscoredBeforeTruth = Array(repeating: 0, count: methodCount)
    missedAtTruthStart = Array(repeating: 0, count: methodCount)
  }

  /// A row of `object` (any row: with or without truth, life cycle): keeps
  /// it live. Returns nothing; may fold the least recently seen objects.
  mutating func see(_ object: String) {
    rowsSeen += 1
    if live[object] != nil {
      live[object]?.lastSeen = rowsSeen
      return
    }
    if live.count >= liveLimit { evictLeastRecentlySeen() }
    if !evicted.isEmpty, evicted.remove(object) != nil {
      evictionOrder.removeAll { $0 == object }
    }
    live[object] = LiveObjectScore(zoneCount: zones.count, methodCount: methodCount, lastSeen: rowsSeen)
  }

  /// A measurement row's truth (the object's rows in time order).
  mutating func truth(object: String, time: Timestamp, trueDistanceMeters: Double) {
    see(object)
    // see(_:) leaves the object live; out and back in, so that it is not copied.
    var score = live.removeValue(forKey: object)!
    score.truth.add(time: time, trueDistanceMeters: trueDistanceMeters, object: object, zones: zones,
                    outwards: outwards) { score.truthEvents.append($0) }
    score.span = (min(score.span?.first ?? time, time), max(score.span?.last ?? time, time))
    live[object] = score
  }

  /// One event of method `method`. An object not seen before becomes live
  /// (its events are scored: it has no truth); one evicted earlier has its
  /// event counted unscored.
  mutating func event(_ crossing: ZoneCrossing, method: Int) {
    if live[crossing.object] == nil, evicted.contains(crossing.object) {
      overall[method].addUnscored(1)
      breakdown[method][Key(zone: crossing.zone, kind: crossing.kind), default: EventTally()].addUnscored(1)
      return
    }
    if live[crossing.object] == nil { see(crossing.object) }
    live[crossing.object]!.events[method].append(crossing)  // see(_:) left it live
  }

  /// One filtered row of method `method` paired with its dataset row
  /// (measured and true distance), or unpaired when `trueMeters` is nil.
  mutating func distance(_ row: FilteredDistanceRow, measuredMeters: Double?, trueMeters: Double?, method: Int) {
    guard let trueMeters else {
      distance[method].addUnpaired()
      return
    }
    distance[method].add(filtered: row, measuredMeters: measuredMeters, trueMeters: trueMeters)
  }

  /// Adds a method's whole distance comparison (a track scored apart).
  mutating func distance(_ tally: DistanceErrorTally, method: Int) {
    distance[method].merge(tally)
  }

  /// Folds every live object and returns each method's evaluation, named `name`.
  /// `withDistance` says, per method, whether it had a filtered track.
  mutating func finish(name: String, withDistance: [Bool]) -> [ScenarioEvaluation] {
    for object in live.sorted(by: { $0.value.lastSeen < $1.value.lastSeen }).map(\.key) { fold(object) }
    live = [:]
    let extraZones = Set(breakdown.flatMap { $0.keys.map(\.zone) }).subtracting(zones.map(\.name)).sorted()
    return (0..<methodCount).map { method in
      var parts: [ZoneKindScore] = []
      for zone in zones.map(\.name) + extraZones {
        for kind in CrossingKind.allCases {
          let tally = breakdown[method][Key(zone: zone, kind: kind)] ?? EventTally()
          parts.append(ZoneKindScore(zone: zone, kind: kind, score: tally.score))
        }
      }
      return ScenarioEvaluation(
        name: name, events: overall[method].score, breakdown: parts,
        distance: withDistance[method] ? DistanceErrorComparison(distance[method]) : nil,
        truthCrossingsAfterFirstRow: truthCrossingsAfterFirstRow,
        latencyBesideEngine: method == 0 ? nil : besideEngine[method].score,
        unscoredBeforeTruth: unscoredBeforeTruth[method], missedAtTruthStart: missedAtTruthStart[method])
    }
  }

  /// Folds the older half of the live objects, by the order they were last seen.
  private mutating func evictLeastRecentlySeen() {
    let order = live.map(\.value.lastSeen).sorted()
    let cutoff = order[order.count / 2]
    let stale = live.filter { $0.value.lastSeen < cutoff }.sorted { $0.value.lastSeen < $1.value.lastSeen }
    for (object, _) in stale {
      fold(object)
      live[object] = nil
      evicted.insert(object)
      evictionOrder.append(object)
    }
    // Remember at most liveLimit evicted names, the latest.
    if evictionOrder.count > liveLimit {
      let forgotten = evictionOrder.count - liveLimit
      for object in evictionOrder.prefix(forgotten) { evicted.remove(object) }
      evictionOrder.removeFirst(forgotten)
    }
  }

  /// Matches the events of `object` against its truth crossings and adds the
  /// counts to each method's totals.
  private mutating func fold(_ object: String) {
    guard let score = live[object] else { return }
    if let first = score.span?.first {
      truthCrossingsAfterFirstRow += score.truthEvents.filter { $0.time > first }.count
    }
    let truthByKey = Dictionary(grouping: score.truthEvents) { Key(zone: $0.zone, kind: $0.kind) }
    var engineMatching: [Key: EventMatching] = [:]  // method 0's, for the peers' latency beside it
    for method in 0..<methodCount {
      var scored: [Key: [ZoneCrossing]] = [:]
      var unscored: [Key: Int] = [:]
      var before = false
      for event in score.events[method] {
        let key = Key(zone: event.zone, kind: event.kind)
        if score.canJudge(event.time, toleranceMicroseconds: toleranceMicroseconds) {
          scored[key, default: []].append(event)
        } else {
          unscored[key, default: 0] += 1
          if let first = score.span?.first, event.time < first {
            unscoredBeforeTruth[method] += 1
            before = true
          }
        }
      }
      // In a fixed order, so that a report beyond QuantileSample's capacity is the same on every run.
      let keys = Set(truthByKey.keys).union(scored.keys).union(unscored.keys).sorted {
        ($0.zone, $0.kind.rawValue) < ($1.zone, $1.kind.rawValue)
      }
      for key in keys {
        let matching = matcher.match(engine: scored[key] ?? [], truth: truthByKey[key] ?? [])
        if method == 0 {
          engineMatching[key] = matching
        } else if let engine = engineMatching[key] {
          besideEngine[method].add(engine: engine, peer: matching)
        }
        if before, let first = score.span?.first {
          missedAtTruthStart[method] += matching.missedTruth.filter { $0.time == first }.count
        }
        let left = unscored[key] ?? 0
        overall[method].add(matching, unscored: left)
        breakdown[method][key, default: EventTally()].add(matching, unscored: left)
      }
    }
    onFold(object)
  }
}
