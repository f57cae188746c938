// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// One line of progress on standard error when it is a terminal: lines read,
/// lines per second, and, when the input's size is known, the percentage and
/// the time left. Redrawn in place at most `interval` seconds apart, and
/// erased by `finish()` so that the summary is written on a clean line.
/// When standard error is not a terminal it draws nothing.
final class ProgressLine {
  /// What is counted ("rows", "scenarios").
  private let unit: String
  /// Bytes of the whole input, when known (a regular file).
  private let totalBytes: Int?
  private let start: Double
  private var lastDrawn: Double
  private var drawn = false
  /// At most this many seconds between redraws: four a second.
  let interval = 0.25

  /// Nil when standard error is not a terminal or `enabled` is false.
  init?(unit: String, totalBytes: Int?, enabled: Bool = true) {
    guard enabled, isatty(STDERR_FILENO) == 1 else { return nil }
    self.unit = unit
    self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
    start = Self.now()
    lastDrawn = start
  }

  /// The size of a regular file at `path`, else nil (standard input, a pipe).
  static func regularFileSize(_ path: String) -> Int? {
    var status = stat()
    guard path != "-", stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Redraws the line if `interval` has passed since the last time.
  func update(count: Int, bytes: Int) {
    let now = Self.now()
    guard now - lastDrawn >= interval else { return }
    lastDrawn = now
    fputs("\r\u{1B}[K" + Self.text(unit: unit, count: count, bytes: bytes, totalBytes: totalBytes, elapsed: now - start), stderr)
    fflush(stderr)
    drawn = true
  }

  /// Erases the line, if one was drawn.
  func finish() {
    guard drawn else { return }
    fputs("\r\u{1B}[K", stderr)
    fflush(stderr)
    drawn = false
  }

  /// The line's text: `1,234,567 rows, 812,345 rows/s, 41%, 6 s left`.
  static func text(unit: String, count: Int, bytes: Int, totalBytes: Int?, elapsed: Double) -> String {
    let rate = elapsed > 0 ? Double(count) / elapsed : 0
    var text = "\(grouped(count)) \(unit), \(grouped(Int(rate))) \(unit)/s"
    if let totalBytes, bytes > 0 {
      let fraction = min(1, Double(bytes) / Double(totalBytes))
      text += ", \(Int(fraction * 100))%"
      if elapsed > 0, fraction > 0 {
        let left = elapsed * (1 - fraction) / fraction
        text += ", \(duration(left)) left"
      }
    }
    return text
  }

  /// `12,345,678`.
  static func grouped(_ value: Int) -> String {
    let digits = String(max(0, value))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }

  /// `42 s`, `3 min 05 s`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    if whole < 60 { return "\(whole) s" }
    let rest = whole % 60
    return "\(whole / 60) min \(rest < 10 ? "0" : "")\(rest) s"
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
