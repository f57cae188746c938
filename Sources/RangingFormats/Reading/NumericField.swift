// SPDX-License-Identifier: Apache-2.0
/// A numeric CSV field, classified.
///
/// Only plain decimal text is a number:
/// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, for example
/// `1`, `-0.25`, `.5`, `1.`, `6.02e23`. Hexadecimal (`0x1p3`), digit
/// separators, inner spaces and trailing text (`1.5m`) are malformed. The
/// spellings `nan`, `inf` and `infinity` (any case, optional sign) are
/// non-finite, as is decimal text too large for a `Double` (`1e400`).
/// A value too small for a `Double` (`1e-400`) reads as 0.
enum NumericField: Equatable {
  /// The field is empty.
  case absent
  /// A finite number.
  case value(Double)
  /// Not decimal text.
  case malformed
  /// NaN or infinite.
  case nonFinite

  /// Classifies one trimmed field.
  ///
  /// - Parameter text: the field, already trimmed by ``CSVFields/trimmed(_:)``.
  init(parsing text: Substring) {
    if text.isEmpty {
      self = .absent
    } else if NumericField.isNonFiniteSpelling(text.utf8) {
      self = .nonFinite
    } else if NumericField.isDecimal(text.utf8), let number = Double(text) {
      // Double(_:) uses strtod; the grammar check above already excluded
      // everything strtod accepts beyond plain decimals.
      self = number.isFinite ? .value(number) : .nonFinite
    } else {
      self = .malformed
    }
  }

  /// The number, or nil unless this is ``value(_:)``.
  var number: Double? {
    if case .value(let number) = self { return number }
    return nil
  }

  /// True when `text` matches the decimal grammar in the type's documentation.
  static func isDecimal(_ text: Substring.UTF8View) -> Bool {
    var index = text.startIndex
    func skipSign() {
      if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        text.formIndex(after: &index)
      }
    }
    func countDigits() -> Int {
      var count = 0
      while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
        text.formIndex(after: &index)
        count += 1
      }
      return count
    }
    skipSign()
    var mantissaDigits = countDigits()
    if index < text.endIndex, text[index] == UInt8(ascii: ".") {
      text.formIndex(after: &index)
      mantissaDigits += countDigits()
    }
    guard mantissaDigits > 0 else { return false }
    if index < text.endIndex, text[index] | 0x20 == UInt8(ascii: "e") {
      text.formIndex(after: &index)
      skipSign()
      guard countDigits() > 0 else { return false }
    }
    return index == text.endIndex
  }

  /// True for `nan`, `inf` or `infinity` in any case, with an optional sign.
  static func isNonFiniteSpelling(_ text: Substring.UTF8View) -> Bool {
    var body = text[...]
    if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      body = body.dropFirst()
    }
    // Most fields start with a digit: leave before building anything.
    guard let letter = body.first.map({ $0 | 0x20 }),
      letter == UInt8(ascii: "n") || letter == UInt8(ascii: "i")
    else { return false }
    // ASCII letters only: OR-ing 0x20 lowercases them and leaves other bytes unequal.
    let lowered = body.map { $0 | 0x20 }
    return lowered.elementsEqual("nan".utf8) || lowered.elementsEqual("inf".utf8)
      || lowered.elementsEqual("infinity".utf8)
  }
}
