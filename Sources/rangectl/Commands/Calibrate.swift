// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import RangingCalibration
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplayOptions

/// `rangectl calibrate FILE [--known-distance M] [--object NAME] [--fit offset|offset-scale] [--json]`
struct Calibrate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fit a device's range offset and scale from a recording, for --range-offset and --range-scale.",
    discussion: """
      The device's error model is measured = scale * true + offset; the engine removes it with \
      --range-offset and --range-scale. With true_distance in FILE, --fit offset-scale (the \
      default) is a robust regression of distance on true_distance (Tukey bisquare weights, \
      GSL gsl_multifit_robust); --fit offset fixes the scale at 1 and takes the Huber \
      M-estimate of distance - true_distance. With --known-distance M (a static recording, no \
      truth needed) the offset is the Huber M-estimate of distance - M. Standard errors come \
      from GSL's covariance (conservative when many rows are outliers); rows down-weighted \
      below 0.5 count as outliers. offset-scale is the default because it predicted the \
      second half of every real recording with varying truth better than the offset alone (docs/COMMAND-LINE.md, \
      "Range calibration"). With truth, what is recommended is checked on rows the fit did \
      not see: the same fit made on the first half of the rows with truth, the second half \
      replayed uncalibrated, calibrated, and calibrated with --band-offset 0, each scored as \
      evaluate scores it; the flags line gives the best (F1, then fewer false events, then \
      lower filtered RMSE, then the centred band), or none when the uncalibrated engine \
      scores best. Prints the fit, the check and the flags to use (--json: one JSON object, the \
      check under "check"). --write-calibration PATH fits every object on its own, as \
      --per-object does, and writes the fits to a calibration file (object,offset_m,scale, CSV) that replay, evaluate and plot read \
      with --calibration-file PATH, and the flags line gives that instead of a flag per \
      object. Exit status: 0 for a fit, 65 when \
      FILE is not a ranging CSV or its rows cannot give the fit (or the fit is outside what \
      the engine accepts), 66 when FILE cannot be opened, 73 when the calibration file cannot \
      be written, 64 for bad options.

      Examples:
        rangectl calibrate datasets/walk-in-out/samples.csv
        rangectl calibrate Tests/Fixtures/static-at-2m.csv --known-distance 2
        rangectl calibrate datasets/many-objects/samples.csv --per-object
        rangectl calibrate datasets/walk-past/samples.csv --write-calibration c.csv
      """)

  @Argument(help: "Ranging CSV file, or - for standard input.")
  var file: String

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "The true distance of every row of a static recording, metres, 0 to 1e6 (fits the offset only; truth not needed).",
    valueName: "m"))
  var knownDistance: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("Fit this object's rows only (default: all rows).", valueName: "name"))
  var object: String?

  @Option(help: ArgumentHelp(
    "The terms to fit: offset (scale fixed at 1) or offset-scale (needs true_distance). "
      + "Default: offset-scale, or offset with --known-distance.",
    valueName: "model"))
  var fit: RangeCalibrationFit.Model?

  @Flag(help: "Fit every object on its own and print --object-calibration flags, one per object (devices whose biases differ).")
  var perObject = false

  @Option(help: ArgumentHelp(
    "Fit every object on its own (as --per-object), write the fits to this calibration file (object,offset_m,scale) "
      + "and print --calibration-file PATH instead of a flag per object (for fleets too large for a command line).",
    valueName: "path"))
  var writeCalibration: String?

  @Flag(help: "Write the fit as JSON.")
  var json = false

  /// Whether this build has the robust fits (the package's GSL trait).
  static var isAvailable: Bool {
    #if GSL
      true
    #else
      false
    #endif
  }

  func validate() throws {
    guard Self.isAvailable else {
      throw ValidationError(
        "calibrate: the robust fits run on GSL, and this rangectl was built without the GSL trait "
          + "(swift build --disable-default-traits); build with the default traits to calibrate")
    }
    if let knownDistance {
      guard GroundTruth.distanceRangeMeters.contains(knownDistance) else {
        throw ValidationError("--known-distance must be 0 to 1e6 metres (the range of true_distance), got \(knownDistance)")
      }
      if fit == .offsetScale {
        throw ValidationError("--known-distance fits the offset only: the scale needs truth at several distances; drop --fit offset-scale")
      }
    }
    if let object, object.isEmpty { throw ValidationError("--object must not be empty") }
    if perObject, object != nil { throw ValidationError("--per-object fits every object; not with --object") }
    if let writeCalibration {
      guard object == nil else {
        throw ValidationError("--write-calibration writes a fit for every object; not with --object (one object's fit is --object-calibration)")
      }
      guard !writeCalibration.isEmpty, writeCalibration != "-" else {
        throw ValidationError("--write-calibration needs a file path (the report goes to standard output)")
      }
      if let refusal = OutputCollision.inputRefusal(option: "--write-calibration", output: writeCalibration, input: file) {
        throw ValidationError(refusal)
      }
    }
  }

  func run() throws {
    try calibrate(streams: .standard)
  }

  /// What `run()` does, with its report and messages written to `streams`; a
  /// failure is noted there and thrown as its `ExitCode`.
  func calibrate(streams: CommandStreams) throws {
    let samples: CalibrationSamples
    do {
      samples = try CalibrationSamples(path: file)
    } catch {
      streams.note("rangectl calibrate: \(error)\n")
      throw ExitCode(error.exitCode)
    }
    if let first = samples.firstRejection {
      streams.note("rangectl calibrate: \(samples.rejectedRows) rows rejected and not used; first: \(first.message(path: file))\n")
    }
    let model = fit ?? (knownDistance == nil ? .offsetScale : .offset)
    // A calibration file holds a fit per object: --write-calibration fits per object, --per-object or not.
    if perObject || writeCalibration != nil { return try runPerObject(samples, model: model, streams: streams) }
    let result: RangeCalibrationFit
    do {
      result = try RangeCalibrationFit.fit(samples, object: object, model: model, knownDistanceMeters: knownDistance)
    } catch {
      streams.note("rangectl calibrate: \(error)\n")
      throw ExitCode(65)  // EX_DATAERR
    }
    let accepted = (try? RangeCalibration(offsetMeters: result.offsetMeters, scale: result.scale)) != nil
    let check = accepted ? try checkWhole(samples, model: model, streams: streams) : nil
    let arguments = check.map { $0.recommendedArguments(calibrationArguments: result.calibrationArguments) } ?? result.arguments
    let flags = ShellQuoted.commandLine(arguments)
    do {
      if json {
        streams.print(try result.jsonText(path: file, flags: flags, flagArguments: arguments, check: check?.report(recommendedFlags: flags)))
      } else {
        streams.print(result.table(path: file, flagsLine: false))
        if let check { streams.print(check.table()) }
        streams.print("flags: \(CalibrationCheck.flagsText(flags))")
      }
    } catch {
      streams.note("rangectl calibrate: \(file == "-" ? "<stdin>" : file): \(error)\n")
      throw ExitCode(65)  // EX_DATAERR
    }
    if object == nil { noteObjectSpread(of: result, in: samples, streams: streams) }
    if !accepted {
      let range = RangeCalibration.scaleRange
      streams.note(
        "rangectl calibrate: \(file == "-" ? "<stdin>" : file): the fit is outside what the engine accepts "
          + "(offset within ±\(RangeCalibration.offsetLimitMeters) m, scale \(range.lowerBound)...\(range.upperBound)); "
          + (result.model == .offsetScale
            ? "the true distances may span too little to fit the scale (try --fit offset), or 'distance' and 'true_distance' are not both in metres\n"
            : "check that 'distance' and the true distance are both in metres\n"))
      throw ExitCode(65)
    }
  }
}

