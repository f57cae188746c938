// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Measured-minus-true distances of real recordings, by source and track: the
/// material ``BootstrapNoiseModel`` draws generated range errors from.
///
/// The library of the real recordings with truth is not shipped (they are
/// third-party data, read from `../shared/datasets`):
/// `scripts/generators/residual-library` builds it, by default into
/// `.build/residuals.csv`, where `rangectl generate --noise bootstrap` looks
/// without `--residuals` (`datasets/README.md`, "Real noise"). Its format:
///
/// - `#` lines anywhere (comments), then the header
///   `source,track,t,true_distance,residual`, then one row per recording row;
/// - `source`: the recording's origin (`hanyang`, `lias`, `arexp`), `track`:
///   one device pair of one recording; a track's rows are contiguous;
/// - `t`: seconds since the track's start, finite, ≥ 0, non-decreasing
///   within the track;
/// - `true_distance` (0...1e6 m) and `residual = distance - true_distance`
///   (|r| ≤ 1e6 m): both numbers, or both empty for a gap (a recording row
///   with no distance or no truth), which the bootstrap turns into a missing
///   measurement. Every track needs at least one row with a residual.
///
/// Anything else is refused with a ``ResidualLibraryError`` naming the file,
/// the line and the field.
public struct ResidualLibrary: Equatable, Sendable {
  /// The header line the file must carry.
  public static let header = "source,track,t,true_distance,residual"

  /// The path the library was read from (or a name given by the caller).
  public var path: String
  /// The tracks, in file order.
  public var tracks: [ResidualTrack]

  /// The sources, in the order of their first track.
  public var sources: [String] {
    var seen: [String] = []
    for track in tracks where !seen.contains(track.source) { seen.append(track.source) }
    return seen
  }

  /// Number of rows, gaps included.
  public var rowCount: Int { tracks.reduce(0) { $0 + $1.seconds.count } }

  /// Reads a library file.
  ///
  /// - Throws: ``ResidualLibraryError`` when the file cannot be read or any
  ///   line breaks the format above.
  public init(contentsOfFile path: String) throws(ResidualLibraryError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ResidualLibraryError(path: path, reason: "cannot read the file (missing or unreadable)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ResidualLibraryError(path: path, reason: "not UTF-8 text")
    }
    try self.init(text: text, path: path)
  }

