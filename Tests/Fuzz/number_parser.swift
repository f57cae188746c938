// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: RangingFormats' DecimalFastPath against Double(_:), built
// with AddressSanitizer by scripts/checks/fuzz.
//
// The input up to its first line end or comma is a field's text. The fast
// path must either decline (nil) or give exactly the Double that
// Double(Substring) gives for the text it consumed (bit for bit), and never
// read outside the bytes the scanner guarantees: the text, its terminator
// and 16 more (LineSource.readableBytesAfterLine), here in a heap block of
// exactly that size. skipCommonShape must agree with parse on where the
// number ends, and NumericField must agree with Double(_:) on the field.

@testable import RangingFormats

#if canImport(Glibc)
import Glibc
#endif

private func require(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) {
  if !condition {
    fputs("number_parser.swift:\(line): invariant failed: \(message())\n", stderr)
    abort()
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var length = 0
  while length < size, data[length] != UInt8(ascii: ","), data[length] != 0x0A, data[length] != 0x0D { length += 1 }
  if length > 200 { return 0 }
  // text, ',' then the readable tail: the scanner's guarantee, and no more.
  let tail = LineSource.readableBytesAfterLine
  let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: length + 1 + tail)
  defer { buffer.deallocate() }
  buffer.initialize(from: data, count: length)
  buffer[length] = UInt8(ascii: ",")
  // The tail holds what follows in the input (the next field), or zeros.
  for i in 0..<tail { buffer[length + 1 + i] = length + 1 + i < size ? data[length + 1 + i] : 0 }
  let text = String(decoding: UnsafeBufferPointer(start: buffer, count: length), as: UTF8.self)

  if let (value, end) = DecimalFastPath.parse(buffer, 0) {
    require(end >= 1 && end <= length, "end \(end) outside the text of \(length) bytes")
    let consumed = String(decoding: UnsafeBufferPointer(start: buffer, count: end), as: UTF8.self)
    guard let reference = Double(consumed) else {
      require(false, "fast path read '\(consumed)' as \(value), Double(_:) refuses it")
      return 0
    }
    require(value.bitPattern == reference.bitPattern, "'\(consumed)': fast path \(value), Double(_:) \(reference)")
    if let skipped = DecimalFastPath.skipCommonShape(buffer, 0) {
      require(skipped == end, "skipCommonShape ends at \(skipped), parse at \(end)")
    }
  } else {
    require(DecimalFastPath.skipCommonShape(buffer, 0) == nil, "skipCommonShape accepts what parse declines")
  }
  if let any = DecimalFastPath.parseAnyLength(buffer, 0) {
    let consumed = String(decoding: UnsafeBufferPointer(start: buffer, count: any.end), as: UTF8.self)
    require(Double(consumed)?.bitPattern == any.value.bitPattern, "'\(consumed)': parseAnyLength \(any.value)")
  }
  // The slow path the reader falls back on: a field is a number exactly when Double(_:) says so.
  // Only for a field the grammar admits (NumericField) must Double(_:) agree; it is the slow path.
  switch NumericField(parsing: Substring(text)) {
  case .absent: require(text.isEmpty, "'\(text)' read as absent")
  case .value(let value):
    require(value.isFinite && Double(text)?.bitPattern == value.bitPattern, "'\(text)' read as \(value)")
  case .nonFinite:
    require(Double(text).map { !$0.isFinite } ?? false, "'\(text)' read as non-finite")
  case .malformed: break
  }
  return 0
}
