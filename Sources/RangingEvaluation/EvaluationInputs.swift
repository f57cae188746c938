// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats

/// Readers for the files evaluation compares: the dataset's truth (through
/// `RangingCSVReader`), the engine's events (docs/FORMATS.md §2) and its filtered
/// track (docs/FORMATS.md §3). Each returns the whole file as values.
public enum EvaluationInputs {
  /// The measurement rows of a ranging CSV that carry `true_distance`.
  ///
  /// Life-cycle rows, rejected rows and rows without truth are skipped; see
  /// ``readTruth(datasetPath:mapping:)`` for the rejected rows. `mapping`
  /// says how the file's columns and units map (docs/FORMATS.md §5).
  ///
  /// - Throws: ``EvaluationInputError`` when the file cannot be opened or read,
  ///   is not a ranging CSV, has no `true_distance` column
  ///   (``EvaluationInputError/Kind/missingColumn(_:)``) or no row with one
  ///   (``EvaluationInputError/Kind/noTruth``).
  public static func truthRows(
    datasetPath path: String, mapping: ColumnMapping = .identity
  ) throws(EvaluationInputError) -> [TruthRow] {
    try readTruth(datasetPath: path, mapping: mapping).rows
  }

  /// A dataset's truth rows, and the rows the reader rejected.
  public struct TruthRead: Sendable {
    /// The measurement rows that carry `true_distance`, in file order.
    public var rows: [TruthRow]
    /// Every rejected row, in file order.
    public var rejections: [RowRejection]
  }

  /// ``truthRows(datasetPath:mapping:)`` with the rejected rows, so that a caller can
  /// report them: evaluation must not drop rows in silence (FORMATS.md §1).
  ///
  /// - Throws: as ``truthRows(datasetPath:mapping:)``.
  public static func readTruth(
    datasetPath path: String, mapping: ColumnMapping = .identity
  ) throws(EvaluationInputError) -> TruthRead {
    var read = TruthRead(rows: [], rejections: [])
    var reader: RangingCSVReader
    do { reader = try RangingCSVReader(path: path, mapping: mapping) } catch { throw EvaluationInputError(error) }
    guard reader.headerColumn(for: "true_distance") != nil else {
      throw EvaluationInputError(path: path, kind: .missingColumn("true_distance"))
    }
    do {
      while let record = try reader.next() {
        if case .rejected(let rejection) = record { read.rejections.append(rejection) }
        guard case .measurement(_, let object, _, let update, let truth, _) = record,
          let trueDistance = truth.distanceMeters
        else { continue }
        read.rows.append(TruthRow(time: update.time, object: object, measuredDistanceMeters: update.distanceMeters,
                                  trueDistanceMeters: trueDistance))
      }
    } catch {
      throw EvaluationInputError(error)
    }
    guard !read.rows.isEmpty else { throw EvaluationInputError(path: path, kind: .noTruth) }
    return read
  }

