// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import ZoneMonitor

/// Runs a recording through the engine: reads rows one at a time, feeds the
/// pipeline, hands each zone event and each filtered state to a
/// ``ReplayObserver`` as it happens, and accounts for every row. Memory does not grow with the
/// file, nor with the number of distinct objects in it: only the tracked
/// objects' state, their names, and the counts are kept (a name is forgotten
/// once its object is no longer tracked and over `ReplayTally.minimumNamesKept` names,
/// or twice the capacity, are live).
public struct Replayer<Backend: KalmanBackend> {
  public var pipeline: RangingPipeline<Backend>
  public var zoneNames: [String]
  /// Range calibrations of single objects, by name: each corrects that
  /// object's validated distances before the engine sees them, as the
  /// tracker's own `TrackerConfiguration.rangeCalibration` does for every
  /// object (`RangeCalibration.correctedDistance(_:minimumDistanceMeters:)`).
  /// For recordings of several devices whose biases differ (each anchor
  /// of the LIAS trolley reads its own 0.09 to 0.28 m long); use one or the
  /// other, since both would apply. Empty: no row is touched.
  public var objectCalibrations: [String: RangeCalibration] = [:]
  /// Whether to skip the `pose_*` columns: pose-only rows count as read and
  /// accepted but feed nothing, measurement rows run without their pose
  /// (`rangectl evaluate` scores the direction both ways).
  public var ignoresPoses = false

  public init(pipeline: RangingPipeline<Backend>, zoneNames: [String]) {
    precondition(zoneNames.count == pipeline.monitor.zones.count, "Replayer: one name per zone")
    self.pipeline = pipeline
    self.zoneNames = zoneNames
  }

  /// Replays every row of `reader`, handing its output to `observer` as it goes.
  ///
  /// Inlinable, with the row loop, so that the whole loop, the pipeline and
  /// its filters are specialised for `Backend` in the caller's module and the
  /// pipeline is called directly rather than through closures
  /// (docs/PERFORMANCE.md). A usable row allocates nothing: the object is interned
  /// from the reader's bytes.
  ///
  /// - Throws: `DatasetError` when the input cannot be read further.
  @inlinable
  public func run<Observer: ReplayObserver>(_ reader: inout RangingCSVReader, observer: Observer) throws(DatasetError)
    -> ReplaySummary
  {
    try run(rowsOf: &reader, observer: observer)
  }

  /// ``run(_:observer:)`` over any ``ReplayRowSource``: a file's reader or a table's.
  /// The loop (``ReplayRowLoop``) keeps the pipeline's object table and
  /// sends each slot's steps to the pipeline's own engines (``PipelineSlots``).
  @inlinable
  package func run<Source: ReplayRowSource, Observer: ReplayObserver>(rowsOf reader: inout Source, observer: Observer)
    throws(Source.ReadFailure) -> ReplaySummary
  {
    let tally = ReplayTally(observesStates: observer.observesStates, observesSteps: observer.observesRangeSteps)
    let slots = PipelineSlots(pipeline: pipeline, observer: observer, tally: tally)
    let loop = ReplayRowLoop(replayer: self, observer: observer, slots: slots, tally: tally, reader: reader)
    try loop.replay(&reader)
    return loop.summary
  }
}

/// What a replay counts and the names it interned, shared by reference
/// between the row loop's methods (`ReplayRowLoop`).
/// Exclusivity is unchecked: one replay runs on one thread.
@usableFromInline
package final class ReplayTally {
  /// A tally for an observer that takes states (``ReplayObserver/observesStates``)
  /// or filter steps (``ReplayObserver/observesRangeSteps``), or neither.
  @inlinable
  package init(observesStates: Bool, observesSteps: Bool) {
    self.observesStates = observesStates
    self.observesSteps = observesSteps
  }

  @usableFromInline @exclusivity(unchecked) var summary = ReplaySummary()
  @usableFromInline @exclusivity(unchecked) var names = ObjectNames()

  /// The name of the object `id`, interned and not forgotten.
  package func name(of id: UInt64) -> String { names.name(of: id) }
  /// Each object's last accepted measurement, for ``UnitEvidence/intervalsSeconds``.
  @usableFromInline @exclusivity(unchecked) var lastMeasurementTimes = LastMeasurementTimes()

  /// Adds an accepted measurement to ``ReplaySummary/unitEvidence``.
  @inlinable
  func noteUnits(line: Int, object: UInt64, seconds: Double, distanceMeters: Double?) {
    if let distanceMeters { summary.unitEvidence.distancesMeters.add(distanceMeters, line: line) }
    if let interval = lastMeasurementTimes.interval(of: object, at: seconds) {
      summary.unitEvidence.intervalsSeconds.add(interval, line: line)
    }
  }

  /// Whether the observer takes states (``ReplayObserver/observesStates``), so that each state needs the object's name.
  @usableFromInline let observesStates: Bool
  /// Whether the observer takes the distance filter's steps (``ReplayObserver/observesRangeSteps``).
  @usableFromInline let observesSteps: Bool

  /// Live names kept at least before untracked ones are forgotten: no
  /// recording with fewer objects ever forgets a name, so its summary counts
  /// exactly its distinct objects.
  @usableFromInline package static var minimumNamesKept: Int { 1024 }

  /// Live names past which untracked ones are forgotten, for a tracker of `capacity` objects.
  @usableFromInline package static func namesKept(capacity: Int) -> Int { Swift.max(minimumNamesKept, 2 * capacity) }

  /// The id of each object key of the row source (``ReplayRowSource/objectKey``) seen so far, nil for none.
  @usableFromInline @exclusivity(unchecked) var idOfKey: [UInt64?] = []

  /// The id of a scanned row's object, named by `bytes` (readable 16 bytes
  /// past their end) and keyed `key` by the row source: by key when the key
  /// was seen before, so that the name's bytes are not even read.
  ///
  /// - Complexity: O(1), allocating only for a new name or key.
  @inlinable
  func id(forLineBytes bytes: UnsafeBufferPointer<UInt8>, key: Int32) -> UInt64 {
    guard key >= 0 else { return names.id(forLineBytes: bytes) }
    let index = Int(key)
    if index < idOfKey.count, let id = idOfKey[index] { return id }
    let id = names.id(forLineBytes: bytes)
    if index >= idOfKey.count { idOfKey.append(contentsOf: repeatElement(nil, count: index + 1 - idOfKey.count)) }
    idOfKey[index] = id
    return id
  }

  /// Each object's entry of ``Replayer/objectCalibrations`` (nil: none), by
  /// id, so that the name is looked up once per object rather than per row.
  @usableFromInline @exclusivity(unchecked) var calibrationByID: [UInt64: RangeCalibration?] = [:]

  /// Forgets every name whose object `tracker` does not hold. After it, at
  /// most `tracker.capacity` names are live, so with a threshold of twice the
  /// capacity the sweeps cost O(1) amortised per new name.
  @usableFromInline
  func forgetUntracked<Backend: KalmanBackend>(by tracker: ObjectTracker<Backend>) {
    // A forgotten name's key must not find its old id: every key is looked up by name again once.
    idOfKey.removeAll(keepingCapacity: true)
    for id in names.ids where tracker.slot(of: id) == nil {
      names.forget(id)
      // A forgotten id never comes back (a returning name gets a new one): free its calibration.
      if calibrationByID.removeValue(forKey: id) != nil { _ = tracker.setObjectCalibration(nil, forObject: id) }
    }
  }
}
