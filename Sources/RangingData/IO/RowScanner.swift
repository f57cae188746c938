import RangingEngine

/// The fast path of ``RowParser``: reads a data line's bytes in place and
/// returns the record only when it is certain ``RowParser`` would return the
/// same one; otherwise it answers nil and the caller runs ``RowParser`` on
/// the line's text. Rejected rows therefore always come from ``RowParser``,
/// with its exact messages.
///
/// What it accepts: ASCII lines with the header's field count, `t` and
/// `object` present, every numeric field empty or plain decimal text that
/// ``parseDecimal(_:_:_:)`` converts exactly, known `vertical` and `event`
/// names, all or none of `dir_*`, and values that pass ``SampleValidation``.
/// That is every row a recorder or the scenario generator writes.
///
/// It allocates nothing: fields are byte ranges of the line, numbers go into
/// fixed storage, and the object is handed back as bytes for interning
/// (``ObjectNames/id(forBytes:)``).
struct RowScanner {
  /// What each field holds, by field index: one of the `Field` codes.
  private let fieldKinds: [UInt8]
  /// Known column of each field (`KnownColumn.rawValue`), or -1 for an unknown one.
  private let columnOfField: [Int8]
  private let fieldCount: Int
  private let validation = SampleValidation()
  /// 10⁰ ... 10²², every one exact in a Double.
  private let powersOfTen: [Double]

  /// Field kinds in ``fieldKinds``.
  private enum Field {
    static let unknown: UInt8 = 0, number: UInt8 = 1, object: UInt8 = 2, vertical: UInt8 = 3, event: UInt8 = 4
  }

  init(layout: ColumnLayout) {
    var columns = [Int8](repeating: -1, count: layout.fieldCount)
    var kinds = [UInt8](repeating: Field.unknown, count: layout.fieldCount)
    for (column, index) in layout.present {
      columns[index] = Int8(column.rawValue)
      kinds[index] = switch column {
      case .object: Field.object
      case .vertical: Field.vertical
      case .event: Field.event
      default: Field.number
      }
    }
    columnOfField = columns
    fieldKinds = kinds
    fieldCount = layout.fieldCount
    var powers: [Double] = [1]
    for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
    powersOfTen = powers
  }

  /// A row the fast path understood. The object is `line[objectStart..<objectEnd]`.
  struct Row {
    enum Kind {
      case measurement(RangingUpdate, GroundTruth)
      case lifecycle(LifecycleEvent)
    }
    var kind: Kind
    var seconds: Double
    var objectStart: Int
    var objectEnd: Int
  }