  /// The events of a JSON Lines file, in file order.
  ///
  /// Each non-blank line must be one JSON object with a finite number `t`
  /// (seconds), strings `object` and `zone`, and `event` `enter` or `exit`;
  /// other fields are ignored. Parsed with `JSONSerialization`.
  ///
  /// - Throws: ``EvaluationInputError`` naming the first bad line.
  public static func events(path: String) throws(EvaluationInputError) -> [ZoneCrossing] {
    var events: [ZoneCrossing] = []
    try forEachLine(path: path) { (number, text) throws(EvaluationInputError) in
      guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
      func fail(_ kind: EvaluationInputError.Kind) -> EvaluationInputError {
        EvaluationInputError(path: path, line: number, kind: kind)
      }
      guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
        throw fail(.notAJSONObject)
      }
      guard let t = object["t"] else { throw fail(.missingField("t")) }
      // JSON true/false also arrive as NSNumber; they are the only ones of C type `char`.
      guard let number = t as? NSNumber, String(cString: number.objCType) != "c",
        case let seconds = number.doubleValue, seconds.isFinite, abs(seconds) < 9.2e12
      else {
        throw fail(.invalidField("t", text: "\(t)"))
      }
      var strings: [String] = []
      for name in ["object", "zone", "event"] {
        guard let value = object[name] else { throw fail(.missingField(name)) }
        guard let text = value as? String, !text.isEmpty else { throw fail(.invalidField(name, text: "\(value)")) }
        strings.append(text)
      }
      guard let kind = CrossingKind(rawValue: strings[2]) else { throw fail(.invalidField("event", text: strings[2])) }
      events.append(ZoneCrossing(time: Timestamp(seconds: seconds), object: strings[0], zone: strings[1], kind: kind))
    }
    return events
  }

  /// The rows of a filtered-track CSV that carry a distance, in file order.
  ///
  /// The header (the first line that is not blank or a `#` comment) must name
  /// `t`, `object` and `distance`, in any order; other columns are ignored.
  /// Rows with an empty `distance` are skipped.
  ///
  /// - Throws: ``EvaluationInputError`` for a missing column or a row whose
  ///   `t`, `object` or `distance` is missing or not a finite number.
  public static func filteredRows(path: String) throws(EvaluationInputError) -> [FilteredDistanceRow] {
    var columns: (t: Int, object: Int, distance: Int)?
    var rows: [FilteredDistanceRow] = []
    try forEachLine(path: path) { (number, text) throws(EvaluationInputError) in
      // The ranging CSV's rules, as the reader applies them: a name may start with a combining mark.
      if CSVFields.isCommentOrBlank(text.utf8) { return }
      let fields = CSVFields.split(text).map(String.init)
      guard let layout = columns else {
        var found: [Int] = []
        for name in ["t", "object", "distance"] {
          guard let index = fields.firstIndex(of: name) else {
            throw EvaluationInputError(path: path, line: number, kind: .missingColumn(name))
          }
          found.append(index)
        }
        columns = (found[0], found[1], found[2])
        return
      }
      func field(_ index: Int, _ name: String) throws(EvaluationInputError) -> String {
        guard index < fields.count, !fields[index].isEmpty else {
          throw EvaluationInputError(path: path, line: number, kind: .missingField(name))
        }
        return fields[index]
      }
      let tText = try field(layout.t, "t")
      let object = try field(layout.object, "object")
      guard layout.distance < fields.count, !fields[layout.distance].isEmpty else { return }
      let distanceText = fields[layout.distance]
      guard let seconds = Double(tText), seconds.isFinite, abs(seconds) < 9.2e12 else {
        throw EvaluationInputError(path: path, line: number, kind: .invalidField("t", text: tText))
      }
      guard let distance = Double(distanceText), distance.isFinite else {
        throw EvaluationInputError(path: path, line: number, kind: .invalidField("distance", text: distanceText))
      }
      rows.append(FilteredDistanceRow(time: Timestamp(seconds: seconds), object: object, distanceMeters: distance))
    }
    guard columns != nil else { throw EvaluationInputError(path: path, kind: .missingColumn("t")) }
    return rows
  }

  /// Calls `body` with each line's 1-based number and text (streamed by `LineSource`).
  private static func forEachLine(
    path: String, _ body: (Int, String) throws(EvaluationInputError) -> Void
  ) throws(EvaluationInputError) {
    let source: LineSource
    do { source = try LineSource(path: path) } catch { throw EvaluationInputError(error) }
    while true {
      let line: SourceLine?
      do { line = try source.nextLine() } catch { throw EvaluationInputError(error) }
      switch line {
      case nil: return
      case .overlong(let number, _)?:
        throw EvaluationInputError(path: path, line: number, kind: .invalidField("row", text: "line too long"))
      case .text(let number, let text)?:
        try body(number, text)
      }
    }
  }
}