extension Calibrate {
  /// `--per-object`: one fit per object, each printed as alone (`--object`),
  /// then the flags that apply them all. An object whose rows cannot give a
  /// fit (or whose fit the engine would refuse) is named and left out; none
  /// at all exits 65.
  func runPerObject(_ samples: CalibrationSamples, model: RangeCalibrationFit.Model, streams: CommandStreams) throws {
    var fits: [(name: String, fit: RangeCalibrationFit)] = []
    for name in samples.objects {
      do {
        let fit = try RangeCalibrationFit.fit(samples, object: name, model: model, knownDistanceMeters: knownDistance)
        guard (try? RangeCalibration(offsetMeters: fit.offsetMeters, scale: fit.scale)) != nil else {
          streams.note("rangectl calibrate: object \(name): the fit is outside what the engine accepts; left out\n")
          continue
        }
        fits.append((name, fit))
      } catch {
        streams.note("rangectl calibrate: object \(name): \(error); left out\n")
      }
    }
    guard !fits.isEmpty else {
      streams.note("rangectl calibrate: \(file == "-" ? "<stdin>" : file): no object gave a fit\n")
      throw ExitCode(65)  // EX_DATAERR
    }
    // Words, quoted for sh only when printed: a name may hold a space, a quote or `$(...)`.
    var calibrationArguments = fits.flatMap { ["--object-calibration", $0.fit.objectCalibrationValue(name: $0.name)] }
    if let writeCalibration {
      let entries = fits.map { fit in
        let fields = fit.fit.objectCalibrationFields
        return ObjectCalibrationFile.Entry(object: fit.name, offsetText: fields.offset, scaleText: fields.scale)
      }
      do {
        let output = try OutputFile(creating: writeCalibration)
        output.write(ObjectCalibrationFile.text(entries))
        try output.close()
      } catch {
        streams.note("rangectl calibrate: cannot write \(error)\n")
        throw ExitCode(73)  // EX_CANTCREAT
      }
      calibrationArguments = ["--calibration-file", writeCalibration]
    }
    let check = try checkPerObject(samples, model: model, streams: streams)
    let arguments = check.map { $0.recommendedArguments(calibrationArguments: calibrationArguments) }
      ?? calibrationArguments + ["--band-offset", "0"]
    let flags = ShellQuoted.commandLine(arguments)
    if json {
      let documents: [String]
      do {
        documents = try fits.map { "{\"object\": \(RangeCalibrationFit.jsonString($0.name)), \"fit\": \(try $0.fit.jsonText(path: file))}" }
      } catch {
        streams.note("rangectl calibrate: \(file == "-" ? "<stdin>" : file): \(error)\n")
        throw ExitCode(65)  // EX_DATAERR
      }
      let checkText = check.map { CalibrationCheck.jsonText($0.report(recommendedFlags: flags)) } ?? "null"
      let flagArguments = arguments.map(RangeCalibrationFit.jsonString).joined(separator: ", ")
      streams.print("{\"file\": \(RangeCalibrationFit.jsonString(file)), \"flags\": \(RangeCalibrationFit.jsonString(flags)), "
        + "\"flagArguments\": [\(flagArguments)], \"check\": \(checkText), \"objects\": [\(documents.joined(separator: ", "))]}")
    } else {
      for (name, fit) in fits { streams.print("object \(name)\n\(fit.table(path: file, flagsLine: false))") }
      if let check { streams.print(check.table()) }
      streams.print("flags for all: \(CalibrationCheck.flagsText(flags))")
    }
  }
}

