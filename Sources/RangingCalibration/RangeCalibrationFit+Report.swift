// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingOutputs

extension RangeCalibrationFit {
  /// The engine options that apply the fit, rounded to millimetres and to
  /// 1e-4 of scale (well inside the standard errors of any real recording):
  /// `--range-offset 0.135 --range-scale 1.0205 --band-offset 0`, or the
  /// offset alone when the scale was fixed at 1. A negative offset is joined
  /// with `=` (`--range-offset=-0.017`): apart, `-0.017` would read as an option.
  ///
  /// `--band-offset 0` centres the zone bands on their radii again: the
  /// default band's centre sits 0.075 m above each radius (enter below r,
  /// exit above r + 0.15 m: `Zone.defaultBandOffsetMeters`), which absorbs
  /// an uncalibrated device's long readings, and a calibrated device no
  /// longer has them. Measured with today's defaults on every recording of
  /// `../shared/datasets` that calibrates, each with its own per-object fit
  /// (`rangectl calibrate FILE --per-object --write-calibration CAL` then
  /// `rangectl evaluate FILE --calibration-file CAL --band-offset B`), at the
  /// recording's rate, 5 and 1 Hz: centred at least as good in F1 in all 21
  /// rows, better in 14 (inrol-model-test at 5 Hz 0.730 / 45 false events →
  /// 0.786 / 25; lias-trolley-fast 0.889 / 9 → 0.935 / 5). `calibrate`'s check
  /// still decides per recording (`CalibrationCheck`); this is its fallback.
  public var flags: String { ShellQuoted.commandLine(arguments) }

  /// ``flags`` without the band offset: the options that correct the distances.
  public var calibrationFlags: String { ShellQuoted.commandLine(calibrationArguments) }

  /// ``flags`` as the words a command receives (`argv`).
  public var arguments: [String] { calibrationArguments + ["--band-offset", "0"] }

  /// ``calibrationFlags`` as the words a command receives (`argv`).
  public var calibrationArguments: [String] {
    let offset = Self.fixed(offsetMeters, 3)
    var words = offset.hasPrefix("-") ? ["--range-offset=\(offset)"] : ["--range-offset", offset]
    if model == .offsetScale { words += ["--range-scale", Self.fixed(scale, 4)] }
    return words
  }

  /// Standard error of the scale above which ``table(path:flagsLine:)`` warns that the
  /// scale is poorly determined: 1 cm per metre of distance.
  public static let weakScaleStandardError = 0.01

  /// The fit for people: model, estimates with standard errors, spread,
  /// rows, and the flags to use. With `flagsLine` false the flags are left
  /// out (`calibrate --per-object` prints one line of flags for all objects,
  /// and a `--range-offset` line per object would read as one to use).
  public func table(path: String, flagsLine: Bool = true) -> String {
    let what = object.map { "object '\($0)'" } ?? "all objects"
    var lines = ["range calibration of \(DatasetError.displayName(for: path)), \(what)"]
    switch (model, knownDistanceMeters) {
    case (.offsetScale, _):
      lines.append("model: measured = scale * true + offset; \(method) of distance on true_distance")
    case (.offset, nil):
      lines.append("model: measured = true + offset; \(method) of distance - true_distance")
    case (.offset, let known?):
      lines.append("model: measured = true + offset at a known \(Self.fixed(known, 3)) m; \(method) of distance - \(Self.fixed(known, 3))")
    }
    lines.append("offset  \(Self.fixed(offsetMeters, 4)) m  (standard error \(Self.fixed(offsetStandardErrorMeters, 4)) m)")
    if let scaleStandardError {
      lines.append("scale   \(Self.fixed(scale, 5))   (standard error \(Self.fixed(scaleStandardError, 5)))")
      if let offsetScaleCorrelation {
        lines.append("correlation of offset and scale \(Self.fixed(offsetScaleCorrelation, 3))")
      }
    } else {
      lines.append("scale   1 (fixed)")
    }
    lines.append("residual robust sigma \(Self.fixed(residualSigmaMeters, 4)) m")
    var rows = "rows: \(rowsUsed) used"
    if let low = trueDistanceMinMeters, let high = trueDistanceMaxMeters {
      rows += " (true distance \(Self.fixed(low, 2))...\(Self.fixed(high, 2)) m)"
    }
    rows += ", \(rowsDownWeighted) down-weighted as outliers (weight < \(Self.outlierWeight))"
    if model == .offsetScale { rows += ", \(rowsRejected) of them given weight 0" }
    lines.append(rows)
    if let scaleStandardError, scaleStandardError > Self.weakScaleStandardError {
      lines.append("warning: the scale is poorly determined (standard error above \(Self.weakScaleStandardError)): "
        + "the true distances span too little; consider --fit offset")
    }
    if !converged { lines.append("warning: not converged after \(iterations) iterations; the values are the last iteration's") }
    if flagsLine { lines.append("flags: \(flags)") }
    return lines.joined(separator: "\n")
  }

  /// The fit as one JSON object (sorted keys): every property, plus `file`,
  /// `flags` (``flags``, or the `flags` given: one sh command line),
  /// `flagArguments` (the same flags as the words a command receives,
  /// ``arguments`` or the `flagArguments` given), and `check` when one is given.
  ///
  /// - Throws: `ReportEncodingError` naming a value that is not finite
  ///   (``fit(_:object:model:knownDistanceMeters:)`` returns none).
  public func jsonText(
    path: String, flags: String? = nil, flagArguments: [String]? = nil, check: (any Encodable)? = nil
  ) throws(ReportEncodingError) -> String {
    struct Document: Encodable {
      var file: String
      var flags: String
      var flagArguments: [String]
      var fit: RangeCalibrationFit
      var check: (any Encodable)?

      func encode(to encoder: any Encoder) throws {
        try fit.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(file, forKey: Key(stringValue: "file"))
        try container.encode(flags, forKey: Key(stringValue: "flags"))
        try container.encode(flagArguments, forKey: Key(stringValue: "flagArguments"))
        if let check { try container.encode(check, forKey: Key(stringValue: "check")) }
      }
    }
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    return try ReportEncodingError.prettyJSON(Document(
      file: path, flags: flags ?? self.flags, flagArguments: flagArguments ?? arguments, fit: self, check: check))
  }

  /// The value of `--object-calibration` that applies the fit to the object
  /// `name` alone: `name=offset,scale` (offset in millimetres, scale to 1e-4
  /// as in ``flags``), or `name=offset` when the scale was fixed at 1.
  public func objectCalibrationValue(name: String) -> String {
    let fields = objectCalibrationFields
    return "\(name)=\(fields.offset)" + (fields.scale.isEmpty ? "" : ",\(fields.scale)")
  }

  /// The offset and scale as ``objectCalibrationValue(name:)`` writes them,
  /// for a calibration file's row: the scale empty when it was fixed at 1.
  public var objectCalibrationFields: (offset: String, scale: String) {
    (Self.fixed(offsetMeters, 3), model == .offsetScale ? Self.fixed(scale, 4) : "")
  }

  /// `text` as a JSON string literal.
  public static func jsonString(_ text: String) -> String {
    // JSONEncoder throws only for a non-finite number or a failing custom encoder, never for a String.
    guard let data = try? JSONEncoder().encode(text) else { preconditionFailure("RangeCalibrationFit: encoding a string failed") }
    return String(decoding: data, as: UTF8.self)
  }

  private static func fixed(_ value: Double, _ decimals: Int) -> String {
    TextFormatting.fixed(value, decimals: decimals)
  }
}
