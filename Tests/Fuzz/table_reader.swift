// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the table reader (RangingTableReader: the header's
// checks, RowScanner.complete's value rules, RowParser over the fields'
// texts) against the CSV reader on the CSV the table would be written as,
// built with AddressSanitizer by scripts/checks/fuzz.
//
// The input is split into lines at '\n' and each line into fields at ','
// (a table of texts: the first line names the columns, the shortest line
// sets how many). Each column becomes numbers when every field of it reads
// as a Double, else stays texts; a field "~" is a null. The table is read
// by RangingTableReader, its CSV (a null empty, a number its shortest text,
// a text as it is) by RangingCSVReader, and every record must be the same:
// kind, line, time, object, values, and a rejection's reason, field and text.
import RangingEngine

@testable import RangingFormats

#if canImport(Glibc)
import Glibc
#endif

private let path: String = {
  let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  return "\(directory)/ranging-fuzz-table-\(getpid()).csv"
}()

private func require(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) {
  if !condition {
    fputs("table_reader.swift:\(line): invariant failed: \(message())\n", stderr)
    abort()
  }
}

/// A record as text, every value in full (bit patterns for the numbers), so that equal texts are equal records.
private func describe(_ record: DatasetRecord) -> String {
  func bits(_ value: Double?) -> String { value.map { String($0.bitPattern, radix: 16) } ?? "-" }
  switch record {
  case .measurement(let line, let object, let seconds, let update, let truth, let pose):
    let direction = update.direction.map { "\(bits($0.x)),\(bits($0.y)),\(bits($0.z))" } ?? "-"
    return "m \(line) \(object) \(bits(seconds)) \(bits(update.distanceMeters)) \(direction) "
      + "\(bits(update.horizontalAngleRadians)) \(String(describing: update.vertical)) \(bits(truth.distanceMeters)) "
      + "\(bits(truth.x)) \(bits(truth.y)) \(bits(truth.z)) \(pose.map { "\(bits($0.w)),\(bits($0.x))" } ?? "-")"
  case .lifecycle(let line, let object, let seconds, let event): return "l \(line) \(object) \(bits(seconds)) \(event)"
  case .pose(let line, let seconds, let attitude): return "p \(line) \(bits(seconds)) \(bits(attitude.w))"
  case .rejected(let rejection): return "r \(rejection)"
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  // Fields at each comma byte, as docs/FORMATS.md §1 and the reader split them (a comma that a combining mark
  // follows is one Character, which a split by Characters would keep inside a table's text).
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
    $0.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(Substring($0)) }
  }
  guard let header = lines.first, lines.count >= 2 else { return 0 }
  let width = lines.map(\.count).min() ?? 0
  guard width > 0 else { return 0 }
  let rows = lines.dropFirst().map { Array($0.prefix(width)) }
  let names = Array(header.prefix(width))
  // A name or first field with a line break, or starting with '#', or a blank header: a CSV cannot say it.
  // A row of one blank field is a blank line in the CSV, which the file skips.
  // A carriage return ends a CSV line: looked for in the bytes, since a String's
  // Characters may join it to what follows.
  func isBlank(_ field: String) -> Bool { field == "~" || field.allSatisfy { $0 == " " || $0 == "\t" } }
  guard !names.allSatisfy({ $0.allSatisfy { $0 == " " || $0 == "\t" } }),
    !(names.first?.hasPrefix("#") ?? false), !rows.contains(where: { $0.first?.hasPrefix("#") ?? false }),
    !UnsafeBufferPointer(start: data, count: size).contains(UInt8(ascii: "\r")),
    width > 1 || !rows.contains(where: { isBlank($0[0]) })
  else { return 0 }

  // Columns of numbers or of texts, kept alive until both reads are done.
  var numbers: [[Double]] = [], offsets: [[Int64]] = [], bytes: [[UInt8]] = [], validity: [[UInt8]] = []
  var isNumeric: [Bool] = []
  for index in 0..<width {
    let fields = rows.map { $0[index] }
    let values = fields.map { $0 == "~" ? 0 : Double($0) }
    let numeric = values.allSatisfy { $0 != nil }
    isNumeric.append(numeric)
    numbers.append(numeric ? values.map { $0! } : [])
    var columnOffsets: [Int64] = [0], columnBytes: [UInt8] = []
    for field in fields {
      if !numeric && field != "~" { columnBytes += Array(field.utf8) }
      columnOffsets.append(Int64(columnBytes.count))
    }
    offsets.append(columnOffsets)
    bytes.append(columnBytes + [0])
    var bitmap = [UInt8](repeating: 0, count: rows.count / 8 + 1)
    for (row, field) in fields.enumerated() where field != "~" { bitmap[row / 8] |= 1 << UInt8(row % 8) }
    validity.append(bitmap)
  }
  // The CSV the table would be written as.
  var csv = names.joined(separator: ",") + "\n"
  for (rowIndex, row) in rows.enumerated() {
    csv += (0..<width).map { index -> String in
      if row[index] == "~" { return "" }
      if isNumeric[index] {
        let value = numbers[index][rowIndex]
        return value.isNaN ? "nan" : value.description
      }
      return row[index]
    }.joined(separator: ",") + "\n"
  }
  guard let file = fopen(path, "wb") else { return 0 }
  _ = csv.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
  fclose(file)

  var fromCSV: [String] = []
  var csvError: String? = nil
  do {
    var reader = try RangingCSVReader(path: path, chunkBytes: 4096, maxLineBytes: 1 << 20)
    while let record = try reader.next() { fromCSV.append(describe(record)) }
  } catch {
    csvError = "\(error.kind)"
  }
  var fromTable: [String] = []
  var tableError: String? = nil
  // The columns' buffers, allocated for the read and freed after it.
  var owned: [UnsafeMutableRawPointer] = []
  defer { owned.forEach { $0.deallocate() } }
  func buffer<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
    pointer.initialize(from: values, count: values.count)
    owned.append(UnsafeMutableRawPointer(pointer))
    return UnsafeBufferPointer(start: pointer, count: values.count)
  }
  let columns: [TableColumn] = (0..<width).map { index in
    let values: TableColumn.Values = isNumeric[index]
      ? .numbers(buffer(numbers[index]))
      : .texts(offsets: buffer(offsets[index]), bytes: buffer(bytes[index]).baseAddress)
    return TableColumn(name: names[index], values: values, validity: buffer(validity[index]).baseAddress)
  }
  do {
    var reader = try RangingTableReader(path: path, columns: columns, rowCount: rows.count)
    var row = RowView()
    while reader.nextRow(&row) {
      fromTable.append(describe(row.record(name: UTF8Text.decode(row.object))))
    }
  } catch {
    tableError = "\(error.kind)"
  }
  require((csvError == nil) == (tableError == nil), "errors: file \(String(describing: csvError)), table \(String(describing: tableError))")
  if csvError == nil { require(fromCSV == fromTable, "records differ:\n\(fromCSV)\n\(fromTable)") }
  return 0
}