extension Calibrate {
  /// A note on standard error when the objects of the file, each fitted on its
  /// own, lie further apart than ``RangeCalibrationFit/objectSpreadNoteMeters``
  /// from the fit for all of them: one calibration then leaves some devices
  /// off, and `--per-object` gives each its own.
  func noteObjectSpread(of overall: RangeCalibrationFit, in samples: CalibrationSamples, streams: CommandStreams) {
    guard samples.objects.count > 1 else { return }
    let differences = overall.objectDifferences(in: samples)
    guard let low = differences.map(\.meters).min(), let high = differences.map(\.meters).max(),
      high - low > RangeCalibrationFit.objectSpreadNoteMeters
    else { return }
    let listed = differences.map { "\($0.object) \(signed($0.meters)) m" }.joined(separator: ", ")
    streams.note(
      "rangectl calibrate: note: the objects read \(signed(low)) to \(signed(high)) m from this fit, each fitted on its own "
        + "(\(listed)), more than \(RangeCalibrationFit.objectSpreadNoteMeters) m apart: one calibration leaves some of them off; "
        + "`rangectl calibrate --per-object` fits one per object\n")
  }

  /// `+0.135`, `-0.017`; `+0.000` for a difference that rounds to zero (never `-0.000`).
  private func signed(_ meters: Double) -> String {
    let text = String(format: "%+.3f", meters)
    return text == "-0.000" ? "+0.000" : text
  }
}

