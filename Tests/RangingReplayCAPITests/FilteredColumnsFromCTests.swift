// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// `ranging_filtered_columns` (ranging_replay.h): a replay's state records as
/// the filtered track's columns. Written back by `ranging_write_filtered` they
/// are the replay's own track (which ReplayFromCMatchesRangectlTests hold to rangectl's), on
/// every bundled and real recording; on hostile records each column is the
/// record's value (the direction's sigma converted to degrees, checked by the
/// closed form) or NaN where §3 leaves the cell empty, and the track written
/// back leaves exactly those cells empty; or the call refuses whole.
@Suite("ranging_filtered_columns: a replay's states as the filtered track's columns")
struct FilteredColumnsFromCTests {
  /// The ten columns of `count` rows, owned here.
  final class Columns {
    let count: Int
    let t, distance, sigma, x, y, z, directionSigma, nlos: UnsafeMutablePointer<Double>
    let object: UnsafeMutablePointer<Int64>
    let directionState: UnsafeMutablePointer<UInt8>

    init(count: Int) {
      self.count = count
      func doubles() -> UnsafeMutablePointer<Double> {
        let column = UnsafeMutablePointer<Double>.allocate(capacity: max(count, 1))
        column.initialize(repeating: -42, count: max(count, 1))  // a value no column should keep
        return column
      }
      t = doubles(); distance = doubles(); sigma = doubles(); x = doubles(); y = doubles(); z = doubles()
      directionSigma = doubles(); nlos = doubles()
      object = .allocate(capacity: max(count, 1))
      object.initialize(repeating: -42, count: max(count, 1))
      directionState = .allocate(capacity: max(count, 1))
      directionState.initialize(repeating: 42, count: max(count, 1))
    }

    deinit {
      [t, distance, sigma, x, y, z, directionSigma, nlos].forEach { $0.deallocate() }
      object.deallocate()
      directionState.deallocate()
    }

    var arrays: ranging_filtered_arrays_t {
      ranging_filtered_arrays_t(
        t: t, object: object, distance_m: distance, sigma_m: sigma, dir_x: x, dir_y: y, dir_z: z,
        direction_state: directionState, dir_sigma_deg: directionSigma, nlos: nlos)
    }

    var forWriting: ranging_filtered_columns_t {
      ranging_filtered_columns_t(
        t: t, object: object, distance_m: distance, sigma_m: sigma, dir_x: x, dir_y: y, dir_z: z,
        direction_state: directionState, dir_sigma_deg: directionSigma, nlos: nlos)
    }

    /// The numeric cells of row `i` in the track's order of fields 2...6, 8 and 9.
    func cells(_ i: Int) -> [Double] { [distance[i], sigma[i], x[i], y[i], z[i], directionSigma[i], nlos[i]] }
  }

  /// The columns of `states` and the call's status.
  static func columns(_ states: [ranging_replay_state_t]) -> (Int32, Columns) {
    let columns = Columns(count: states.count)
    var arrays = columns.arrays
    return (rangingFilteredColumns(states, states.count, &arrays), columns)
  }

  /// The track `ranging_write_filtered` writes of `columns`, and its status.
  static func written(_ columns: Columns, objects: [String]) -> (Int32, Data) {
    var given = columns.forWriting
    return WriteFromCTests.withNames(objects) { names in
      WriteFromCTests.written { text in rangingWriteFiltered(&given, columns.count, names, text) }
    }
  }

  /// For each row of a track (header dropped), whether each of the cells `Columns.cells` lists is empty.
  static func emptyCells(_ track: Data) -> [[Bool]] {
    String(decoding: track, as: UTF8.self).split(separator: "\n").dropFirst().map { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      return [2, 3, 4, 5, 6, 8, 9].map { fields.count > $0 ? fields[$0].isEmpty : false }
    }
  }

