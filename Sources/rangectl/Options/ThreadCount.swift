// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayOptions

/// The default of `--jobs` (`replay`, `evaluate`).
enum ThreadCount {
  /// One thread per core this process may use, within the option's range (``ThreadsOption/range``).
  static var onePerCore: Int {
    Swift.min(Swift.max(ThreadsOption.range.lowerBound, ProcessInfo.processInfo.activeProcessorCount), ThreadsOption.range.upperBound)
  }
}
