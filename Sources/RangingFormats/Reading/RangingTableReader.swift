// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Reads a table held in memory (``TableColumn``s: a pandas DataFrame, a
/// pyarrow Table, a Spark partition) as ``RangingCSVReader`` reads the CSV
/// the table would be written as: the column names are the header, row `i`
/// (from 0) is line `i + 2`, a null is an empty field, a number is the
/// shortest text that reads back as it (an integer its digits), and a text is its own field.
///
/// The rules are the reader's, not a copy of them: the column names go
/// through `ColumnLayout.make(names:mapping:)` as a header does, a row
/// whose values the fast path is certain of goes through
/// `RowScanner.complete(_:given:vertical:event:into:convertingTruth:)`
/// (the scanner's own value rules, without its byte loop), and every other
/// row is given, as its fields' texts, to `RowParser`, which rejects it
/// with the same reason, field and text as the CSV's line. So a table and
/// its CSV replay alike (`ReplayTableFromCTests` holds them to that on
/// every bundled recording and on hostile tables, the fuzz target
/// `table_reader` record by record).
///
/// Where a table is more than a CSV can say: a text may hold a comma or a
/// line break (it is one field all the same; but an `object` name with a
/// comma or a line break is rejected as its CSV line would be,
/// `wrong_field_count`, since docs/FORMATS.md §1 allows a name none, the
/// filtered track does not quote and the C results list names one a line;
/// and a column name with a line break is refused, as no header holds one),
/// a row whose first field
/// starts with `#` is a row and names whose first starts with `#` are the
/// header, not comment lines, and a table without columns is refused (its
/// CSV would start with a blank line, which a file skips).
///
/// - Complexity: O(1) per row on the fast path, which allocates nothing
///   (an object name is handed out as its bytes in the column's buffer).
public struct RangingTableReader {
  /// The table's name, as messages name a file.
  public let path: String
  /// The column names, in order.
  public let columns: [String]
  /// The names that nothing reads (``RangingCSVReader/unusedColumns``).
  public let unusedColumns: [String]
  public let rowCount: Int
  private let table: [TableColumn]
  /// The columns the fast path reads (not the unknown ones), with their
  /// scanner codes: plain values, so that reading a field copies no name
  /// (a retain and a release per field, a third of the replay's time).
  private let readFields: [ReadField]
  private let parser: RowParser
  private let scanner: RowScanner
  /// The next row to read.
  private var row = 0
  /// The last row left to ``RowParser``, which its view refers to.
  private let parsedRow = ParsedRow()
  /// Whether scanned rows carry their ground truth (``RangingCSVReader/convertsTruth``).
  @usableFromInline package var convertsTruth = true

  /// A reader of `columns`, each of `rowCount` rows.
  ///
  /// - Throws: ``DatasetError/Kind/notARangingCSV(reason:)`` at line 1 when
  ///   the names are not a ranging header (as ``RangingCSVReader`` refuses
  ///   it), or when a column's buffers do not hold `rowCount` rows.
  public init(path: String, columns: [TableColumn], rowCount: Int, mapping: ColumnMapping = .identity)
    throws(DatasetError)
  {
    // No names at all: the CSV would be a blank header line, which a file skips.
    guard !columns.isEmpty else {
      throw DatasetError(path: path, line: 1, kind: .notARangingCSV(reason: "a table without columns"))
    }
    for column in columns where !column.isWellFormed(rowCount: rowCount) {
      throw DatasetError(
        path: path, line: 1,
        kind: .notARangingCSV(reason: "column '\(column.name)' does not hold \(rowCount) rows (offsets out of order?)"))
    }
    // A header line cannot hold a line break, and the C results list the unused names one a line.
    if let broken = columns.first(where: { $0.name.utf8.contains(where: CSVFields.isLineBreak) }) {
      let name = RowRejection.clipped(Substring(broken.name))
      throw DatasetError(
        path: path, line: 1,
        kind: .notARangingCSV(reason: "column name '\(name)' holds a line break, which no header can"))
    }
    let names = columns.map { CSVFields.trimmed(Substring($0.name)) }
    switch ColumnLayout.make(names: names, mapping: mapping) {
    case .success(let layout):
      self.path = path
      self.columns = names.map(String.init)
      self.unusedColumns = layout.unusedColumns
      self.rowCount = rowCount
      table = columns
      parser = RowParser(layout: layout)
      let scanner = RowScanner(layout: layout)
      self.scanner = scanner
      readFields = columns.indices.compactMap { index in
        let code = scanner.fieldCodes[index]
        if code == RowScanner.Code.unknown { return nil }
        let column = columns[index]
        return ReadField(
          code: code, values: column.values, validity: column.validity, validityOffset: column.validityOffset)
      }
    case .failure(let problem):
      throw DatasetError(path: path, line: 1, kind: .notARangingCSV(reason: problem.reason))
    }
  }

  /// The header's name and 1-based column of a canonical column (``RangingCSVReader/headerColumn(for:)``).
  public func headerColumn(for canonical: String) -> (name: String, column: Int)? {
    guard let column = KnownColumn.allCases.first(where: { $0.name == canonical }),
      let index = parser.layout[column]
    else { return nil }
    return (parser.layout.headerName(of: column), index + 1)
  }