  @Test("On every real recording of ../shared/datasets: a replay's states, the columns written back its own track",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings),
        arguments: PackagePaths.realRecordingPaths)
  func realRecording(_ path: String) throws {
    try recording(path)
  }

  @Test("A replay's states: the columns written back are its own track", arguments: ReplayTableFromCTests.recordings)
  func recording(_ path: String) throws {
    let replayed = ReplayFromC(path: PackagePaths.root.appendingPathComponent(path).path, ["--write-filtered"])
    try #require(replayed.status == 0)
    let (status, columns) = Self.columns(replayed.stateRecords)
    #expect(status == 0)
    let (written, track) = Self.written(columns, objects: replayed.objectNames)
    #expect(written == 0 && track == replayed.filtered)
    let empty = Self.emptyCells(replayed.filtered)
    try #require(empty.count == replayed.stateRecords.count)
    for (i, cells) in empty.enumerated() {
      #expect(columns.cells(i).map(\.isNaN) == cells, "row \(i + 1) of \(path)")
    }
  }

  @Test("Hostile records: each column the record's value or NaN where §3 leaves the cell empty, or refused whole")
  func hostileRecords() {
    let values: [Double] = [0, -0.0, 1.5, -2.25, .nan, .infinity, -.infinity, 1e300, .leastNonzeroMagnitude, 0.3]
    var outcomes: [Int32: Int] = [:]
    for seed in 0..<300 {
      var draws = SeededDraws(seed: UInt64(seed) &+ 0xc01_0000)
      func value() -> Double { values[draws.next(values.count)] }
      let objectCount = 1 + draws.next(3)
      let states = (0..<draws.next(10)).map { _ in
        ranging_replay_state_t(
          t: Double(draws.next(1000)) / 8, object: Int64(draws.next(objectCount)), distance_m: value(), sigma_m: value(),
          rate_m_per_s: value(),
          // A direction is all NaN or none NaN in a replay's records; both here, and the mixed case too.
          direction: draws.next(3) == 0 ? (.nan, .nan, .nan) : (value(), value(), value()),
          direction_sigma_rad: value(), nlos_probability: value(),
          direction_state: UInt8(draws.next(16) == 0 ? 3 + draws.next(250) : draws.next(3)), is_confirmed: 1)
      }
      let (status, columns) = Self.columns(states)
      outcomes[status, default: 0] += 1
      if states.contains(where: { $0.direction_state > 2 }) {
        #expect(status == 64, "seed \(seed)")
        // Refused whole: not one value written.
        #expect((0..<states.count).allSatisfy { columns.t[$0] == -42 && columns.object[$0] == -42 }, "seed \(seed)")
        continue
      }
      #expect(status == 0, "seed \(seed)")
      var expectedEmpty: [[Bool]] = []
      for (i, state) in states.enumerated() {
        #expect(columns.t[i].bitPattern == state.t.bitPattern && columns.object[i] == state.object)
        #expect(columns.directionState[i] == state.direction_state)
        let hasDistance = state.distance_m.isFinite
        let d = state.direction
        let hasDirection = !(d.0.isNaN || d.1.isNaN || d.2.isNaN)
        let degrees = state.direction_sigma_rad * 180 / Double.pi
        let expected: [Double] = [
          hasDistance ? state.distance_m : .nan, hasDistance ? state.sigma_m : .nan, hasDirection ? d.0 : .nan,
          hasDirection ? d.1 : .nan, hasDirection ? d.2 : .nan, hasDirection && degrees.isFinite ? degrees : .nan,
          hasDistance ? state.nlos_probability : .nan,
        ]
        #expect(zip(columns.cells(i), expected).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) },
          "seed \(seed) row \(i): \(columns.cells(i)) against \(expected)")
        // §3: with a distance its sigma and NLOS cells are written whatever they hold (an engine's are
        // finite; a hostile record's NaN is written as text), so only these cells' emptiness is NaN's.
        let directionSigmaEmpty = !(hasDirection && degrees.isFinite)
        expectedEmpty.append([
          !hasDistance, !hasDistance, !hasDirection, !hasDirection, !hasDirection, directionSigmaEmpty, !hasDistance,
        ])
      }
      // Written back: each cell empty exactly where §3 leaves it so.
      let (written, track) = Self.written(columns, objects: (0..<objectCount).map { "o\($0)" })
      #expect(written == 0)
      #expect(Self.emptyCells(track) == expectedEmpty, "seed \(seed)")
    }
    #expect(outcomes[0, default: 0] >= 100 && outcomes[64, default: 0] >= 20, "\(outcomes)")
  }

  @Test("NULL where rows are given is refused (64); no rows need no arrays")
  func nulls() {
    let state = ranging_replay_state_t(
      t: 1, object: 0, distance_m: 1, sigma_m: 0.1, rate_m_per_s: 0, direction: (.nan, .nan, .nan),
      direction_sigma_rad: .nan, nlos_probability: 0, direction_state: 2, is_confirmed: 1)
    var none = ranging_filtered_arrays_t()
    #expect(rangingFilteredColumns([state], 1, &none) == 64)
    #expect(rangingFilteredColumns([state], 1, nil) == 64)
    #expect(rangingFilteredColumns(nil, 0, &none) == 0)
    let columns = Columns(count: 1)
    var arrays = columns.arrays
    #expect(rangingFilteredColumns(nil, 1, &arrays) == 64 && columns.t[0] == -42)
    arrays.nlos = nil
    #expect(rangingFilteredColumns([state], 1, &arrays) == 64 && columns.t[0] == -42)
  }
}
