// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A report that cannot be written, in practice because one of its numbers
/// is NaN or infinite: JSON has no spelling for them, and a table that
/// printed `inf` or `nan` would state a result that is not one.
///
///     cannot write the report: overall.rmseMeters is not finite (inf)
///
/// Every value reaching a report's arithmetic has a documented range
/// (docs/FORMATS.md §1 for the CSV columns, each option's help), so this
/// should not happen; when it does, `rangectl` names the value and exits 65
/// instead of printing it.
public struct ReportEncodingError: Error, Equatable, CustomStringConvertible {
  /// The value's place in the report, as JSON keys and array indices joined
  /// by dots (`scenarios.0.distance.filtered.rmseMeters`); empty for the whole report.
  public var keyPath: String
  /// What is wrong with it (`is not finite (inf)`).
  public var problem: String

  public init(keyPath: String, problem: String) {
    self.keyPath = keyPath
    self.problem = problem
  }

  public var description: String {
    "cannot write the report: \(keyPath.isEmpty ? "the report" : keyPath) \(problem)"
  }

  /// `value` as pretty-printed JSON with sorted keys.
  ///
  /// - Throws: ``ReportEncodingError`` naming the first value the encoder
  ///   refuses: with its default `nonConformingFloatEncodingStrategy`
  ///   (`.throw`), a non-finite number.
  package static func prettyJSON<Value: Encodable>(_ value: Value) throws(ReportEncodingError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch EncodingError.invalidValue(let bad, let context) {
      let keyPath = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
      let problem = (bad as? Double).map { "is not finite (\($0))" } ?? "cannot be encoded (\(context.debugDescription))"
      throw ReportEncodingError(keyPath: keyPath, problem: problem)
    } catch {
      throw ReportEncodingError(keyPath: "", problem: "cannot be encoded (\(error))")
    }
  }
}
