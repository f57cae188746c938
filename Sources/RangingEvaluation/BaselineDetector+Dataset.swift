// SPDX-License-Identifier: Apache-2.0
import RangingFormats

extension BaselineDetector {
  /// Runs each of `methods` over the ranging CSV at `path` in one pass.
  ///
  /// Every measurement row with a distance is an update; rows without a
  /// distance (direction only) are skipped; life-cycle rows restart the
  /// smoother (see ``BaselineDetector``); rejected rows are skipped, as the
  /// engine skips them.
  ///
  /// - Parameters:
  ///   - methods: the detectors to run, in the order of the result.
  ///   - zones: names and radii, metres.
  ///   - path: a ranging CSV (docs/FORMATS.md §1).
  ///   - mapping: how its columns and units map (docs/FORMATS.md §5).
  /// - Returns: one detector per method, after the last row.
  /// - Throws: `DatasetError` when the file cannot be opened or read, or is
  ///   not a ranging CSV.
  /// - Complexity: O(rows · methods · zones).
  public static func run(
    _ methods: [BaselineMethod], zones: [(name: String, radiusMeters: Double)], datasetPath path: String,
    mapping: ColumnMapping = .identity
  ) throws(DatasetError) -> [BaselineDetector] {
    var detectors = methods.map { BaselineDetector(method: $0, zones: zones) }
    var reader = try RangingCSVReader(path: path, mapping: mapping)
    while let record = try reader.next() {
      switch record {
      case .measurement(_, let object, _, let update, _, _):
        guard let distance = update.distanceMeters else { continue }
        for index in detectors.indices {
          detectors[index].update(object: object, time: update.time, distanceMeters: distance)
        }
      case .lifecycle(_, let object, _, _):
        for index in detectors.indices { detectors[index].restart(object: object) }
      case .rejected, .pose:
        continue
      }
    }
    for index in detectors.indices { detectors[index].finish() }
    return detectors
  }
}