  /// The record ``RowParser`` would make of `line`, or nil when only ``RowParser`` can tell.
  ///
  /// One pass over the bytes: numeric fields are converted as they are
  /// crossed, other fields are skipped to their comma.
  ///
  /// - Parameter line: a data line (not a comment or blank line), without its terminator.
  /// - Complexity: O(line length). Does not allocate.
  func scan(_ line: UnsafeBufferPointer<UInt8>) -> Row? {
    guard let p = line.baseAddress else { return nil }
    let comma = UInt8(ascii: ",")
    let end = line.count
    var numbers = InlineArray<13, Double>(repeating: 0)
    // Bit c is set when known column c's field is non-empty.
    var given: UInt16 = 0
    var objectStart = 0, objectEnd = 0
    var vertical: VerticalEstimate? = nil
    var event: LifecycleEvent? = nil
    var field = 0
    var i = 0
    while true {
      guard field < fieldCount else { return nil }
      while i < end, Self.isBlank(p[i]) { i += 1 }
      let kind = fieldKinds[field]
      if kind == Field.number {
        if i < end, p[i] != comma {
          guard let (value, next) = parseNumber(p, i, end) else { return nil }
          i = next
          while i < end, Self.isBlank(p[i]) { i += 1 }
          guard i == end || p[i] == comma else { return nil }
          let column = Int(columnOfField[field])
          numbers[column] = value
          given |= 1 << column
        }
      } else {
        // Text: up to the comma, trimmed; non-ASCII goes to RowParser, which repairs invalid UTF-8.
        let start = i
        while i < end, p[i] != comma {
          if p[i] >= 0x80 { return nil }
          i += 1
        }
        var last = i
        while last > start, Self.isBlank(p[last - 1]) { last -= 1 }
        if last > start, kind != Field.unknown {
          given |= 1 << Int(columnOfField[field])
          switch kind {
          case Field.object:
            objectStart = start
            objectEnd = last
          case Field.vertical:
            guard let known = Self.vertical(p, start, last) else { return nil }
            vertical = known
          default:
            guard let known = Self.event(p, start, last) else { return nil }
            event = known
          }
        }
      }
      field += 1
      if i >= end { break }
      i += 1
    }
    guard field == fieldCount else { return nil }
    let found = given, values = numbers  // constants, so the helper captures no variable
    @inline(__always) func number(_ column: KnownColumn) -> Double? {
      found & (1 << column.rawValue) != 0 ? values[column.rawValue] : nil
    }
    guard given & (1 << KnownColumn.object.rawValue) != 0, let seconds = number(.t),
      abs(seconds) < RowParser.maximumSeconds
    else { return nil }
    if let event {
      guard given & Self.measurementMask == 0 else { return nil }
      return Row(kind: .lifecycle(event), seconds: seconds, objectStart: objectStart, objectEnd: objectEnd)
    }
    let direction: Direction?
    switch given & Self.directionMask {
    case Self.directionMask:
      direction = Direction(
        x: numbers[KnownColumn.dirX.rawValue], y: numbers[KnownColumn.dirY.rawValue], z: numbers[KnownColumn.dirZ.rawValue])
    case 0: direction = nil
    default: return nil
    }
    let update = RangingUpdate(
      time: Timestamp(seconds: seconds), distanceMeters: number(.distance), direction: direction,
      horizontalAngleRadians: number(.horizontalAngle), vertical: vertical)
    guard validation.rejection(of: update) == nil else { return nil }
    let truth = GroundTruth(
      distanceMeters: number(.trueDistance), x: number(.trueX), y: number(.trueY), z: number(.trueZ))
    return Row(kind: .measurement(update, truth), seconds: seconds, objectStart: objectStart, objectEnd: objectEnd)
  }

  /// Bits of ``KnownColumn/measurementColumns``, and of the three `dir_*` columns.
  private static var measurementMask: UInt16 {
    1 << KnownColumn.distance.rawValue | directionMask | 1 << KnownColumn.horizontalAngle.rawValue
      | 1 << KnownColumn.vertical.rawValue
  }
  private static var directionMask: UInt16 {
    1 << KnownColumn.dirX.rawValue | 1 << KnownColumn.dirY.rawValue | 1 << KnownColumn.dirZ.rawValue
  }

