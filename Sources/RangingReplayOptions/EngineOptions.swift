// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine
import RangingReplay
import ZoneMonitor

/// Options that configure the engine, shared by every command that runs it.
///
/// Every numeric option is declared `parsing: .unconditional`: argument-parser
/// splits the command line into tokens before it knows any option's type, and
/// a token that starts with one dash (`-1`, `-0.5`) becomes a short option, so
/// the default strategy (`.next`, which takes the next token only when it is a
/// value) reported "Missing value for '--capacity <n>'" for `--capacity -1`.
/// `.unconditional` takes the next token whatever it looks like, so a negative
/// value reaches ``validate()`` and is refused for its real reason (or, for
/// `--band-offset` and `--range-offset`, accepted).
public struct EngineOptions: ParsableArguments, Sendable {
  public init() {}

  public enum Backend: String, ExpressibleByArgument, CaseIterable, Sendable {
    case gsl, swift

    /// GSL in builds with the package's GSL trait (the host default), the
    /// Swift backend in builds without it.
    public static var buildDefault: Backend {
      #if GSL
        .gsl
      #else
        .swift
      #endif
    }
  }

  @Option(help: ArgumentHelp(
    "Zones as name=radius in metres, with an optional angle gate in degrees either side of straight ahead, "
      + "name=radius@degrees (e.g. inner=1.5,door=1.5@30; an angle-gated zone needs direction columns).",
    valueName: "name=m[@deg],..."))
  public var zones: String = "inner=1.5,outer=3"

  @Option(parsing: .unconditional, help: ArgumentHelp("Hysteresis band width around each radius, metres.", valueName: "m"))
  public var hysteresis: Double = Zone.defaultHysteresisMeters

  @Option(parsing: .unconditional, help: ArgumentHelp("How far the band's centre lies above each radius, metres (negative: below).", valueName: "m"))
  public var bandOffset: Double = Zone.defaultBandOffsetMeters

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds the enter condition must hold.", valueName: "s"))
  public var enterDwell: Double = Zone.defaultEnterDwellSeconds

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds the exit condition must hold.", valueName: "s"))
  public var exitDwell: Double = Zone.defaultExitDwellSeconds

