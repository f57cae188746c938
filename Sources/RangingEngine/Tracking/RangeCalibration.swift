// SPDX-License-Identifier: Apache-2.0
/// A device's systematic range error, and its inverse applied to every
/// measured distance before the filter.
///
/// The error model is linear in the true distance:
///
///     measured = scale · true + offset
///
/// so a device that reads 0.2 m long everywhere has `offsetMeters = 0.2`
/// and `scale = 1`, and one whose error grows by 1 cm per metre has
/// `scale = 1.01`. Two-way ranging has both terms: a constant antenna delay
/// error gives the offset, and a clock frequency offset between the two
/// radios, or a wrong assumed speed of propagation, gives the scale
/// (Decawave APS014, "Antenna delay calibration of DW1000-based products and
/// systems"; Neirynck, Luk and McLoughlin, "An alternative double-sided
/// two-way ranging method", WPNC 2016, for the clock term).
/// `rangectl calibrate` fits both from a recording with truth, or the offset
/// from a static recording at a known distance.
///
/// The stored values are always valid: they are set only by the
/// initialisers, which check them against ``offsetLimitMeters`` and
/// ``scaleRange``. Configuration comes from users and files, so a bad value
/// is an error the caller can report, not a trap (docs/CONVENTIONS.md §5, tier 1).
///
/// The corresponding C fields are `range_offset_m` and `range_scale` of
/// `ranging_config_t`.
public struct RangeCalibration: Sendable, Equatable {
  /// Distance the device adds to every reading, metres: `offset` in
  /// `measured = scale · true + offset`. Within ±``offsetLimitMeters``.
  public private(set) var offsetMeters: Double
  /// Ratio of the device's distance to the true one: `scale` in
  /// `measured = scale · true + offset`. In ``scaleRange``.
  public private(set) var scale: Double

  /// Largest accepted `|offsetMeters|`. Antenna-delay errors are centimetres
  /// to decimetres (APS014); 10 m is far beyond any real device, so it
  /// only catches a unit mistake (centimetres given as metres).
  public static let offsetLimitMeters = 10.0
  /// Accepted scales. A clock offset is tens of ppm and a wrong propagation
  /// speed a few percent; 0.5...2 only catches a value given upside down or
  /// as a percentage.
  public static let scaleRange: ClosedRange<Double> = 0.5...2

  /// No correction: offset 0, scale 1.
  public init() {
    offsetMeters = 0
    scale = 1
  }

  /// A calibration from a fitted error model.
  ///
  /// - Parameters:
  ///   - offsetMeters: distance the device adds, metres; finite and within
  ///     ±``offsetLimitMeters``.
  ///   - scale: ratio of measured to true distance; in ``scaleRange``.
  /// - Throws: ``RangeCalibrationError`` naming the value out of range.
  public init(offsetMeters: Double, scale: Double = 1) throws(RangeCalibrationError) {
    if let error = RangeCalibration.validationError(offsetMeters: offsetMeters, scale: scale) { throw error }
    self.offsetMeters = offsetMeters
    self.scale = scale
  }

  /// Nil when `offsetMeters` and `scale` make a valid calibration, else what
  /// is wrong with them; the check the throwing initialiser makes, for
  /// callers that report a status instead (the C API).
  ///
  /// Written so that NaN fails both checks.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public static func validationError(offsetMeters: Double, scale: Double) -> RangeCalibrationError? {
    guard abs(offsetMeters) <= offsetLimitMeters else { return .offsetOutOfRange }
    guard scaleRange.contains(scale) else { return .scaleOutOfRange }
    return nil
  }

  /// Throws when the offset or the scale is out of range, as
  /// ``ConfigurationError`` (the stored values of a calibration always pass:
  /// the initialisers check them; this is for ``TrackerConfiguration/validate()``).
  ///
  /// - Complexity: O(1). Does not allocate.
  public func validate() throws(ConfigurationError) {
    try ConfigurationError.check(
      .calibrationOffset, offsetMeters, in: -RangeCalibration.offsetLimitMeters...RangeCalibration.offsetLimitMeters)
    try ConfigurationError.check(.calibrationScale, scale, in: RangeCalibration.scaleRange)
  }

  /// Whether the calibration changes nothing (offset 0, scale 1).
  @inlinable
  public var isIdentity: Bool { offsetMeters == 0 && scale == 1 }

  /// The distance corrected for the device's error, metres:
  /// `max(0, (measured - offset) / scale)`.
  ///
  /// The inverse of the error model. A reading shorter than the offset (a
  /// true distance near 0 plus noise, on a device that reads long) would
  /// give a negative distance, which no object has and which validation
  /// rejects; it is clamped to 0, the nearest distance that exists, as the
  /// filter projects its own estimate (`NonNegativeDistance`), so that the
  /// closest readings are kept rather than dropped.
  ///
  /// - Parameter measuredMeters: a validated distance (finite, >= 0).
  /// - Returns: the corrected distance, finite and >= 0; `measuredMeters`
  ///   exactly for the identity.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func corrected(_ measuredMeters: Double) -> Double {
    // true = (measured - offset) / scale: the error model solved for the true distance.
    max(0, (measuredMeters - offsetMeters) / scale)
  }

  /// ``corrected(_:)`` as the tracker applies it to a validated distance: a
  /// result nearer 0 than `minimumDistanceMeters` (the smallest distance
  /// validation accepts, `SampleValidation.minimumDistanceMeters`) is 0,
  /// because the direction filter's geometry needs |p| well above rounding.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func correctedDistance(_ measuredMeters: Double, minimumDistanceMeters: Double) -> Double {
    let corrected = corrected(measuredMeters)
    return corrected < minimumDistanceMeters ? 0 : corrected
  }
}

/// Why a ``RangeCalibration`` was refused.
public enum RangeCalibrationError: Error, Equatable, Sendable {
  /// The offset is not finite or beyond ±``RangeCalibration/offsetLimitMeters``.
  case offsetOutOfRange
  /// The scale is not in ``RangeCalibration/scaleRange`` (or is NaN).
  case scaleOutOfRange
}
