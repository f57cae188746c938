// SPDX-License-Identifier: Apache-2.0
/// Text from a file's bytes that keeps distinct bytes distinct.
///
/// `String(decoding:as:)` repairs every invalid UTF-8 sequence with U+FFFD,
/// so the object names `\xff` and `\xfe` both became "\u{FFFD}" and were
/// merged into one object (issue 13). ``decode(_:)`` keeps valid text as it
/// is and writes each byte of an invalid sequence as the four characters
/// `\xNN` (lower-case hex), the way Python's `backslashreplace` does: two
/// different invalid names stay different, and stay readable in output.
///
/// The one collision left is with a name that spells the escape in ASCII
/// (`\xff`, four characters) next to the raw byte 0xFF in the same file.
package enum UTF8Text {
  /// `bytes` as text, invalid UTF-8 bytes written as `\xNN`.
  ///
  /// - Complexity: O(bytes.count); allocates only the String, and for valid
  ///   text no more than `String(decoding:as:)` does.
  package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    if let valid = String(validating: bytes, as: UTF8.self) { return valid }
    var text = ""
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = bytes.startIndex
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset = bytes.index(offset, offsetBy: encoded.count)
      case .error(let length):
        for byte in bytes[offset...].prefix(length) {
          let hex = String(byte, radix: 16)
          text += (hex.count == 1 ? "\\x0" : "\\x") + hex
        }
        offset = bytes.index(offset, offsetBy: length)
      case .emptyInput:
        return text
      }
    }
  }
}
