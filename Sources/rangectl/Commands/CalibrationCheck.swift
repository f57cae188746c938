// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingCalibration
import RangingEngine
import RangingEvaluation
import RangingFormats
import RangingReplay
import ZoneMonitor

/// What `calibrate` recommends, checked on a part of the recording the fit
/// did not see (issue 36): a calibration fitted on one recording is meant for
/// the next, and a fit can look good on its own rows and still not help
/// there (a band offset of 0 that suits one device's residuals, a scale
/// fitted on a narrow range of truth).
///
/// The recording is cut in two at the row with truth in its middle (rows in
/// file order, which is time order): the same fit as the command's (the same
/// model, whole or per object) is made on the first part, and the second
/// part is replayed with the engine's defaults three ways and scored against
/// its truth as `rangectl evaluate` scores it (zones inner 1.5 m and outer
/// 3 m, matching tolerance 1 s): uncalibrated; calibrated, with the default
/// band offset; calibrated, with `--band-offset 0`. The best by F1, then by
/// fewer false events, then by a lower filtered RMSE (then the centred band:
/// ``best``), is the recommendation, applied
/// to the fit of the whole recording (which the command prints: more rows
/// give a better fit, and the check validates the procedure that made it).
/// When the uncalibrated engine scores best, no calibration is recommended.
struct CalibrationCheck {
  /// One way of replaying the check part.
  struct Variant: Sendable, Encodable {
    var name: String
    var isCalibrated: Bool
    var bandOffsetMeters: Double
    /// F1, false events and the filtered distance's RMSE on the check part.
    var f1 = 0.0
    var falseEvents = 0
    var truthEvents = 0
    var rmseMeters: Double?
  }

  /// A fit the calibrated variants applied: that of the first part, which
  /// differs from the whole recording's (the one the command prints above
  /// the check and recommends), and may score differently; printed so
  /// that the reader sees what was checked.
  struct Fit: Sendable, Encodable {
    /// The object it applies to, or nil for every object.
    var object: String?
    var offsetMeters: Double
    var scale: Double
    /// The true distances the first part spans: a narrow span gives a poor scale.
    var trueDistanceMinMeters: Double?
    var trueDistanceMaxMeters: Double?

    init(object: String?, fit: RangeCalibrationFit) {
      self.object = object
      offsetMeters = fit.offsetMeters
      scale = fit.scale
      trueDistanceMinMeters = fit.trueDistanceMinMeters
      trueDistanceMaxMeters = fit.trueDistanceMaxMeters
    }
  }

  /// The first line of the check part (1-based, physical), and the lines of the two parts.
  var checkFromLine: Int
  var fittingRows: Int
  var checkRows: Int
  /// The three variants, scored, in the order above.
  var variants: [Variant]
  /// The first part's fits: one for every object, or one per object fitted.
  var fits: [Fit]

  /// The fewest rows with truth each part must hold for a check.
  static let minimumRowsPerPart = 20

  /// The variant recommended: the best by F1, then fewer false events, then
  /// a lower filtered RMSE, then the later in ``variants``. The last rule
  /// settles only a tie of all three between the two calibrated variants
  /// (the band does not move the filter): the centred band, since the
  /// default band sits above each radius to absorb an uncalibrated device's
  /// long readings, which a calibrated one no longer has.
  var best: Variant {
    variants.enumerated().max { a, b in
      let (x, y) = (a.element, b.element)
      return (x.f1, -x.falseEvents, -(x.rmseMeters ?? .infinity), a.offset)
        < (y.f1, -y.falseEvents, -(y.rmseMeters ?? .infinity), b.offset)
    }!.element
  }

  /// Why no check can be made of `samples` read from `path`, or nil when one can.
  static func unavailableReason(_ samples: CalibrationSamples, path: String) -> String? {
    if path == "-" { return "standard input cannot be read a second time; give a file" }
    let withTruth = samples.rows.filter { $0.trueMeters != nil }.count
    if withTruth < 2 * minimumRowsPerPart {
      return "\(withTruth) rows with true_distance; a check needs at least \(2 * minimumRowsPerPart)"
    }
    return nil
  }

  /// The line where the check part starts: that of the middle row with truth.
  static func cutLine(of samples: CalibrationSamples) -> Int {
    let withTruth = samples.rows.filter { $0.trueMeters != nil }
    return withTruth[withTruth.count / 2].line
  }

  /// The samples of the fitting part: the rows before `line`.
  static func fittingPart(of samples: CalibrationSamples, before line: Int) -> CalibrationSamples {
    CalibrationSamples(path: samples.path, rows: samples.rows.filter { $0.line < line })
  }

