// SPDX-License-Identifier: Apache-2.0
import _RangingReplayCHeader

/// The thunk of `ranging_record_column_type` (ranging_replay.h): the type of
/// a record column from its one statement, `RecordColumnType`, so that the
/// Spark routes' schemas, in Python and in Java, take it from here.
@c(ranging_record_column_type)
public func rangingRecordColumnType(_ record: UnsafePointer<CChar>?, _ column: UnsafePointer<CChar>?) -> Int32 {
  guard let record, let column, let type = RecordColumnType(record: String(cString: record), column: String(cString: column))
  else { return -1 }
  switch type {
  case .numbers: return Int32(RANGING_RECORD_NUMBERS)
  case .integers: return Int32(RANGING_RECORD_INTEGERS)
  case .texts: return Int32(RANGING_RECORD_TEXTS)
  }
}
