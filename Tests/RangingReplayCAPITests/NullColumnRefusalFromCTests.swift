// SPDX-License-Identifier: Apache-2.0
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// `ranging_null_column_refusal` (ranging_replay.h): the words both Spark
/// routes refuse a row without its position or recording in, each with its
/// own keyword (docs/JVM.md quotes them; the routes' tests
/// expect them of whole replays).
@Suite("ranging_null_column_refusal: the refusal of a null position or recording, stated once")
struct NullColumnRefusalFromCTests {
  /// The refusal's status and words; `shown` as pairs of a name and a value (nil: none).
  private static func refusal(
    _ keyword: String, _ column: String, wholeNumber: Bool, count: Int64, shown: [(String, String?)]
  ) -> (status: Int32, words: String?) {
    let texts: [UnsafeMutablePointer<CChar>?] = shown.flatMap { [strdup($0.0), $0.1.flatMap { strdup($0) }] }
    defer { texts.forEach { free($0) } }
    var text = ranging_replay_text_t()
    let status = texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
      ranging_null_column_refusal(keyword, column, wholeNumber ? 1 : 0, count, pointers.baseAddress, shown.count, &text)
    }
    defer { ranging_replay_text_free(&text) }
    guard status == 0, let bytes = text.bytes else { return (status, nil) }
    return (status, String(decoding: UnsafeRawBufferPointer(start: bytes, count: text.length), as: UTF8.self))
  }

  @Test("A recording's column: no value, one row named by its values, a missing one as None")
  func recording() {
    #expect(Self.refusal("recording", "rec", wholeNumber: false, count: 1, shown: [("line", "3"), ("object", "a"), ("t", "0.1")])
      == (0, "recording: column 'rec' has no value on 1 row (such as line '3', object 'a', t '0.1')"))
    #expect(Self.refusal("recording", "rec", wholeNumber: false, count: 1, shown: [("object", nil), ("t", "0.1")])
      == (0, "recording: column 'rec' has no value on 1 row (such as object None, t '0.1')"))
  }

  @Test("The position's column: no whole number; several rows; a task's own count, no row named")
  func position() {
    #expect(Self.refusal("order_by", "line", wholeNumber: true, count: 1, shown: [("object", "a"), ("t", "0.1")])
      == (0, "order_by: column 'line' has no whole number on 1 row (such as object 'a', t '0.1')"))
    #expect(Self.refusal("orderBy", "line", wholeNumber: true, count: 2, shown: [])
      == (0, "orderBy: column 'line' has no whole number on 2 rows"))
  }

  @Test("No rows, a NULL name or keyword, or no text to write in are refused (64)")
  func refused() {
    #expect(Self.refusal("recording", "rec", wholeNumber: false, count: 0, shown: []).status == 64)
    #expect(ranging_null_column_refusal(nil, "rec", 0, 1, nil, 0, nil) == 64)
    var text = ranging_replay_text_t()
    #expect(ranging_null_column_refusal(nil, "rec", 0, 1, nil, 0, &text) == 64)
    #expect(ranging_null_column_refusal("recording", nil, 0, 1, nil, 0, &text) == 64)
    #expect(ranging_null_column_refusal("recording", "rec", 0, 1, nil, 1, &text) == 64)
    let pair: [UnsafePointer<CChar>?] = [nil, nil]
    #expect(pair.withUnsafeBufferPointer { ranging_null_column_refusal("recording", "rec", 0, 1, $0.baseAddress, 1, &text) } == 64)
    #expect(text.bytes == nil)
  }
}
