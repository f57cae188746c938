// SPDX-License-Identifier: Apache-2.0
import ArgumentParser

/// `--jobs`, the threads of a replay (`rangectl replay`, and the replay
/// reached from C) or of `rangectl evaluate`'s files: its range and its
/// refusal, stated once for every command that takes it.
public enum ThreadsOption {
  /// Accepted values: 1 to 256. More threads than any machine's cores only
  /// queue; rangectl's default (one per core) is capped here too.
  public static let range: ClosedRange<Int> = 1...256

  /// The range as the option's help names it: "1...256".
  public static var rangeText: String { "\(range.lowerBound)...\(range.upperBound)" }

  /// Refuses `jobs` outside ``range``, naming the option.
  public static func validate(_ jobs: Int) throws {
    guard range.contains(jobs) else { throw ValidationError("--jobs must be in \(rangeText), got \(jobs)") }
  }
}
