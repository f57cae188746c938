// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// One setting out of its documented range, and the error `validate()` must throw.
struct OutOfRangeCase: Sendable, CustomTestStringConvertible {
  var label: String
  var setting: ConfigurationSetting
  var change: @Sendable (inout TrackerConfiguration) -> Void
  var testDescription: String { label }

  init(_ label: String, _ setting: ConfigurationSetting, _ change: @escaping @Sendable (inout TrackerConfiguration) -> Void) {
    self.label = label
    self.setting = setting
    self.change = change
  }
}

@Suite("Configuration validation")
struct ConfigurationValidationTests {
  @Test("Every default configuration passes validate()")
  func defaultsAreValid() throws {
    try TrackerConfiguration().validate()
    try RangeFilterConfiguration().validate()
    try DirectionFilterConfiguration().validate()
    try HampelConfiguration().validate()
    try HampelConfiguration.off.validate()
    try SampleValidation().validate()
    try RangeCalibration().validate()
    try FieldOfView().validate()
    var noDirection = TrackerConfiguration()
    noDirection.directionFilter = nil
    try noDirection.validate()
  }

  static let cases: [OutOfRangeCase] = [
    // Issue 13, row 10: settings that broke the filter (inf/NaN on half the rows).
    OutOfRangeCase("measurement sigma 1e200", .rangeMeasurementSigma) { $0.rangeFilter.measurementSigmaMeters = 1e200 },
    OutOfRangeCase("measurement sigma inf", .rangeMeasurementSigma) { $0.rangeFilter.measurementSigmaMeters = .infinity },
    OutOfRangeCase("measurement sigma 1e308", .rangeMeasurementSigma) { $0.rangeFilter.measurementSigmaMeters = 1e308 },
    OutOfRangeCase("measurement sigma 0", .rangeMeasurementSigma) { $0.rangeFilter.measurementSigmaMeters = 0 },
    OutOfRangeCase("measurement sigma NaN", .rangeMeasurementSigma) { $0.rangeFilter.measurementSigmaMeters = .nan },
    OutOfRangeCase("process noise inf", .rangeAccelerationSpectralDensity) { $0.rangeFilter.accelerationSpectralDensity = .infinity },
    OutOfRangeCase("process noise -1", .rangeAccelerationSpectralDensity) { $0.rangeFilter.accelerationSpectralDensity = -1 },
    OutOfRangeCase("initial rate sigma 1e300", .rangeInitialRateSigma) { $0.rangeFilter.initialRateSigmaMetersPerSecond = 1e300 },
    OutOfRangeCase("gate inf", .rangeGateSigmas) { $0.rangeFilter.gateSigmas = .infinity },
    OutOfRangeCase("short gate 0", .rangeShortGateSigmas) { $0.rangeFilter.shortGateSigmas = 0 },
    OutOfRangeCase("reset after 0", .rangeResetAfterRejections) { $0.rangeFilter.resetAfterRejections = 0 },
    OutOfRangeCase("confirmation -1", .rangeConfirmationCount) { $0.rangeFilter.confirmationCount = -1 },
    OutOfRangeCase("confirmation seconds -1", .rangeConfirmationSeconds) { $0.rangeFilter.confirmationSeconds = -1 },
    OutOfRangeCase("confirmation seconds NaN", .rangeConfirmationSeconds) { $0.rangeFilter.confirmationSeconds = .nan },
    OutOfRangeCase("velocity correlation 0", .directionVelocityCorrelation) { $0.directionFilter?.velocityCorrelationSeconds = 0 },
    OutOfRangeCase("velocity correlation infinite", .directionVelocityCorrelation) {
      $0.directionFilter?.velocityCorrelationSeconds = .infinity
    },
    OutOfRangeCase("Hampel window 16", .hampelWindow) { $0.rangeFilter.prefilter.window = 16 },
    OutOfRangeCase("Hampel threshold NaN", .hampelThreshold) { $0.rangeFilter.prefilter.threshold = .nan },
    OutOfRangeCase("Hampel minimum scale -1", .hampelMinimumScale) { $0.rangeFilter.prefilter.minimumScaleMeters = -1 },
    OutOfRangeCase("direction q inf", .directionAccelerationSpectralDensity) { $0.directionFilter?.accelerationSpectralDensity = .infinity },
    OutOfRangeCase("direction range sigma 1e200", .directionRangeSigma) { $0.directionFilter?.rangeSigmaMeters = 1e200 },
    OutOfRangeCase("angle sigma 4", .directionAngleSigma) { $0.directionFilter?.angleSigmaRadians = 4 },
    OutOfRangeCase("horizontal angle sigma 0", .directionHorizontalAngleSigma) { $0.directionFilter?.horizontalAngleSigmaRadians = 0 },
    OutOfRangeCase("suspect factor 0.5", .directionSuspectDirectionFactor) { $0.directionFilter?.suspectDirectionFactor = 0.5 },
    OutOfRangeCase("initial velocity sigma inf", .directionInitialVelocitySigma) { $0.directionFilter?.initialVelocitySigmaMetersPerSecond = .infinity },
    OutOfRangeCase("direction gate -1", .directionGateSigmas) { $0.directionFilter?.gateSigmas = -1 },
    OutOfRangeCase("field-of-view edge sigma 1e300", .directionFieldOfViewEdgeSigma) { $0.directionFilter?.fieldOfViewEdgeSigmaRadians = 1e300 },
    OutOfRangeCase("vertical same sigma NaN", .directionVerticalSameSigma) { $0.directionFilter?.verticalSameSigmaRadians = .nan },
    OutOfRangeCase("unknown angle sigma 0", .directionUnknownAngleSigma) { $0.directionFilter?.unknownAngleSigmaRadians = 0 },
    OutOfRangeCase("maximum coast inf", .directionMaximumCoast) { $0.directionFilter?.maximumCoastSeconds = .infinity },
    OutOfRangeCase("azimuth limit 4", .fieldOfViewAzimuthLimit) { $0.directionFilter?.fieldOfView.azimuthLimitRadians = 4 },
    OutOfRangeCase("elevation limit 0", .fieldOfViewElevationLimit) { $0.directionFilter?.fieldOfView.elevationLimitRadians = 0 },
    OutOfRangeCase("capacity 0", .trackerCapacity) { $0.capacity = 0 },
    OutOfRangeCase("capacity 2^24 + 1", .trackerCapacity) { $0.capacity = (1 << 24) + 1 },
    OutOfRangeCase("lost timeout 0", .trackerLostTimeout) { $0.lostTimeoutSeconds = 0 },
    OutOfRangeCase("lost timeout inf", .trackerLostTimeout) { $0.lostTimeoutSeconds = .infinity },
    OutOfRangeCase("direction length tolerance 1", .validationDirectionLengthTolerance) { $0.validation.directionLengthTolerance = 1 },
    OutOfRangeCase("minimum distance -1", .validationMinimumDistance) { $0.validation.minimumDistanceMeters = -1 },
    OutOfRangeCase("maximum distance inf", .validationMaximumDistance) { $0.validation.maximumDistanceMeters = .infinity },
  ]

