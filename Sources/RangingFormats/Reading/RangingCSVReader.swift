// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Reads a ranging CSV (docs/FORMATS.md §1) one record at a time.
///
/// The reader streams: it reads 64 KiB chunks and splits lines on bytes, so
/// memory is bounded by the longest line (at most 1 MiB is held; a longer line
/// is skipped and rejected as `line_too_long`), not by the file size.
///
///     var reader = try RangingCSVReader(path: "walk.csv")
///     while let record = try reader.next() {
///       switch record {
///       case .measurement(_, let object, _, let update, _, _): tracker.update(object, with: update)
///       case .lifecycle(_, let object, _, let event): tracker.handle(event, for: object)
///       case .rejected(let rejection): print(rejection.message(path: reader.path))
///       }
///     }
///
/// Input rules, beyond docs/FORMATS.md §1:
/// - Lines end in `\n`, `\r\n` or `\r` (classic Mac OS), line by line, so a
///   file may change its line ends part way (`LineSource`); a UTF-8 byte
///   order mark at the start of the file is dropped. A UTF-16 or UTF-32
///   file (with its byte order mark) is refused, naming its encoding. Invalid UTF-8
///   is kept, not refused, each invalid byte written as `\xNN` (`UTF8Text`),
///   so that object names differing only there stay different objects.
/// - A line whose first character is `#` is a comment, before or after the
///   header, of any length up to 64 MiB; a line of only spaces and tabs is
///   blank. Both are skipped but counted in line numbers.
/// - A line longer than 64 MiB (no line end at all: `/dev/zero`, a binary
///   file) ends the read with ``DatasetError/Kind/notARangingCSV(reason:)``.
/// - The first other line is the header. Names and fields are trimmed of
///   ASCII spaces and tabs; there is no quoting.
/// - Every other line yields exactly one ``DatasetRecord``; see
///   ``RowRejection`` for the checks and their order.
///
/// The reader owns the open file and closes it when the last copy of the
/// reader goes away. Copies share one position in the file, so keep one copy.
public struct RangingCSVReader {
  /// The path as given; `-` is standard input.
  public let path: String
  /// The header's column names, trimmed, in file order (unknown names included).
  public let columns: [String]
  /// The header's names that no column this reader knows reads (under its
  /// ``ColumnMapping``), in file order, each once: `rangectl` names them in
  /// its summary, so that a column such as `azimuth` is never dropped unseen.
  public let unusedColumns: [String]
  /// The 0-based column of each of ``unusedColumns`` (its first in the header).
  public let unusedColumnIndices: [Int]
  /// True to keep the fields of ``unusedColumns`` of each data line that
  /// ``next()`` returns in ``unusedFields`` (off by default: it costs a
  /// String a field). For a caller that hands a file's other columns on
  /// with its rows (`ranging_read_file`).
  public var keepsUnusedFields = false
  /// With ``keepsUnusedFields``, the last data line's fields of
  /// ``unusedColumns``, in their order, trimmed as every field is; empty
  /// where the line has no such field.
  public private(set) var unusedFields: [String] = []
  /// The header line as read, and the source's truncations already looked at:
  /// after a followed file is truncated (``LiveInput/onTruncation``), its
  /// first line that is neither blank nor a comment is the header again when
  /// it equals this one, and is skipped as the header.
  private let headerText: String
  private var truncationsSeen = 0

  /// The core's value checks that every measurement this reader returns has
  /// passed (rows that fail them are rejected with the core's reason).
  public static var rowValidation: SampleValidation { SampleValidation() }

  /// Largest `|t|` the reader accepts, seconds (beyond it, `time_out_of_range`).
  package static var maximumSeconds: Double { RowParser.maximumSeconds }

  private let source: LineSource
  private let parser: RowParser
  private let scanner: RowScanner
  /// The last row that ``nextRow(_:)`` left to ``RowParser``, which its view refers to.
  private let parsedRow = ParsedRow()
  /// False to leave the `true_*` values of scanned rows unconverted (they
  /// are still checked): ``nextRow(_:)``'s `truth` is then empty. For a
  /// replay, which does not use them.
  @usableFromInline package var convertsTruth = true
  /// Thins the data rows to a rate per object before anything else reads
  /// them (``RowDecimation``), or nil (the default) to read every row.
  /// Rows it drops are counted in ``rowsDecimated`` and are not records at all.
  public var decimation: RowDecimation?
  /// Data rows dropped by ``decimation`` so far.
  public private(set) var rowsDecimated = 0

