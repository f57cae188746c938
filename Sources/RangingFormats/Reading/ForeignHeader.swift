// SPDX-License-Identifier: Apache-2.0
import RangingOutputs
/// What to say of a header that lacks `t` or `object`: the names it has, and
/// what would read it, since such a header is most often another tool's log
/// (`timestamp_ms,device,range_cm`), a file split at another character
/// (`t;object;distance`), or a layout a preset reads (docs/FORMATS.md §5).
///
/// `python/rangingengine/_mapping.py` (`foreign_header_hint`) words it the
/// same; change both together.
struct ForeignHeader {
  /// The header's names, trimmed, in file order.
  let names: [Substring]
  /// The mapping the header was read with.
  let mapping: ColumnMapping

  /// Names listed in full; the rest are counted.
  static let namesListed = 8
  /// Unicode scalars of a name shown; a longer one is cut and ends in `...`.
  static let nameLengthShown = 40

  /// `found 'a', 'b': ` and the way to read it, to follow "no 't' column; ".
  var hint: String { "found \(found): \(suggestion)" }

  /// The names, quoted, at most ``namesListed``, each clipped.
  private var found: String {
    let shown = names.prefix(Self.namesListed).map { name -> String in
      let scalars = name.unicodeScalars
      guard scalars.count > Self.nameLengthShown else { return "'\(name)'" }
      return "'\(String(String.UnicodeScalarView(scalars.prefix(Self.nameLengthShown))))...'"
    }
    let more = names.count > Self.namesListed ? ", ... (\(names.count) columns)" : ""
    return shown.joined(separator: ", ") + more
  }

  /// The delimiter, a preset, or `--column` mappings, the first that fits.
  private var suggestion: String {
    for (character, word) in [(";", "';'"), ("\t", "tabs")] where names.contains(where: { $0.contains(character) }) {
      return "rangectl reads fields separated by commas only, and this header has \(word) (save the file with commas)"
    }
    for name in ColumnMapping.presetNames {
      guard let preset = ColumnMapping.preset(named: name), preset != mapping,
        names.contains(where: { $0 == preset.source(of: .t) }), names.contains(where: { $0 == preset.source(of: .object) })
      else { continue }
      return "give --preset \(name), whose layout this is"
    }
    // Words, not text: each is quoted for sh when printed, so that the hint
    // pastes as it is (a name like `Time [ms]` is one word, not two).
    var options: [String] = []
    for column in [KnownColumn.t, .object, .distance] where !names.contains(where: { $0 == mapping.source(of: column) }) {
      let guess = guessedSource(of: column)
      if guess == nil, column == .distance { continue }  // optional: suggested only when a name looks like one
      options += ["--column", "\(column.name)=\(guess ?? "NAME")"]
      guard let guess else { continue }
      if column == .t, mapping.timeUnit == .s, let unit = Self.unitSuffix(of: guess, among: ["ms", "us", "ns"]) {
        options += ["--time-unit", unit]
      }
      if column == .distance, mapping.distanceUnit == .m, let unit = Self.unitSuffix(of: guess, among: ["cm", "mm"]) {
        options += ["--distance-unit", unit]
      }
    }
    options += directionOptions
    return "name the columns to read, e.g. " + ShellQuoted.commandLine(options)
  }

  /// `--column azimuth=...`, `--column elevation=...` and `--angle-unit`
  /// for direction columns under other names: without them such a column
  /// is left unused even when the rest is read (azimuth and elevation are
  /// read only with an angle unit, docs/FORMATS.md §5). The unit is the
  /// name's suffix (`_deg`, `[rad]`), or a placeholder to fill in.
  private var directionOptions: [String] {
    var options: [String] = []
    var found = false
    var unit: String?
    for column in [KnownColumn.azimuth, .elevation] {
      guard let guess = guessedDirection(column) else { continue }
      found = true
      if guess != mapping.source(of: column) { options += ["--column", "\(column.name)=\(guess)"] }
      unit = unit ?? Self.unitSuffix(of: guess, among: ["deg", "rad"])
    }
    if found, mapping.angleUnit == nil { options += ["--angle-unit", unit ?? "deg|rad"] }
    return options
  }

  /// The first name whose words (split at anything but letters and digits)
  /// include `azimuth`/`az` or `elevation`/`el`; a phase difference
  /// (`pdoa`) is not an angle.
  private func guessedDirection(_ column: KnownColumn) -> String? {
    let words: Set<String> = column == .azimuth ? ["azimuth", "az"] : ["elevation", "el", "elev"]
    let guess = names.first { name in
      let parts = name.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
      return !parts.contains("pdoa") && parts.contains { words.contains($0) }
    }
    return guess.map(String.init)
  }

  /// The first name that looks like `column`'s, by words that logs use for it.
  private func guessedSource(of column: KnownColumn) -> String? {
    let guess = names.first { name in
      let lower = name.lowercased()
      switch column {
      case .t: return lower == "ts" || ["time", "ts_", "elapsed"].contains { lower.hasPrefix($0) }
      case .object: return ["object", "device", "tag", "anchor", "peer", "mac", "address"].contains { lower.contains($0) }
      default: return ["range", "dist"].contains { lower.contains($0) }
      }
    }
    return guess.map(String.init)
  }

  /// The unit a name ends in: `_ms`, `[ms]` or `(ms)`.
  private static func unitSuffix(of name: String, among units: [String]) -> String? {
    let lower = name.lowercased()
    return units.first { unit in ["_\(unit)", "[\(unit)]", "(\(unit))"].contains { lower.hasSuffix($0) } }
  }
}
