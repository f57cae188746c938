// SPDX-License-Identifier: Apache-2.0

extension ReplaySummary {
  /// The warning of a replay that evicted objects, without its prefix
  /// (``warnings(zones:mapping:path:)`` says whose), or nil when none was
  /// evicted.
  ///
  /// An evicted object exits its zones with reason `evicted` and starts a new
  /// track when it is heard again, so a recording with more live objects
  /// than the table holds (a fleet replayed with the default capacity of 64)
  /// gives events that say more about the table than about the objects:
  /// 1,000 objects live at once evicted on 329,273 of 330,321 rows. The
  /// summary's count alone was easy to miss; the warning names the option.
  public func evictionWarning(path: String) -> String? {
    guard evictions > 0 else { return nil }
    return "\(path): \(evictions) eviction\(evictions == 1 ? "" : "s") from a full object table: more objects were live "
      + "at once than it holds, and an evicted object leaves its zones (reason evicted) and starts anew when it is "
      + "heard again: give a larger --capacity"
  }
}
