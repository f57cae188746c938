// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayCAPI
import _RangingReplayCHeader

/// A table for `ranging_replay_table`, built from Swift values: each column
/// numbers or texts, nil a null. It writes itself as the CSV that
/// ranging_replay.h says the table replays as (the reference of the tests),
/// and lays its columns out as Arrow does for the call.
struct OwnedTable {
  enum Values {
    case numbers([Double?])
    case integers([Int64?])
    case texts([String?])
  }

  var names: [String]
  var columns: [Values]
  var rowCount: Int

  /// The CSV the table would be written as: the names, then each row's
  /// fields, a null empty, a number its shortest text (`nan` for any NaN),
  /// a text as it is.
  var csv: String {
    var text = names.joined(separator: ",") + "\n"
    for row in 0..<rowCount {
      let fields = columns.map { column -> String in
        switch column {
        case .numbers(let values): values[row].map { $0.isNaN ? "nan" : $0.description } ?? ""
        case .integers(let values): values[row].map { String($0) } ?? ""
        case .texts(let values): values[row] ?? ""
        }
      }
      text += fields.joined(separator: ",") + "\n"
    }
    return text
  }

  /// A table of a CSV's data lines (comments and blank lines left out),
  /// every field a text; with `numbers`, each column whose every non-empty
  /// field is a decimal number becomes numbers. The fields are split at
  /// commas, as docs/FORMATS.md §1 has no quoting.
  init(csv: String, numbers: Bool) {
    var lines = csv.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .map(String.init).filter { !$0.hasPrefix("#") && !$0.allSatisfy { $0 == " " || $0 == "\t" } }
    let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let rows = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    names = header
    rowCount = rows.count
    columns = header.indices.map { index in
      let texts = rows.map { $0.count == header.count ? $0[index] : nil }
      // Each field trimmed once, for the test of the column and for its values.
      let trimmed = texts.map { $0.map(Self.trimmed) }
      let isNumeric = trimmed.allSatisfy { text in
        guard let text else { return true }
        return text.isEmpty || (Double(text) != nil && text.utf8.allSatisfy { Self.numberBytes.contains($0) })
      }
      if numbers && isNumeric {
        return .numbers(trimmed.map { text in text.flatMap { $0.isEmpty ? nil : Double($0) } })
      }
      return .texts(texts.map { $0?.isEmpty ?? true ? nil : $0 })
    }
  }

  /// The bytes of a decimal number's text; each is a character of its own, so a text of only these
  /// bytes is a text of only these characters.
  private static let numberBytes = Set("0123456789+-.eE".utf8)

  /// `field` without the white space at its ends (`CharacterSet.whitespaces`). A field that begins and
  /// ends with an ASCII byte other than a space or a tab has none there, and is most fields of a
  /// recording: it is returned as it is, without Foundation's trim, which was most of the time of
  /// building the table of a long recording.
  private static func trimmed(_ field: String) -> String {
    let isEdge = { (byte: UInt8?) in byte.map { $0 < 0x80 && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? false }
    if isEdge(field.utf8.first) && isEdge(field.utf8.last) { return field }
    return field.trimmingCharacters(in: .whitespaces)
  }

  init(names: [String], columns: [Values], rowCount: Int) {
    self.names = names
    self.columns = columns
    self.rowCount = rowCount
  }

  /// `ranging_replay_table` of this table, named `name`.
  func replay(name: String, _ options: [String]) -> ReplayFromC {
    var owned: [UnsafeMutableRawPointer] = []
    defer { owned.forEach { $0.deallocate() } }
    func buffer<T>(_ values: [T]) -> UnsafePointer<T> {
      let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
      pointer.initialize(from: values, count: values.count)
      owned.append(UnsafeMutableRawPointer(pointer))
      return UnsafePointer(pointer)
    }
    let cNames = names.map { strdup($0)! }
    defer { cNames.forEach { free($0) } }
    var described: [ranging_replay_column_t] = []
    for (index, column) in columns.enumerated() {
      var cColumn = ranging_replay_column_t()
      cColumn.name = UnsafePointer(cNames[index])
      let valid: [Bool]
      switch column {
      case .numbers(let values):
        cColumn.numbers = buffer(values.map { $0 ?? 0 })
        valid = values.map { $0 != nil }
      case .integers(let values):
        cColumn.integers = buffer(values.map { $0 ?? 0 })
        valid = values.map { $0 != nil }
      case .texts(let values):
        var offsets: [Int64] = [0]
        var bytes: [UInt8] = []
        for value in values {
          bytes += Array((value ?? "").utf8)
          offsets.append(Int64(bytes.count))
        }
        cColumn.offsets = buffer(offsets)
        cColumn.bytes = UnsafeRawPointer(buffer(bytes)).assumingMemoryBound(to: CChar.self)
        valid = values.map { $0 != nil }
      }
      if valid.contains(false) {
        // Arrow's bitmap, starting 3 bits into its first byte, as a slice's does.
        let offset = 3
        var bitmap = [UInt8](repeating: 0, count: (valid.count + offset) / 8 + 1)
        for (row, isValid) in valid.enumerated() where isValid {
          bitmap[(row + offset) / 8] |= 1 << UInt8((row + offset) % 8)
        }
        cColumn.validity = buffer(bitmap)
        cColumn.validity_offset = Int64(offset)
      }
      described.append(cColumn)
    }
    return described.withUnsafeBufferPointer { columns in
      ReplayFromC(options) { options, count, result in
        rangingReplayTable(name, columns.baseAddress, columns.count, rowCount, options, count, result)
      }
    }
  }
}