  /// Parses a library from its text; `path` names it in errors.
  public init(text: String, path: String) throws(ResidualLibraryError) {
    self.path = path
    var tracks: [ResidualTrack] = []
    var sawHeader = false
    var lineNumber = 0
    var lastRowLine = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
      if line.hasPrefix("#") || line.allSatisfy({ $0 == " " }) { continue }
      guard sawHeader else {
        guard line == ResidualLibrary.header else {
          throw ResidualLibraryError(
            path: path, line: lineNumber, reason: "expected the header '\(ResidualLibrary.header)', found '\(line.prefix(80))'")
        }
        sawHeader = true
        continue
      }
      let row = try ResidualLibrary.row(line, path: path, line: lineNumber)
      defer { lastRowLine = lineNumber }
      if let last = tracks.last, last.source == row.source && last.name == row.track {
        guard row.seconds >= last.seconds[last.seconds.count - 1] else {
          throw ResidualLibraryError(
            path: path, line: lineNumber, field: "t", reason: "time goes back within track '\(row.track)'")
        }
        tracks[tracks.count - 1].append(row)
      } else {
        if let last = tracks.last { try ResidualLibrary.check(last, path: path, line: lastRowLine) }
        guard !tracks.contains(where: { $0.source == row.source && $0.name == row.track }) else {
          throw ResidualLibraryError(
            path: path, line: lineNumber, field: "track",
            reason: "track '\(row.track)' of source '\(row.source)' appears again after other tracks (a track's rows must be contiguous)")
        }
        tracks.append(ResidualTrack(source: row.source, name: row.track, first: row))
      }
    }
    guard sawHeader else { throw ResidualLibraryError(path: path, reason: "no header line '\(ResidualLibrary.header)'") }
    guard let last = tracks.last else { throw ResidualLibraryError(path: path, reason: "no data rows") }
    try ResidualLibrary.check(last, path: path, line: lastRowLine)
    self.tracks = tracks
  }

  /// The same library with only the tracks of `sources`.
  ///
  /// - Throws: ``ResidualLibraryError`` naming a source the library does not
  ///   hold, or when `sources` is empty.
  public func restricted(to sources: [String]) throws(ResidualLibraryError) -> ResidualLibrary {
    let available = self.sources
    guard !sources.isEmpty else {
      throw ResidualLibraryError(path: path, reason: "no residual source chosen; the library holds \(available.joined(separator: ", "))")
    }
    for source in sources where !available.contains(source) {
      throw ResidualLibraryError(
        path: path, reason: "no track of source '\(source)'; the library holds \(available.joined(separator: ", "))")
    }
    var library = self
    library.tracks = tracks.filter { sources.contains($0.source) }
    return library
  }

  // MARK: - Parsing

  /// One parsed data line.
  struct Row {
    var source: String
    var track: String
    var seconds: Double
    var trueDistanceMeters: Double?
    var residualMeters: Double?
  }

  /// Largest |value| accepted for a distance or a residual, metres (the
  /// ranging CSV's truth limit, docs/FORMATS.md §1).
  static let limitMeters = 1e6

  private static func row(_ line: Substring, path: String, line lineNumber: Int) throws(ResidualLibraryError) -> Row {
    let fields = line.split(separator: ",", omittingEmptySubsequences: false)
    guard fields.count == 5 else {
      throw ResidualLibraryError(path: path, line: lineNumber, reason: "expected 5 fields (\(header)), found \(fields.count)")
    }
    func fail(_ field: String, _ reason: String) -> ResidualLibraryError {
      ResidualLibraryError(path: path, line: lineNumber, field: field, reason: reason)
    }
    func number(_ index: Int, _ field: String) throws(ResidualLibraryError) -> Double {
      guard let value = Double(fields[index]), value.isFinite else {
        throw fail(field, "expected a finite number, found '\(fields[index].prefix(40))'")
      }
      return value
    }
    guard !fields[0].isEmpty, !fields[0].contains(" ") else { throw fail("source", "expected a name without spaces, found '\(fields[0])'") }
    guard !fields[1].isEmpty else { throw fail("track", "expected a track name, found nothing") }
    let seconds = try number(2, "t")
    guard seconds >= 0 && seconds <= limitMeters else { throw fail("t", "expected 0 to 1e6 s, found \(fields[2])") }
    if fields[3].isEmpty != fields[4].isEmpty {
      let empty = fields[3].isEmpty ? "true_distance" : "residual"
      throw fail(empty, "empty while the other of true_distance and residual is not (a gap leaves both empty)")
    }
    guard !fields[3].isEmpty else {
      return Row(source: String(fields[0]), track: String(fields[1]), seconds: seconds)
    }
    let truth = try number(3, "true_distance")
    guard truth >= 0 && truth <= limitMeters else { throw fail("true_distance", "expected 0 to 1e6 m, found \(fields[3])") }
    let residual = try number(4, "residual")
    guard abs(residual) <= limitMeters else { throw fail("residual", "expected -1e6 to 1e6 m, found \(fields[4])") }
    return Row(
      source: String(fields[0]), track: String(fields[1]), seconds: seconds, trueDistanceMeters: truth, residualMeters: residual)
  }

  private static func check(_ track: ResidualTrack, path: String, line: Int) throws(ResidualLibraryError) {
    guard track.residualMeters.contains(where: { $0 != nil }) else {
      throw ResidualLibraryError(
        path: path, line: line, field: "residual", reason: "track '\(track.name)' ends without a single row with a residual")
    }
  }
}
