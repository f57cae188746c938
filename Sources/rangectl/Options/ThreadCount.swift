// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The default of `--jobs` (`replay`, `evaluate`).
enum ThreadCount {
  /// One thread per core this process may use, at most 256 (the option's range).
  static var onePerCore: Int { Swift.min(Swift.max(1, ProcessInfo.processInfo.activeProcessorCount), 256) }
}