  /// The next row, as ``RangingCSVReader/nextRow(_:)`` gives it: false after the last row.
  @usableFromInline
  package mutating func nextRow(_ view: inout RowView) -> Bool {
    guard row < rowCount else { return false }
    let index = row
    row += 1
    if scan(index, into: &view) {
      view.scanned(line: index + 2)
      return true
    }
    let fields = fieldTexts(index)
    // The row as one line, which a rejection of the whole row quotes as it quotes a file's.
    parsedRow.show(
      parser.record(line: index + 2, fields: fields.map { CSVFields.trimmed($0[...]) }, text: fields.joined(separator: ",")),
      in: &view)
    return true
  }

  /// The fast path: fills `row`'s values and object and returns true when every
  /// field is one `RowScanner` would read (a finite number in a numeric
  /// column, a plain ASCII text without blanks at its ends in a text
  /// column) and the scanner's value rules accept the row; false otherwise.
  private func scan(_ index: Int, into row: inout RowView) -> Bool {
    if scanner.hasPose { return false }
    var numbers = InlineArray<15, Double>(repeating: 0)
    var given: UInt16 = 0
    var vertical: VerticalEstimate? = nil
    var event: LifecycleEvent? = nil
    var object = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    let firstUnconverted = convertsTruth ? Int8.max : Int8(KnownColumn.trueDistance.rawValue)
    for field in readFields {
      let code = field.code
      if field.isNull(index) {
        // An empty status is the parser's rejection; an empty field is otherwise absent.
        if code == RowScanner.Code.status { return false }
        continue
      }
      // A number in a text column (an object named 7) and a text in a numeric one are the parser's to read.
      let value: Double
      switch field.values {
      case .numbers(let values):
        guard code >= 0, values[index].isFinite else { return false }
        value = values[index]
      case .integers(let values):
        guard code >= 0 else { return false }
        // The double nearest the integer, as the parser reads its digits (both round to nearest).
        value = Double(values[index])
      case .texts(let offsets, let storage):
        guard code < 0 else { return false }
        let text = TableColumn.bytes(index, offsets: offsets, bytes: storage)
        guard let start = text.baseAddress, !text.isEmpty, !CSVFields.isBlank(text[0]),
          !CSVFields.isBlank(text[text.count - 1]), text.allSatisfy({ $0 < 0x80 })
        else { return false }
        switch code {
        case RowScanner.Code.object:
          // A name with a comma or a line break is the parser's to reject.
          guard !text.contains(where: RowParser.cannotBeInAName) else { return false }
          given |= 1 &<< UInt16(KnownColumn.object.rawValue)
          object = text
        case RowScanner.Code.vertical:
          guard let known = RowScanner.vertical(start, 0, text.count) else { return false }
          given |= 1 &<< UInt16(KnownColumn.vertical.rawValue)
          vertical = known
        case RowScanner.Code.event:
          guard let known = RowScanner.event(start, 0, text.count) else { return false }
          given |= 1 &<< UInt16(KnownColumn.event.rawValue)
          event = known
        default:
          guard scanner.successStatus.withUnsafeBufferPointer({ RowScanner.spells(start, 0, text.count, $0) })
          else { return false }
        }
        continue
      }
      if code >= firstUnconverted,
        !RowScanner.isTruthInRange(value / (scanner.divisors?[Int(code)] ?? 1), code: code)
      {
        return false
      }
      numbers[Int(code)] = value
      given |= 1 &<< UInt16(code)
    }
    row.object = object
    return scanner.complete(
      &numbers, given: given, objectBytes: object.count, vertical: vertical, event: event, into: &row,
      convertingTruth: convertsTruth)
  }

  /// Row `index`'s fields as the CSV line would hold them: an empty text
  /// for a null, the shortest text that reads back for a number (`nan`,
  /// `inf` and `-inf` for the non-finite), a text as it is (invalid UTF-8
  /// repaired as a file's is).
  private func fieldTexts(_ index: Int) -> [String] {
    table.map { column -> String in
      if column.isNull(index) { return "" }
      switch column.values {
      case .numbers(let values):
        // Any NaN (a signalling one would print as `snan`) as the reader's `nan`.
        let value = values[index]
        return value.isNaN ? "nan" : value.description
      case .integers(let values):
        return String(values[index])
      case .texts(let offsets, let storage):
        return UTF8Text.decode(TableColumn.bytes(index, offsets: offsets, bytes: storage))
      }
    }
  }
}

/// One column the fast path reads: its scanner code and its values, without its name.
private struct ReadField {
  let code: Int8
  let values: TableColumn.Values
  let validity: UnsafePointer<UInt8>?
  let validityOffset: Int

  /// Whether row `row` is a null (``TableColumn/isNull(_:)``).
  @inline(__always)
  func isNull(_ row: Int) -> Bool {
    TableColumn.isNull(row, validity: validity, offset: validityOffset)
  }
}
