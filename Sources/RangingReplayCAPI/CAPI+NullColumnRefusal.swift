// SPDX-License-Identifier: Apache-2.0
import _RangingReplayCHeader

/// The thunk of `ranging_null_column_refusal` (ranging_replay.h): the words
/// of `NullColumnRefusal`, in a text the caller frees, so that neither
/// Spark route restates them (nor reads the other's back).
@c(ranging_null_column_refusal)
public func rangingNullColumnRefusal(
  _ keyword: UnsafePointer<CChar>?, _ column: UnsafePointer<CChar>?, _ wholeNumber: Int32, _ count: Int64,
  _ shown: UnsafePointer<UnsafePointer<CChar>?>?, _ shownCount: Int, _ text: UnsafeMutablePointer<ranging_replay_text_t>?
) -> Int32 {
  guard let text else { return 64 }
  text.pointee = ranging_replay_text_t()
  guard let keyword, let column, count >= 1, shownCount >= 0, shownCount < Int.max / 2, shownCount == 0 || shown != nil
  else { return 64 }
  var pairs: [(column: String, value: String?)] = []
  for index in 0..<shownCount {
    guard let name = shown?[2 * index] else { return 64 }
    pairs.append((String(cString: name), shown?[2 * index + 1].map { String(cString: $0) }))
  }
  let refusal = NullColumnRefusal(
    keyword: String(cString: keyword), column: String(cString: column), wholeNumber: wholeNumber != 0, count: count,
    shown: pairs)
  text.pointee = RangingReplayCAPI.text(copying: refusal.message)
  return text.pointee.bytes == nil ? 74 : 0
}