  /// The number that starts at `p[start]`, and the index after it, when it is
  /// plain decimal text (the grammar of ``NumericField``) whose value this can
  /// compute exactly: at most 19 digits, a mantissa of at most 2⁵³ and a power
  /// of ten within ±22, so that `m · 10ᵉ` or `m / 10⁻ᵉ` is one correctly
  /// rounded operation on exact operands (Clinger, "How to read floating
  /// point numbers accurately", PLDI 1990, the fast path): the Double that
  /// `strtod` gives. Anything else is nil and goes to ``RowParser``. The
  /// caller checks that the field ends where the number does.
  @inline(__always)
  func parseNumber(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (Double, Int)? {
    var i = start
    let negative = p[i] == UInt8(ascii: "-")
    if negative || p[i] == UInt8(ascii: "+") { i += 1 }
    var mantissa: UInt64 = 0
    // The integer part is short (metres, seconds): one byte at a time.
    let integerStart = i
    while i < end {
      let digit = p[i] &- UInt8(ascii: "0")
      if digit >= 10 { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      i += 1
    }
    var digits = i - integerStart
    var exponent = 0
    if i < end, p[i] == UInt8(ascii: ".") {
      i += 1
      let fractionDigits = Self.readDigits(p, &i, end, &mantissa)
      exponent = -fractionDigits
      digits += fractionDigits
    }
    // More than 19 digits may have overflowed the mantissa: RowParser decides.
    guard digits > 0, digits <= 19 else { return nil }
    if i < end, p[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      var exponentNegative = false
      if i < end, p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
        exponentNegative = p[i] == UInt8(ascii: "-")
        i += 1
      }
      let exponentStart = i
      var written = 0
      while i < end {
        let digit = p[i] &- UInt8(ascii: "0")
        if digit >= 10 { break }
        written = written &* 10 &+ Int(digit)
        i += 1
      }
      guard i > exponentStart, i - exponentStart <= 4 else { return nil }
      exponent += exponentNegative ? -written : written
    }
    guard mantissa <= 1 << 53 else { return nil }
    var value = Double(Int64(bitPattern: mantissa))
    if mantissa != 0 {
      if exponent >= 0 {
        guard exponent <= 22 else { return nil }
        value *= powersOfTen[exponent]
      } else {
        guard exponent >= -22 else { return nil }
        value /= powersOfTen[-exponent]
      }
    }
    return (negative ? -value : value, i)
  }

  /// Appends the run of decimal digits at `p[i...]` to `mantissa` (wrapping
  /// past 19 digits, which the caller refuses), advances `i` past it and
  /// returns its length. Eight bytes at a time while the line has them:
  /// the first non-digit is found and the digits before it converted with
  /// SWAR arithmetic (Lemire, "Faster integer parsing", 2018; simdjson's
  /// `parse_eight_digits_unrolled`), then one byte at a time.
  @inline(__always)
  private static func readDigits(
    _ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, _ mantissa: inout UInt64
  ) -> Int {
    let start = i
    while i + 8 <= end {
      // Bytes minus "0": a digit byte is then 0...9. Borrows only reach the
      // bytes after the first non-digit, which are not used.
      let t = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian &- 0x3030_3030_3030_3030
      let nonDigits = ((t &+ 0x7676_7676_7676_7676) | t) & 0x8080_8080_8080_8080
      let count = nonDigits == 0 ? 8 : nonDigits.trailingZeroBitCount >> 3
      if count > 0 {
        // The `count` digits, first one most significant, padded with leading zeros to eight.
        var v = count == 8 ? t : t << UInt64(64 - 8 * count)
        v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        mantissa = mantissa &* powerOfTen(count) &+ v
        i += count
      }
      if count < 8 { return i - start }
    }
    while i < end {
      let digit = p[i] &- UInt8(ascii: "0")
      if digit >= 10 { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      i += 1
    }
    return i - start
  }

  /// 10ⁿ for n in 1...8.
  @inline(__always)
  private static func powerOfTen(_ n: Int) -> UInt64 {
    switch n {
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    default: 100_000_000
    }
  }

  @inline(__always)
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  /// Whether `line[start..<end]` spells `word`.
  @inline(__always)
  private static func spells(_ line: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
    guard end - start == word.utf8CodeUnitCount else { return false }
    let letters = word.utf8Start
    for i in 0..<(end - start) where line[start + i] != letters[i] { return false }
    return true
  }

  /// The `vertical` spellings of FORMATS.md §1, as ``RowParser/verticalEstimate(named:)``.
  private static func vertical(_ line: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> VerticalEstimate? {
    if spells(line, start, end, "same") { return .same }
    if spells(line, start, end, "above") { return .above }
    if spells(line, start, end, "below") { return .below }
    if spells(line, start, end, "aboveOrBelow") { return .aboveOrBelow }
    if spells(line, start, end, "unknown") { return .unknown }
    return nil
  }

  /// The `event` spellings of FORMATS.md §1, as ``RowParser/lifecycleEvent(named:)``.
  private static func event(_ line: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> LifecycleEvent? {
    if spells(line, start, end, "removed_timeout") { return .removedTimeout }
    if spells(line, start, end, "removed_peer_ended") { return .removedPeerEnded }
    if spells(line, start, end, "suspended") { return .suspended }
    if spells(line, start, end, "suspension_ended") { return .suspensionEnded }
    if spells(line, start, end, "invalidated") { return .invalidated }
    return nil
  }
}