  /// Opens a ranging CSV and reads its header.
  ///
  /// - Parameter path: a file path, or `-` for standard input.
  /// - Throws: ``DatasetError`` with kind ``DatasetError/Kind/cannotOpen(reason:)``
  ///   when the path cannot be opened or is a directory;
  ///   ``DatasetError/Kind/notARangingCSV(reason:)`` when there is no header
  ///   line or it lacks `t` or `object` or repeats a known column;
  ///   ``DatasetError/Kind/readFailed(reason:)`` when reading fails.
  /// - Complexity: O(lines before the header).
  public init(path: String) throws(DatasetError) {
    try self.init(path: path, chunkBytes: 65_536, maxLineBytes: 1 << 20)
  }

  /// ``init(path:)`` for an input whose columns or units differ from
  /// docs/FORMATS.md §1, read through `mapping` (docs/FORMATS.md §5).
  ///
  /// - Throws: as ``init(path:)``; ``DatasetError/Kind/notARangingCSV(reason:)``
  ///   also when the header lacks a column that `mapping` requires.
  public init(path: String, mapping: ColumnMapping) throws(DatasetError) {
    try self.init(path: path, chunkBytes: 65_536, maxLineBytes: 1 << 20, mapping: mapping)
  }

  /// ``init(path:)`` for an input that is still arriving (``LiveInput``):
  /// standard input from a live source, or a file still being written. The
  /// header is waited for as the rows are.
  public init(path: String, live: LiveInput, mapping: ColumnMapping = .identity) throws(DatasetError) {
    try self.init(path: path, chunkBytes: 65_536, maxLineBytes: 1 << 20, live: live, mapping: mapping)
  }

  /// Called before each read from the input: once per 64 KiB chunk of a
  /// file, and before each wait for input that is still arriving. Every row
  /// returned before the call has been handed out, so a live replay flushes
  /// its outputs here; progress is drawn from its argument. Not called for
  /// the reads of the header.
  public var beforeRead: ((ReadProgress) -> Void)? {
    get { source.beforeRead }
    nonmutating set { source.beforeRead = newValue }
  }

  /// The header's name and 1-based column of the canonical column
  /// `canonical` (`t`, `distance`, … of docs/FORMATS.md §1), as this
  /// reader's ``ColumnMapping`` finds it; nil when the header lacks it.
  public func headerColumn(for canonical: String) -> (name: String, column: Int)? {
    guard let column = KnownColumn.allCases.first(where: { $0.name == canonical }),
      let index = parser.layout[column]
    else { return nil }
    return (columns[index], index + 1)
  }

  /// Bytes read from the input so far.
  public var bytesRead: Int { source.bytesRead }

  /// Lines returned so far (header, comments and blank lines included): the
  /// number of the last line read.
  public var linesRead: Int { source.lineNumber }

  /// ``init(path:)`` with the buffer sizes and limits exposed, for tests.
  init(
    path: String, chunkBytes: Int, maxLineBytes: Int,
    maxSkippedLineBytes: Int = LineSource.defaultMaxSkippedLineBytes, live: LiveInput? = nil,
    mapping: ColumnMapping = .identity
  ) throws(DatasetError) {
    let source = try LineSource(
      path: path, chunkBytes: chunkBytes, maxLineBytes: maxLineBytes, maxSkippedLineBytes: maxSkippedLineBytes,
      live: live)
    while let line = try source.nextRawLine() {
      switch line {
      case .overlong(_, isComment: true):
        continue
      case .overlong(let number, isComment: false):
        throw DatasetError(
          path: path, line: number,
          kind: .notARangingCSV(reason: "header line longer than \(maxLineBytes) bytes"))
      case .bytes(let number, let bytes):
        if number == 1, let encoding = Self.otherUnicodeEncoding(startingWith: bytes) {
          throw DatasetError(
            path: path, line: 1, kind: .notARangingCSV(reason: "\(encoding) text (it starts with its byte order mark); "
              + "the reader takes UTF-8: convert it, e.g. iconv -f \(encoding) -t UTF-8"))
        }
        let text = UTF8Text.decode(bytes)
        if CSVFields.isCommentOrBlank(text.utf8) { continue }
        let names = CSVFields.split(text)
        switch ColumnLayout.make(names: names, mapping: mapping) {
        case .success(let layout):
          self.path = path
          self.columns = names.map(String.init)
          self.headerText = text
          self.unusedColumns = layout.unusedColumns
          self.unusedColumnIndices = layout.unusedColumnIndices
          self.source = source
          self.parser = RowParser(layout: layout)
          self.scanner = RowScanner(layout: layout)
          return
        case .failure(let problem):
          throw DatasetError(path: path, line: number, kind: .notARangingCSV(reason: problem.reason))
        }
      }
    }
    let reason = source.lineNumber == 0 ? "empty file" : "no header line, only comments and blank lines"
    throw DatasetError(path: path, kind: .notARangingCSV(reason: reason))
  }

