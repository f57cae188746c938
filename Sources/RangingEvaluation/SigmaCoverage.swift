// SPDX-License-Identifier: Apache-2.0
/// How well the filtered distance's reported sigma covers its error against
/// the truth (issue 22, "Honest uncertainty"): a sigma users act on should
/// hold the truth within 2 sigma on most rows, and should never be small
/// where the error is large.
///
/// Over the paired filtered rows that carry a sigma (the filtered track's
/// `sigma`, docs/FORMATS.md §3), with `e` the filtered distance minus the
/// true distance:
/// - ``withinOneSigma`` and ``withinTwoSigma``: the share of rows with
///   `|e| ≤ σ` and `|e| ≤ 2σ` (as `scripts/reports/accuracy` counts them);
/// - ``overconfidentRows``: rows more than ``overconfidentErrorMeters`` off
///   whose sigma is under a fifth of their error, `|e| > 1 m` and `σ < |e|/5`.
public struct SigmaCoverage: Codable, Equatable, Sendable {
  /// The error above which a row can count as overconfident, metres.
  public static let overconfidentErrorMeters = 1.0

  /// Rows counted: paired filtered rows with a sigma.
  public private(set) var rows = 0
  /// Rows with `|e| ≤ σ`.
  public private(set) var rowsWithinOneSigma = 0
  /// Rows with `|e| ≤ 2σ`.
  public private(set) var rowsWithinTwoSigma = 0
  /// Rows with `|e| > 1 m` and `σ < |e| / 5`.
  public private(set) var overconfidentRows = 0

  /// `rowsWithinOneSigma / rows`, or nil when there is no row.
  public var withinOneSigma: Double? { rows == 0 ? nil : Double(rowsWithinOneSigma) / Double(rows) }
  /// `rowsWithinTwoSigma / rows`, or nil when there is no row.
  public var withinTwoSigma: Double? { rows == 0 ? nil : Double(rowsWithinTwoSigma) / Double(rows) }

  private enum CodingKeys: String, CodingKey {
    case rows, rowsWithinOneSigma, rowsWithinTwoSigma, overconfidentRows, withinOneSigma, withinTwoSigma
  }

  public init() {}

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    rows = try container.decode(Int.self, forKey: .rows)
    rowsWithinOneSigma = try container.decode(Int.self, forKey: .rowsWithinOneSigma)
    rowsWithinTwoSigma = try container.decode(Int.self, forKey: .rowsWithinTwoSigma)
    overconfidentRows = try container.decode(Int.self, forKey: .overconfidentRows)
  }

  /// Encodes the counts and the two shares (the shares for readers; decoding recomputes them).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rows, forKey: .rows)
    try container.encode(rowsWithinOneSigma, forKey: .rowsWithinOneSigma)
    try container.encode(rowsWithinTwoSigma, forKey: .rowsWithinTwoSigma)
    try container.encode(overconfidentRows, forKey: .overconfidentRows)
    try container.encodeIfPresent(withinOneSigma, forKey: .withinOneSigma)
    try container.encodeIfPresent(withinTwoSigma, forKey: .withinTwoSigma)
  }

  /// Adds one row: its error (metres, finite) and its reported sigma (metres, ≥ 0).
  mutating func add(errorMeters error: Double, sigmaMeters sigma: Double) {
    let magnitude = abs(error)
    rows += 1
    if magnitude <= sigma { rowsWithinOneSigma += 1 }
    if magnitude <= 2 * sigma { rowsWithinTwoSigma += 1 }
    if magnitude > Self.overconfidentErrorMeters && sigma < magnitude / 5 { overconfidentRows += 1 }
  }

  /// Adds the rows of `other`.
  mutating func merge(_ other: SigmaCoverage) {
    rows += other.rows
    rowsWithinOneSigma += other.rowsWithinOneSigma
    rowsWithinTwoSigma += other.rowsWithinTwoSigma
    overconfidentRows += other.overconfidentRows
  }
}
