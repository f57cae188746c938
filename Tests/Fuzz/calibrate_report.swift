// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the report path of `rangectl calibrate --json` (issue 23),
// built with AddressSanitizer by scripts/checks/fuzz.
//
// The input is written to a file and read as `rangectl calibrate` reads it
// (CalibrationSamples); the first byte picks the fit: the model, and a known
// distance among values inside and outside its range (0 to 1e6 m). Every
// fit of all rows and of each of the first four objects either throws a
// CalibrationError or returns values that are all finite, whose JSON encodes
// and parses back as one object and whose table and flags hold no `nan`,
// `inf` or negative zero.
import Foundation

#if canImport(Glibc)
import Glibc
@testable import RangingCalibration
@testable import RangingFormats
#endif

private let path: String = {
  let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  return "\(directory)/ranging-fuzz-calibrate-\(getpid()).csv"
}()

private func require(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) {
  if !condition {
    fputs("calibrate_report.swift:\(line): invariant failed: \(message())\n", stderr)
    abort()
  }
}

/// Known distances to try: none, ordinary, the range's ends, and beyond it.
private let knownDistances: [Double?] = [nil, nil, 2, 0, 1e6, 1e6.nextUp, -1, 1e308, .infinity, .nan, 1e-300, 37.5]

/// The first number in `text` printed as `nan`, `inf` or a negative zero
/// (`-0.000`, not `-0.0005`), or nil: the words between blanks, commas,
/// parentheses, `=` and line ends, compared whole.
private func unprintable(in text: String) -> Substring? {
  text.split(whereSeparator: { " ,()=\n".contains($0) }).first { word in
    let lowered = word.lowercased()
    return ["nan", "-nan", "inf", "-inf"].contains(lowered)
      || (word.hasPrefix("-") && Double(word) == 0)
  }
}

private func check(_ fit: RangeCalibrationFit) {
  let values = [fit.offsetMeters, fit.offsetStandardErrorMeters, fit.scale, fit.residualSigmaMeters]
    + [fit.scaleStandardError, fit.offsetScaleCorrelation].compactMap { $0 }
  require(values.allSatisfy(\.isFinite), "a fit returned a value that is not finite: \(fit)")
  let json: String
  do {
    json = try fit.jsonText(path: path)
  } catch {
    require(false, "\(error)")
    return
  }
  require((try? JSONSerialization.jsonObject(with: Data(json.utf8))) is [String: Any], "the JSON does not parse back")
  // The first line names the file and object, whose text is the input's.
  let text = fit.table(path: path).split(separator: "\n").dropFirst().joined(separator: "\n") + "\n" + fit.flags
  if let word = unprintable(in: text) { require(false, "the table prints '\(word)':\n\(text)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0, let file = fopen(path, "wb") else { return 0 }
  fwrite(data + 1, 1, size - 1, file)
  fclose(file)
  guard let samples = try? CalibrationSamples(path: path) else { return 0 }
  let known = knownDistances[Int(data[0] >> 1) % knownDistances.count]
  let model: RangeCalibrationFit.Model = known != nil || data[0] & 1 == 0 ? .offset : .offsetScale
  for object in [nil] + samples.objects.prefix(4).map(Optional.some) {
    if let fit = try? RangeCalibrationFit.fit(samples, object: object, model: model, knownDistanceMeters: known) {
      require(known.map { GroundTruth.distanceRangeMeters.contains($0) } ?? true, "a known distance out of range was fitted")
      check(fit)
    }
  }
  return 0
}