  /// Reads the next data row.
  ///
  /// Comment and blank lines are skipped. A row that cannot be used is
  /// returned as ``DatasetRecord/rejected(_:)``, never thrown or dropped.
  ///
  /// - Returns: the next record, or nil at the end of the input.
  /// - Throws: ``DatasetError`` with kind ``DatasetError/Kind/readFailed(reason:)``
  ///   when reading fails.
  /// - Complexity: O(length of the lines consumed). Allocates nothing for a
  ///   usable row whose object name has at most 15 bytes (Swift keeps such
  ///   strings inline).
  public mutating func next() throws(DatasetError) -> DatasetRecord? {
    var row = RowView()
    guard try nextRow(&row) else { return nil }
    return row.record(name: UTF8Text.decode(row.object))
  }

  /// ``next()`` as the one row shape, without building the object's String
  /// or copying the record out: a row the fast ``RowScanner`` reads is
  /// filled in place, its object the line's bytes; any other (rejected, or
  /// unusual enough for ``RowParser``) is the parser's record shown through
  /// the view. Only small values cross the call, so a caller in another
  /// module copies no record.
  ///
  /// The view borrows from the reader: the line's bytes, or its
  /// ``ParsedRow``, which copies of a reader share (as they share its
  /// position). So it is valid until the next row is read through this
  /// reader or any copy of it, and while one of them lives; read each file
  /// through one copy, as the replay does.
  ///
  /// - Returns: false at the end of the input (`row` is then unchanged).
  /// - Complexity: O(length of the lines consumed). Does not allocate for rows
  ///   the scanner accepts.
  @usableFromInline
  package mutating func nextRow(_ row: inout RowView) throws(DatasetError) -> Bool {
    while let line = try source.nextRawLine() {
      switch line {
      case .overlong(_, isComment: true):
        continue
      case .overlong(let number, isComment: false):
        if keepsUnusedFields { unusedFields = unusedColumnIndices.map { _ in "" } }
        parsedRow.show(
          .rejected(RowRejection(line: number, column: nil, field: "row", reason: "line_too_long", text: "")),
          in: &row)
        return true
      case .bytes(let number, let bytes):
        if CSVFields.isCommentOrBlank(bytes) { continue }
        if source.truncations != truncationsSeen {
          truncationsSeen = source.truncations
          if UTF8Text.decode(bytes) == headerText { continue }
        }
        if decimation != nil, !decimationKeeps(bytes) {
          rowsDecimated += 1
          continue
        }
        if keepsUnusedFields { keepUnusedFields(of: bytes) }
        if scanner.scan(bytes, into: &row, convertingTruth: convertsTruth) {
          row.scanned(line: number)
          return true
        }
        parsedRow.show(parser.record(line: number, text: UTF8Text.decode(bytes)), in: &row)
        return true
      }
    }
    return false
  }

  /// Sets ``unusedFields`` from the data line `bytes`, split and trimmed as the header was.
  private mutating func keepUnusedFields(of bytes: UnsafeBufferPointer<UInt8>) {
    let fields = CSVFields.split(UTF8Text.decode(bytes))
    unusedFields = unusedColumnIndices.map { $0 < fields.count ? String(fields[$0]) : "" }
  }

  /// Whether ``decimation`` keeps the data line `bytes`, from its raw `t`,
  /// `object` and `event` fields (``RowDecimation``'s rule): a life-cycle
  /// row, or a line the reader will reject for a missing field or a `t`
  /// that is not a number, is kept.
  private mutating func decimationKeeps(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let timeIndex = parser.layout[.t], let objectIndex = parser.layout[.object] else { return true }
    let fields = CSVFields.untrimmedFields(bytes)
    func text(_ index: Int) -> Substring? {
      index < fields.count ? CSVFields.trimmed(Substring(UTF8Text.decode(fields[index]))) : nil
    }
    if let eventIndex = parser.layout[.event] {
      guard let event = text(eventIndex) else { return true }
      if !event.isEmpty { return true }
    }
    guard let time = text(timeIndex), let value = Double(time), let object = text(objectIndex) else { return true }
    let perSecond = parser.layout.divisors?[KnownColumn.t.rawValue] ?? 1
    // Asked only with a decimation (the caller checks), and changed in place.
    return decimation!.keeps(object: String(object), seconds: value / perSecond)
  }

  /// The name of the encoding whose byte order mark starts `bytes`, for the
  /// UTF-16 and UTF-32 marks (Unicode 15, section 23.8, table 23-4); nil
  /// for any other start. A UTF-8 mark is dropped by ``LineSource`` and read.
  static func otherUnicodeEncoding(startingWith bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let start = Array(bytes.prefix(4))
    // UTF-32LE's mark begins with UTF-16LE's, so the longer marks are tried first.
    let marks: [([UInt8], String)] = [
      ([0xFF, 0xFE, 0x00, 0x00], "UTF-32LE"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32BE"),
      ([0xFF, 0xFE], "UTF-16LE"), ([0xFE, 0xFF], "UTF-16BE"),
    ]
    return marks.first { start.starts(with: $0.0) }?.1
  }
}