extension Calibrate {
  /// The check of the whole-recording fit (``CalibrationCheck``), or nil with
  /// a note on standard error when none can be made.
  func checkWhole(
    _ samples: CalibrationSamples, model: RangeCalibrationFit.Model, streams: CommandStreams
  ) throws -> CalibrationCheck? {
    guard let cut = checkCut(samples, streams: streams) else { return nil }
    let part = CalibrationCheck.fittingPart(of: samples, before: cut)
    guard let fit = try? RangeCalibrationFit.fit(part, object: object, model: model),
      let calibration = try? RangeCalibration(offsetMeters: fit.offsetMeters, scale: fit.scale)
    else {
      streams.note("rangectl calibrate: not checked: the rows before line \(cut) give no fit the engine accepts\n")
      return nil
    }
    return try runCheck(
      from: cut, fittingRows: part.rows.count, calibration: calibration, objectCalibrations: [:],
      fits: [CalibrationCheck.Fit(object: object, fit: fit)], streams: streams)
  }

  /// The check of the per-object fits: each object fitted on the first part
  /// (one whose rows there give no fit is replayed uncalibrated).
  func checkPerObject(
    _ samples: CalibrationSamples, model: RangeCalibrationFit.Model, streams: CommandStreams
  ) throws -> CalibrationCheck? {
    guard let cut = checkCut(samples, streams: streams) else { return nil }
    let part = CalibrationCheck.fittingPart(of: samples, before: cut)
    var calibrations: [String: RangeCalibration] = [:]
    var fits: [CalibrationCheck.Fit] = []
    for name in part.objects {
      if let fit = try? RangeCalibrationFit.fit(part, object: name, model: model),
        let calibration = try? RangeCalibration(offsetMeters: fit.offsetMeters, scale: fit.scale)
      {
        calibrations[name] = calibration
        fits.append(CalibrationCheck.Fit(object: name, fit: fit))
      }
    }
    return try runCheck(
      from: cut, fittingRows: part.rows.count, calibration: nil, objectCalibrations: calibrations, fits: fits, streams: streams)
  }

  /// Where the check part starts, or nil with a note saying why there is no check.
  private func checkCut(_ samples: CalibrationSamples, streams: CommandStreams) -> Int? {
    if knownDistance != nil {
      streams.note("rangectl calibrate: not checked: a static recording at --known-distance has no zone crossings to score\n")
      return nil
    }
    let rows = object.map { name in CalibrationSamples(path: samples.path, rows: samples.rows(of: name)) } ?? samples
    if let reason = CalibrationCheck.unavailableReason(rows, path: file) {
      streams.note("rangectl calibrate: not checked on a part of the recording the fit did not see: \(reason)\n")
      return nil
    }
    return CalibrationCheck.cutLine(of: rows)
  }

  private func runCheck(
    from cut: Int, fittingRows: Int, calibration: RangeCalibration?, objectCalibrations: [String: RangeCalibration],
    fits: [CalibrationCheck.Fit], streams: CommandStreams
  ) throws -> CalibrationCheck? {
    do {
      return try CalibrationCheck.run(
        path: file, fromLine: cut, fittingRows: fittingRows, calibration: calibration, objectCalibrations: objectCalibrations,
        fits: fits)
    } catch {
      streams.note("rangectl calibrate: not checked: \(error)\n")
      return nil
    }
  }
}

extension RangeCalibrationFit.Model: ExpressibleByArgument {}