  @Test("A setting outside its documented range throws ConfigurationError naming it", arguments: cases)
  func outOfRange(_ c: OutOfRangeCase) {
    var configuration = TrackerConfiguration()
    c.change(&configuration)
    #expect {
      try configuration.validate()
    } throws: { error in
      guard let error = error as? ConfigurationError else { return false }
      return error.setting == c.setting && !error.allowed.contains(error.value)
    }
  }

  @Test("The error says which setting, the value and the range")
  func errorDescription() {
    var configuration = TrackerConfiguration()
    configuration.rangeFilter.measurementSigmaMeters = 1e200
    do {
      try configuration.validate()
      Issue.record("expected an error")
    } catch {
      #expect(error.setting == .rangeMeasurementSigma && error.value == 1e200)
      #expect(error.allowed == ConfigurationLimits.distanceSigmaMeters)
      #expect("\(error)" == "RangeFilterConfiguration.measurementSigmaMeters is 1e+200, outside 0.0001...1000.0")
    }
  }

  @Test("The bounds themselves are accepted")
  func boundsAccepted() throws {
    var configuration = TrackerConfiguration()
    configuration.rangeFilter.measurementSigmaMeters = ConfigurationLimits.distanceSigmaMeters.upperBound
    configuration.rangeFilter.accelerationSpectralDensity = ConfigurationLimits.accelerationSpectralDensity.lowerBound
    configuration.rangeFilter.gateSigmas = 1e6  // the reference runs switch the gate off with it
    configuration.rangeFilter.resetAfterRejections = 1_000_000
    configuration.directionFilter?.fieldOfViewEdgeSigmaRadians = 1e6
    configuration.capacity = 1 << 24
    configuration.lostTimeoutSeconds = 86_400
    try configuration.validate()
  }

  @Test("Every setting has a distinct Type.property name")
  func settingNames() {
    let names = ConfigurationSetting.allCases.map { "\($0.name)" }
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.contains(".") })
  }

  /// The calibration's two checks (its initialiser's ``RangeCalibrationError``
  /// and ``RangeCalibration/validate()``'s ``ConfigurationError``, the one
  /// `TrackerConfiguration.validate()` reports) must accept the same values:
  /// the documented limits, offset within ±10 m and scale within 0.5...2,
  /// bounds included, NaN and infinities nowhere.
  @Test("A calibration's initialiser and its configuration check accept exactly the documented offsets and scales")
  func calibration() throws {
    #expect(RangeCalibration.offsetLimitMeters == 10 && RangeCalibration.scaleRange == 0.5...2)
    let offsets = [0, 10, -10, 10.0.nextUp, -10.0.nextDown, 9.99, 1e300, .nan, .infinity, -.infinity]
    let scales = [1, 0.5, 2, 0.5.nextDown, 2.0.nextUp, 0, -1, .nan, .infinity]
    for offset in offsets {
      for scale in scales {
        let offsetValid = offset >= -10 && offset <= 10
        let scaleValid = scale >= 0.5 && scale <= 2
        let expected: RangeCalibrationError? = !offsetValid ? .offsetOutOfRange : !scaleValid ? .scaleOutOfRange : nil
        #expect(RangeCalibration.validationError(offsetMeters: offset, scale: scale) == expected, "\(offset), \(scale)")
        do {
          let calibration = try RangeCalibration(offsetMeters: offset, scale: scale)
          #expect(expected == nil, "\(offset), \(scale) accepted")
          #expect(throws: Never.self) { try calibration.validate() }
          var configuration = TrackerConfiguration()
          configuration.rangeCalibration = calibration
          #expect(throws: Never.self) { try configuration.validate() }
        } catch {
          #expect(error == expected, "\(offset), \(scale)")
        }
      }
    }
  }
}
