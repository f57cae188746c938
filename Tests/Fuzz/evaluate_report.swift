// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the report path of `rangectl evaluate --json` (issue 23),
// built with AddressSanitizer by scripts/checks/fuzz.
//
// The input is written to a file and evaluated as `rangectl evaluate` does
// it: EngineEvaluation's one streaming pass (the engine's replay, the truth
// rows, the four standard baselines, with a live-object table of 3 so that
// objects are evicted and folded early), into a BaselineComparison. Its JSON must encode (every value is finite: each
// input value has a documented range, docs/FORMATS.md §1) and parse back as
// one object, and its table must print no number as `nan`, `inf` or a
// negative zero.
// The first byte picks the matching tolerance (0.01 to 2.56 s).
import Foundation
import RangingEngine
import ZoneMonitor

#if canImport(Glibc)
import Glibc
@testable import RangingEvaluation
@testable import RangingFormats
@testable import RangingReplay
#endif

private let path: String = {
  let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  return "\(directory)/ranging-fuzz-evaluate-\(getpid()).csv"
}()

private func require(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) {
  if !condition {
    fputs("evaluate_report.swift:\(line): invariant failed: \(message())\n", stderr)
    abort()
  }
}

/// What `rangectl evaluate FILE` scores, or nil when the file cannot be scored (no truth, not a CSV).
private func comparison(tolerance: Double) -> BaselineComparison? {
  let evaluator = Evaluator(matchToleranceSeconds: tolerance)
  var evaluation = EngineEvaluation(evaluator: evaluator, zoneNames: ["inner", "outer"]) {
    RangingPipeline<SwiftKalmanBackend>(
      tracker: TrackerConfiguration(capacity: 4), zones: RangingPipeline<SwiftKalmanBackend>.defaultZones)
  }
  // A small live table, so that eviction and late events are exercised too.
  evaluation.liveObjectLimit = 3
  guard let file = try? evaluation.evaluate(path: path, name: "fuzz") else { return nil }
  let baselines = zip(BaselineMethod.standard, file.baselines).map { method, run in
    BaselineEvaluation(method: method, report: EvaluationReport(evaluator: evaluator, scenarios: [run]))
  }
  return BaselineComparison(
    engine: EvaluationReport(evaluator: evaluator, scenarios: [file.engine]), baselines: baselines,
    direction: evaluation.directionReport)
}

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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0, let file = fopen(path, "wb") else { return 0 }
  fwrite(data + 1, 1, size - 1, file)
  fclose(file)
  let tolerance = Double(Int(data[0]) + 1) / 100
  guard let report = comparison(tolerance: tolerance) else { return 0 }
  let json: String
  do {
    json = try report.jsonText()
  } catch {
    require(false, "\(error)")
    return 0
  }
  let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8))
  require(parsed is [String: Any], "the JSON does not parse back as one object")
  let table = report.table()
  if let word = unprintable(in: table) { require(false, "the table prints '\(word)':\n\(table)") }
  return 0
}