  @Option(parsing: .unconditional, help: ArgumentHelp("Enter only when distance + k·sigma is inside.", valueName: "k"))
  public var sigmaMargin: Double = Zone.defaultEnterSigmaMultiplier

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Most objects tracked at once (the stalest is evicted), \(EngineOptions.capacityRange.lowerBound)...\(EngineOptions.capacityRange.upperBound), "
      + "as far as memory allows.", valueName: "n"))
  public var capacity: Int = TrackerConfiguration().capacity

  @Option(help: "What suspension does to zones: exit or hold.")
  public var suspension: SuspensionChoice = .exit

  @Option(help: "Linear algebra backend: gsl (needs a build with the GSL trait) or swift.")
  public var backend: Backend = .buildDefault

  @Option(parsing: .unconditional, help: ArgumentHelp("Kalman acceleration spectral density q, m²/s³.", valueName: "q"))
  public var processNoise: Double = RangeFilterConfiguration().accelerationSpectralDensity

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Standard deviation of one distance measurement, metres: the prior each object's measured noise starts from.",
    valueName: "m"))
  public var measurementSigma: Double = RangeFilterConfiguration().measurementSigmaMeters

  @Option(help: "Measure each object's distance noise from its own readings (on), or keep --measurement-sigma throughout (off).")
  public var measuredNoise: Toggle = RangeFilterConfiguration().adaptsMeasurementNoise ? .on : .off

  @Option(help: "Gates as set while an object's readings show outliers and twice as wide otherwise (evidence), or as set always.")
  public var gating: Gating = RangeFilterConfiguration().gatesOnEvidence ? .evidence : .always

  public enum Gating: String, ExpressibleByArgument, CaseIterable, Sendable {
    case evidence, always
  }

  @Option(parsing: .unconditional, help: ArgumentHelp("Innovation gate for measurements longer than predicted, standard deviations.", valueName: "k"))
  public var gate: Double = RangeFilterConfiguration().gateSigmas

  @Option(parsing: .unconditional, help: ArgumentHelp("Innovation gate for measurements shorter than predicted, standard deviations.", valueName: "k"))
  public var shortGate: Double = RangeFilterConfiguration().shortGateSigmas

  @Option(help: "Which Hampel outliers are replaced: above (long only) or both.")
  public var hampelSide: HampelSide = .above

  public enum HampelSide: String, ExpressibleByArgument, CaseIterable, Sendable {
    case above, both
  }

  @Option(parsing: .unconditional, help: ArgumentHelp("Largest rate of change of the filtered distance, m/s (inf: no limit).", valueName: "m/s"))
  public var maxRate: Double = RangeFilterConfiguration().maximumRateMetersPerSecond

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Restart the filter after this many rejections in a row, \(RangeFilterConfiguration.resetAfterRejectionsRange.lowerBound)..."
      + "\(RangeFilterConfiguration.resetAfterRejectionsRange.upperBound) (the most: never, in practice).", valueName: "n"))
  public var resetAfter: Int = RangeFilterConfiguration().resetAfterRejections

  @Option(parsing: .unconditional, help: ArgumentHelp("Restart the filter after at least two rejections in a row spanning this many seconds.", valueName: "s"))
  public var resetAfterSeconds: Double = RangeFilterConfiguration().resetAfterSeconds

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Measurements fused after a (re)start, with --confirmation-seconds, before zones act on a track, "
      + "\(EngineOptions.confirmationRange.lowerBound)...\(EngineOptions.confirmationRange.upperBound).", valueName: "n"))
  public var confirmation: Int = RangeFilterConfiguration().confirmationCount

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds a (re)started track must last, with --confirmation fusions, before zones act on it.", valueName: "s"))
  public var confirmationSeconds: Double = RangeFilterConfiguration().confirmationSeconds

  @Option(help: "Track the direction in 3-D through field-of-view gaps (on), or report measured directions only (off).")
  public var direction: Toggle = .on

  @Option(parsing: .unconditional, help: ArgumentHelp("Field of view as azimuth,elevation half-angles in degrees.", valueName: "az,el"))
  public var fov: String = "55,45"

  @Option(parsing: .unconditional, help: ArgumentHelp("Longest a direction is predicted after the last measured one, seconds.", valueName: "s"))
  public var maxCoast: Double = DirectionFilterConfiguration().maximumCoastSeconds

  @Option(parsing: .unconditional, help: ArgumentHelp("Time over which the tracked direction's velocity decays, seconds (1e6: constant velocity).", valueName: "s"))
  public var velocityCorrelation: Double = DirectionFilterConfiguration().velocityCorrelationSeconds

  public enum Toggle: String, ExpressibleByArgument, CaseIterable, Sendable {
    case on, off
  }

  @Option(parsing: .unconditional, help: ArgumentHelp("Hampel pre-filter window, 1 (off)...\(HampelFilter.maximumWindow).", valueName: "n"))
  public var hampelWindow: Int = RangeFilterConfiguration().prefilter.window

  @Option(parsing: .unconditional, help: ArgumentHelp("Hampel threshold in robust standard deviations (0 = moving median).", valueName: "t"))
  public var hampelThreshold: Double = HampelConfiguration().threshold

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "The device's range offset b in measured = s·true + b, metres (from `rangectl calibrate`).", valueName: "m"))
  public var rangeOffset: Double = RangeCalibration().offsetMeters

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "The device's range scale s in measured = s·true + b (from `rangectl calibrate`).", valueName: "s"))
  public var rangeScale: Double = RangeCalibration().scale

  @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp(
    "One object's range offset and scale, as `rangectl calibrate --per-object` prints them (repeatable; "
      + "not with --range-offset or --range-scale).", valueName: "name=offset[,scale]"))
  public var objectCalibration: [String] = []

  @Option(help: ArgumentHelp(
    "A calibration file (object,offset_m,scale; from `rangectl calibrate --per-object --write-calibration`): "
      + "each object's range offset and scale, for fleets too large for --object-calibration.", valueName: "path"))
  public var calibrationFile: String?

  public enum SuspensionChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case exit, hold
  }

  // Each option's range is the engine's own (its validated initialisers'), stated there once:
  /// `--enter-dwell` and `--exit-dwell`, seconds (`Zone.dwellRange`).
  public static var dwellRangeSeconds: ClosedRange<Double> { Zone.dwellRange }
  /// `--confirmation` (`RangeFilterConfiguration.confirmationCountRange`: 0 lets zones act on a track's first measurement).
  public static var confirmationRange: ClosedRange<Int> { RangeFilterConfiguration.confirmationCountRange }
  /// `--capacity` (`TrackerConfiguration.capacityRange`); memory may refuse less (`TrackerMemory`).
  public static var capacityRange: ClosedRange<Int> { TrackerConfiguration.capacityRange }
  /// `--max-coast`, seconds (`DirectionFilterConfiguration.maximumCoastRange`).
  public static var maximumCoastRange: ClosedRange<Double> { DirectionFilterConfiguration.maximumCoastRange }

  public func validate() throws {
    try backend.dispatch(BackendLinkCheck())
    _ = try zoneList()
    let smallestRadius = try zoneList().radii.min() ?? 0
    guard hysteresis >= 0, hysteresis <= smallestRadius else {
      throw ValidationError(
        "--hysteresis must be in 0...\(smallestRadius) m (at most the smallest zone radius), got \(hysteresis)")
    }
    for (option, value) in [("--enter-dwell", enterDwell), ("--exit-dwell", exitDwell)]
    where !(Self.dwellRangeSeconds ~= value) {
      throw ValidationError(
        "\(option) must be in \(Self.dwellRangeSeconds.lowerBound)...\(Self.dwellRangeSeconds.upperBound) seconds, got \(value)")
    }
    guard sigmaMargin >= 0 else { throw ValidationError("--sigma-margin must not be negative") }
    guard Self.capacityRange.contains(capacity) else {
      throw ValidationError("--capacity must be in \(Self.capacityRange.lowerBound)...\(Self.capacityRange.upperBound), got \(capacity)")
    }
    if let shortfall = TrackerMemory.shortfall(capacity: capacity, directionTracking: direction == .on) {
      throw ValidationError("--capacity: \(shortfall)")
    }
    guard processNoise > 0, measurementSigma > 0, gate > 0, shortGate > 0 else {
      throw ValidationError("--process-noise, --measurement-sigma, --gate and --short-gate must be positive")
    }
    // The engine's own range (RangeFilterConfiguration), which validateEngineConfiguration()
    // also checks, here so that the refusal gives it in whole numbers, as the help does.
    let resetAfterRange = RangeFilterConfiguration.resetAfterRejectionsRange
    guard resetAfterRange.contains(resetAfter) else {
      throw ValidationError("--reset-after must be in \(resetAfterRange.lowerBound)...\(resetAfterRange.upperBound), got \(resetAfter)")
    }
    guard Self.confirmationRange ~= confirmation else {
      throw ValidationError(
        "--confirmation must be in \(Self.confirmationRange.lowerBound)...\(Self.confirmationRange.upperBound) "
          + "(measurements after a (re)start that check it before zones act), got \(confirmation)")
    }
    guard hampelWindow >= 1, hampelWindow <= HampelFilter.maximumWindow else {
      throw ValidationError("--hampel-window must be in 1...\(HampelFilter.maximumWindow), got \(hampelWindow)")
    }
    guard hampelThreshold >= 0 else { throw ValidationError("--hampel-threshold must not be negative") }
    _ = try fieldOfView()
    guard Self.maximumCoastRange ~= maxCoast else {
      throw ValidationError(
        "--max-coast must be in \(Self.maximumCoastRange.lowerBound)...\(Self.maximumCoastRange.upperBound) seconds, got \(maxCoast)")
    }
    _ = try rangeCalibration()
    if !objectCalibration.isEmpty || calibrationFile != nil,
      rangeOffset != RangeCalibration().offsetMeters || rangeScale != RangeCalibration().scale
    {
      throw ValidationError(
        "\(calibrationFile != nil ? "--calibration-file" : "--object-calibration") and --range-offset/--range-scale "
          + "would both correct the same distances; give one or the other")
    }
    _ = try objectCalibrations()
    // Every setting against the engine's documented ranges (EngineOptions+Configuration.swift).
    try validateEngineConfiguration()
  }

  /// `--range-offset` and `--range-scale` as a calibration.
  public func rangeCalibration() throws -> RangeCalibration {
    do {
      return try RangeCalibration(offsetMeters: rangeOffset, scale: rangeScale)
    } catch .offsetOutOfRange {
      let limit = RangeCalibration.offsetLimitMeters
      throw ValidationError("--range-offset must be a number of metres in -\(limit)...\(limit), got \(rangeOffset)")
    } catch .scaleOutOfRange {
      let range = RangeCalibration.scaleRange
      throw ValidationError(
        "--range-scale must be in \(range.lowerBound)...\(range.upperBound) (a ratio, not a percentage), got \(rangeScale)")
    }
  }

  /// `--calibration-file` and `--object-calibration name=offset[,scale]`, by
  /// object name: the file's objects and the flags' together, an object named
  /// by both refused (which one was meant is not for the engine to guess).
  public func objectCalibrations() throws -> [String: RangeCalibration] {
    var calibrations: [String: RangeCalibration] = [:]
    if let calibrationFile {
      do {
        calibrations = try ObjectCalibrationFile.read(path: calibrationFile)
      } catch {
        throw ValidationError("--calibration-file: \(error)")
      }
    }
    let fromFile = calibrations
    for text in objectCalibration {
      // The last '=' splits: an object name may itself contain '='.
      guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
        throw ValidationError("--object-calibration wants name=offset[,scale], got '\(text)'")
      }
      let name = String(text[..<equals])
      let numbers = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
      guard (1...2).contains(numbers.count), let offset = Double(numbers[0]),
        let scale = numbers.count == 2 ? Double(numbers[1]) : 1
      else { throw ValidationError("--object-calibration wants name=offset[,scale] with numbers, got '\(text)'") }
      guard fromFile[name] == nil else {
        throw ValidationError(
          "--object-calibration names '\(name)', which --calibration-file \(calibrationFile ?? "") calibrates too; give each object once")
      }
      guard calibrations[name] == nil else { throw ValidationError("--object-calibration names '\(name)' twice") }
      do {
        calibrations[name] = try RangeCalibration(offsetMeters: offset, scale: scale)
      } catch .offsetOutOfRange {
        let limit = RangeCalibration.offsetLimitMeters
        throw ValidationError("--object-calibration \(name): the offset must be in -\(limit)...\(limit) m, got \(offset)")
      } catch .scaleOutOfRange {
        let range = RangeCalibration.scaleRange
        throw ValidationError(
          "--object-calibration \(name): the scale must be in \(range.lowerBound)...\(range.upperBound), got \(scale)")
      }
    }
    return calibrations
  }

  public func zoneList() throws -> ZoneList {
    do {
      return try ZoneList(parsing: zones)
    } catch {
      throw ValidationError("--zones: \(error)")
    }
  }

  /// `--fov az,el` in degrees.
  public func fieldOfView() throws -> FieldOfView {
    let parts = fov.split(separator: ",").map { Double($0) }
    guard parts.count == 2, let az = parts[0], let el = parts[1], az > 0, az <= 180, el > 0, el <= 90 else {
      throw ValidationError("--fov: expected azimuth,elevation half-angles in degrees, e.g. 55,45 (azimuth in (0, 180], elevation in (0, 90])")
    }
    // Set rather than initialised: FieldOfView's initialiser traps outside its range, validate() throws.
    var fieldOfView = FieldOfView()
    fieldOfView.azimuthLimitRadians = az * .pi / 180
    fieldOfView.elevationLimitRadians = el * .pi / 180
    do {
      try fieldOfView.validate()
    } catch {
      throw ValidationError(Self.message(for: error))
    }
    return fieldOfView
  }

  public func pipeline<B: KalmanBackend>(_: B.Type, zones list: ZoneList) -> RangingPipeline<B> {
    RangingPipeline<B>(
      tracker: trackerConfiguration(),
      zones: list.zones(hysteresisMeters: hysteresis, enterDwellSeconds: enterDwell,
                        exitDwellSeconds: exitDwell, enterSigmaMultiplier: sigmaMargin, bandOffsetMeters: bandOffset),
      suspensionPolicy: suspension == .exit ? .exitZones : .holdZones)
  }
}
