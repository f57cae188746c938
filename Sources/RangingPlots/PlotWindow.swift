// SPDX-License-Identifier: Apache-2.0
/// The span of time a plot shows (`rangectl plot --from/--to`), seconds on
/// the input's `t` clock. Either end may be open; an open end is the data's.
public struct PlotWindow: Equatable, Sendable {
  /// First second shown, or nil for the data's first.
  public let from: Double?
  /// Last second shown, or nil for the data's last.
  public let to: Double?

  /// Nil when an end is not finite, or `from` is not before `to`.
  public init?(from: Double?, to: Double?) {
    if let from, !from.isFinite { return nil }
    if let to, !to.isFinite { return nil }
    if let from, let to, !(from < to) { return nil }
    self.from = from
    self.to = to
  }

  /// The whole recording.
  public static let all = PlotWindow()

  /// No end: the whole recording, which needs no check.
  private init() {
    from = nil
    to = nil
  }

  /// Whether `seconds` lies inside the window (both ends included).
  public func contains(_ seconds: Double) -> Bool {
    (from.map { seconds >= $0 } ?? true) && (to.map { seconds <= $0 } ?? true)
  }

  /// `--from 3 --to 9` as words for messages: "between 3 and 9 s",
  /// "from 3 s", "up to 9 s", or "" for the whole recording.
  public var phrase: String {
    switch (from, to) {
    case let (from?, to?): "between \(from) and \(to) s"
    case let (from?, nil): "from \(from) s"
    case let (nil, to?): "up to \(to) s"
    case (nil, nil): ""
    }
  }
}
