// SPDX-License-Identifier: Apache-2.0
/// How far apart the objects of a recording read, against one fit for all
/// of them: devices (anchors, tags) each carry their own bias, and one
/// calibration for the file leaves each off by its difference from the mean.
/// In `lias-trolley-fast` four anchors read 0.09 to 0.28 m long; one fit
/// left them 0.05 m short to 0.13 m long (Tuning.md, "Calibrated devices").
extension RangeCalibrationFit {
  /// One object's own fit against the fit for all objects.
  public struct ObjectDifference: Sendable, Equatable {
    public var object: String
    /// The object's bias minus the overall fit's, metres, at ``atMeters``
    /// (positive: the object reads longer than the overall fit corrects).
    public var meters: Double
    /// Where the two are compared: the middle of the object's true distances,
    /// or the known distance of a static recording.
    public var atMeters: Double
  }

  /// A spread of object differences beyond which one calibration does not
  /// serve them all, metres: 0.05, a quarter of the default 0.2 m hysteresis
  /// band, about what moves a slow walker's zone event by 0.1 s.
  public static let objectSpreadNoteMeters = 0.05

  /// The bias this fit removes at a true distance: `measured - true = offset + (scale - 1) d`.
  public func biasMeters(atTrueDistance d: Double) -> Double { offsetMeters + (scale - 1) * d }

  /// Each object fitted on its own, against `self` (the fit for all rows).
  /// Objects whose rows give no fit are left out.
  ///
  /// - Complexity: O(iterations · rows), one fit per object.
  public func objectDifferences(in samples: CalibrationSamples) -> [ObjectDifference] {
    samples.objects.compactMap { name in
      guard
        let own = try? Self.fit(samples, object: name, model: model, knownDistanceMeters: knownDistanceMeters)
      else { return nil }
      let at =
        knownDistanceMeters
        ?? ((own.trueDistanceMinMeters ?? 0) + (own.trueDistanceMaxMeters ?? 0)) / 2
      return ObjectDifference(
        object: name, meters: own.biasMeters(atTrueDistance: at) - biasMeters(atTrueDistance: at), atMeters: at)
    }
  }
}