  /// Replays the rows of `path` from `line` on, with its header, three ways,
  /// and scores each against its truth.
  ///
  /// - Parameters:
  ///   - calibration: the fitting part's fit for every object, or nil.
  ///   - objectCalibrations: the fitting part's fit per object (for `--per-object`).
  ///   - fits: the fits behind `calibration` or `objectCalibrations`, as printed.
  /// - Throws: when the check part cannot be written or read.
  static func run(
    path: String, fromLine line: Int, fittingRows: Int, calibration: RangeCalibration?,
    objectCalibrations: [String: RangeCalibration], fits: [Fit]
  ) throws -> CalibrationCheck {
    let checkPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("rangectl-calibrate-check-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: checkPath) }
    let checkRows = try writeCheckPart(of: path, fromLine: line, to: checkPath)
    var variants = [
      Variant(name: "uncalibrated", isCalibrated: false, bandOffsetMeters: Zone.defaultBandOffsetMeters),
      Variant(name: "calibrated, default band offset", isCalibrated: true, bandOffsetMeters: Zone.defaultBandOffsetMeters),
      Variant(name: "calibrated, --band-offset 0", isCalibrated: true, bandOffsetMeters: 0),
    ]
    for index in variants.indices {
      let variant = variants[index]
      let zones = ZoneList.defaults
      var tracker = TrackerConfiguration()
      if variant.isCalibrated, let calibration { tracker.rangeCalibration = calibration }
      var evaluation = EngineEvaluation(evaluator: Evaluator(), zoneNames: zones.names) {
        RangingPipeline<SwiftKalmanBackend>(tracker: tracker, zones: zones.zones(bandOffsetMeters: variant.bandOffsetMeters))
      }
      evaluation.baselines = []
      if variant.isCalibrated { evaluation.objectCalibrations = objectCalibrations }
      let scored = try evaluation.evaluate(path: checkPath).engine
      variants[index].f1 = scored.events.f1
      variants[index].falseEvents = scored.events.falseEvents
      variants[index].truthEvents = scored.events.truthCount
      variants[index].rmseMeters = scored.distance?.filtered.rmseMeters
    }
    return CalibrationCheck(
      checkFromLine: line, fittingRows: fittingRows, checkRows: checkRows, variants: variants, fits: fits)
  }

  /// Writes the lines of `path` before its header's end (comments and the
  /// header) and those from `line` on to `checkPath`, each with its own line
  /// end; lines end as the reader ends them (LF, CRLF or a lone CR).
  ///
  /// - Returns: the data lines written.
  static func writeCheckPart(of path: String, fromLine line: Int, to checkPath: String) throws -> Int {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    var output = Data()
    var lineNumber = 1
    var start = bytes.startIndex
    var headerSeen = false
    var written = 0
    var index = bytes.startIndex
    while start < bytes.endIndex {
      // The end of this line, with its terminator.
      index = start
      while index < bytes.endIndex, !CSVFields.isLineBreak(bytes[index]) { index += 1 }
      var end = index
      if end < bytes.endIndex {
        end = bytes[end] == 0x0D && end + 1 < bytes.endIndex && bytes[end + 1] == 0x0A ? end + 2 : end + 1
      }
      let text = bytes[start..<index]
      let isCommentOrBlank = CSVFields.isCommentOrBlank(text)
      if !headerSeen {
        output.append(bytes[start..<end])
        if !isCommentOrBlank { headerSeen = true }
      } else if lineNumber >= line {
        output.append(bytes[start..<end])
        if !isCommentOrBlank { written += 1 }
      }
      lineNumber += 1
      start = end
    }
    try output.write(to: URL(fileURLWithPath: checkPath))
    return written
  }

  /// The check for people: where the recording was cut, and each variant's
  /// score (the flags line after it says what is recommended).
  func table() -> String {
    var lines = [
      "check: fitted on the \(fittingRows) rows before line \(checkFromLine), replayed on the \(checkRows) rows from it "
        + "(engine defaults, zones inner 1.5 m and outer 3 m; F1 / false events / filtered RMSE):"
    ]
    for fit in fits {
      let what = fit.object.map { "object '\($0)'" } ?? "all objects"
      lines.append("  fit of the first part, \(what): "
        + String(format: "offset %.4f m, scale %.5f", fit.offsetMeters, fit.scale)
        + (fit.trueDistanceMinMeters.flatMap { low in
          fit.trueDistanceMaxMeters.map { String(format: " (true distance %.2f...%.2f m)", low, $0) }
        } ?? ""))
    }
    if fits.isEmpty { lines.append("  fit of the first part: none (no object's rows there gave one)") }
    let width = variants.map(\.name.count).max() ?? 0
    for variant in variants {
      let rmse = variant.rmseMeters.map { String(format: "%.3f m", $0) } ?? "-"
      lines.append("  " + variant.name.padding(toLength: width, withPad: " ", startingAt: 0)
        + String(format: "  %.3f / %d / ", variant.f1, variant.falseEvents) + rmse)
    }
    return lines.joined(separator: "\n")
  }

  /// The check as JSON (`calibrate --json`'s `check`): the cut, each variant's scores, and the flags recommended.
  struct Report: Encodable {
    var checkFromLine: Int
    var fittingRows: Int
    var checkRows: Int
    var variants: [Variant]
    /// The fits the calibrated variants applied (``CalibrationCheck/fits``).
    var fits: [Fit]
    var recommended: String
  }

  func report(recommendedFlags: String) -> Report {
    Report(checkFromLine: checkFromLine, fittingRows: fittingRows, checkRows: checkRows, variants: variants,
           fits: fits, recommended: recommendedFlags)
  }

  /// The flags recommended, as the words a command receives, from those
  /// that apply the whole recording's fit (`calibrationArguments`, without
  /// any band offset); empty for none.
  func recommendedArguments(calibrationArguments: [String]) -> [String] {
    let choice = best
    guard choice.isCalibrated else { return [] }
    return choice.bandOffsetMeters == 0 ? calibrationArguments + ["--band-offset", "0"] : calibrationArguments
  }
}

extension CalibrationCheck {
  /// `report` as compact JSON, for the hand-assembled `--per-object --json` document.
  static func jsonText(_ report: Report) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

extension CalibrationCheck {
  /// The flags line's text: the flags, or why there are none.
  static func flagsText(_ flags: String) -> String {
    flags.isEmpty ? "none (the uncalibrated engine scored best on the check part)" : flags
  }
}
