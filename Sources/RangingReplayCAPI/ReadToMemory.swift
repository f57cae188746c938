// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEngineCAPI
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingReplayOptions
import RangingReplayThreads
import _RangingReplayCHeader

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// One read of a file into memory (`ranging_read_file`), as `rangectl
/// replay` reads it before replaying: the input options through the
/// command line's declarations, ``RangingCSVReader`` with its rejection
/// rules, every accepted row as a record in metres, seconds and radians
/// (or, with `--arrays`, split into ``ReadArrays``), and every rejected row
/// through ``RejectedRowsWriter``.
struct ReadToMemory {
  let path: String
  let arguments: [String]

  /// What the read gave; every buffer is owned by the caller (`free`).
  struct Outcome {
    var status: Int32 = 0
    var messages = ""
    var rows: (bytes: UnsafeMutablePointer<CChar>?, length: Int) = (nil, 0)
    var rowCount = 0
    var objectNames = ""
    var objectNameCount = 0
    var rejected: (bytes: UnsafeMutablePointer<CChar>?, length: Int) = (nil, 0)
    var columns = ""
    var unusedColumns = ""
    var unusedFields = ""
    var arrays = ranging_read_arrays_t()
    var rowsRead = 0
    var rowsRejected = 0
  }

  func run() -> Outcome {
    var outcome = Outcome()
    let mapping: ColumnMapping
    let keepsUnusedFields: Bool
    let asArrays: Bool
    switch OptionsFromC.parse(arguments, as: ReadFileOptions.self) {
    case .success(let options):
      keepsUnusedFields = options.unusedFields
      asArrays = options.arrays
      // Built again after parse(_:) checked it (InputOptions.validate()):
      // it cannot fail now, and were it to, it is told as parse(_:) tells it, never a trap.
      do {
        mapping = try options.input.mapping()
      } catch {
        outcome.status = 64
        outcome.messages = "Error: \(ReadFileOptions.message(for: error))\n"
        return outcome
      }
    case .failure(let refusal):
      outcome.status = 64
      outcome.messages = refusal.message
      return outcome
    }
    var reader: RangingCSVReader
    do {
      reader = try RangingCSVReader(path: path, mapping: mapping)
    } catch {
      outcome.report(.readFailed(error))
      return outcome
    }
    guard let rejectedOutput = MemoryOutput(name: "rejected rows") else {
      outcome.report(.cannotWrite("the outputs in memory"))
      return outcome
    }
    reader.keepsUnusedFields = keepsUnusedFields && !reader.unusedColumns.isEmpty
    let rejected = RejectedRowsWriter(output: rejectedOutput.file)
    // Each returned row's fields of the columns nothing reads, each followed by a newline (a field holds none).
    func keepUnusedFields() {
      guard reader.keepsUnusedFields else { return }
      for field in reader.unusedFields { outcome.unusedFields += field + "\n" }
    }
    let records = RecordBuffer<ranging_read_row_t>()
    let arrays = asArrays ? ReadArrays(reads: { reader.headerColumn(for: $0) != nil }) : nil
    var rowCount = 0
    // Each row as a record, or split into the arrays.
    func keep(_ row: ranging_read_row_t) {
      // Optional chaining, not `if let`: binding the reference cost a retain and a release per row.
      if asArrays { arrays?.append(row) } else { records.append(row) }
      rowCount += 1
    }
    // Names by their bytes, as the replay interns them; a name's index is its entry (none is forgotten).
    var names = ObjectNames()
    func index(of id: UInt64) -> Int64 {
      if names.count > outcome.objectNameCount {
        outcome.objectNameCount = names.count
        outcome.objectNames += names.name(of: id) + "\n"
      }
      return Int64(truncatingIfNeeded: id & 0xFFFF_FFFF)
    }
    var row = RowView()
    do {
      // Every row as the reader's one shape; a name is interned from its bytes, as the replay interns it.
      while try reader.nextRow(&row) {
        outcome.rowsRead += 1
        switch ReadRow(row, object: { index(of: names.id(forLineBytes: row.object)) }) {
        case .rejected(let rejection):
          outcome.rowsRejected += 1
          rejected.write(rejection)
        case .accepted(let read):
          keep(read)
          keepUnusedFields()
        }
      }
    } catch {
      // The rows before the failure are kept, as a replay keeps them.
      outcome.report(.readFailed(error))
    }
    do {
      outcome.rejected = try rejectedOutput.take()
    } catch {
      outcome.report(.cannotWrite("\(error)"))
    }
    if records.failed || arrays?.failed == true {
      // Some rows were lost: none is handed out, so that no caller reads past what the buffers hold.
      outcome.status = 74
      outcome.messages = "\(ReplayOutcome.prefix)cannot hold the rows in memory\n"
      free(records.take().bytes)
      if let arrays { ReadArrays.release(arrays.take()) }
    } else {
      outcome.rowCount = rowCount
      outcome.rows = records.take()
      if let arrays { outcome.arrays = arrays.take() }
    }
    for canonical in ColumnMapping.canonicalNames {
      if let (name, column) = reader.headerColumn(for: canonical) {
        outcome.columns += "\(canonical)\t\(name)\t\(column)\n"
      }
    }
    outcome.unusedColumns = reader.unusedColumns.map { $0 + "\n" }.joined()
    return outcome
  }
}
