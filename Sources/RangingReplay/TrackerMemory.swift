// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a tracker's preallocated slots cost, and what the machine can give.
///
/// `ObjectTracker` allocates every slot's filters when it is created (so that
/// updates never allocate), so a large `--capacity` costs its memory at once:
/// 16,777,216 slots asked for about 53 GB and the process was killed. A
/// command checks `shortfall(capacity:directionTracking:)` first and
/// refuses a capacity that cannot fit, with the largest one that can.
public enum TrackerMemory {
  /// Bytes per slot with direction tracking on: both filters' workspaces.
  /// Measured with `/usr/bin/time -f %M rangectl replay ... --capacity 100000`
  /// against `--capacity 1` (3.28 KiB per slot, 2026-11-24, after the
  /// distance filter's undo, restart and confirmation state), rounded up
  /// with room for a little more.
  public static let bytesPerSlotWithDirection = 3500
  /// Bytes per slot with `--direction off` (0.97 KiB measured the same way), rounded up.
  public static let bytesPerSlotWithoutDirection = 1100

  /// Estimated bytes for `capacity` slots.
  public static func estimatedBytes(capacity: Int, directionTracking: Bool) -> Int {
    capacity.multipliedReportingOverflow(
      by: directionTracking ? bytesPerSlotWithDirection : bytesPerSlotWithoutDirection
    ).partialValue
  }

  /// Memory this process may still use, bytes: the smaller of Linux's
  /// `MemAvailable` (or the physical memory where that is unknown) and a
  /// cgroup limit.
  public static func availableBytes() -> Int {
    var available = Int(sysconf(Int32(_SC_PHYS_PAGES))) &* Int(sysconf(Int32(_SC_PAGESIZE)))
    if let kibibytes = firstNumber(inFile: "/proc/meminfo", after: "MemAvailable:") {
      available = kibibytes &* 1024
    }
    for limitFile in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
      if let limit = firstNumber(inFile: limitFile, after: ""), limit > 0 { available = min(available, limit) }
    }
    return max(available, 0)
  }

  /// Why `capacity` slots do not fit in half the available memory, or nil
  /// when they do; the text names the estimate, the memory and the largest
  /// capacity that fits.
  public static func shortfall(
    capacity: Int, directionTracking: Bool, availableBytes: Int = TrackerMemory.availableBytes()
  ) -> String? {
    let needed = estimatedBytes(capacity: capacity, directionTracking: directionTracking)
    let budget = availableBytes / 2
    guard needed > budget else { return nil }
    let perSlot = directionTracking ? bytesPerSlotWithDirection : bytesPerSlotWithoutDirection
    return "\(capacity) objects need about \(megabytes(needed)) MB of filter state (\(perSlot) bytes each, "
      + "allocated up front), more than half the \(megabytes(availableBytes)) MB available; "
      + "at most \(max(1, budget / perSlot)) here"
      + (directionTracking ? " (\(max(1, budget / bytesPerSlotWithoutDirection)) with --direction off)" : "")
  }

  private static func megabytes(_ bytes: Int) -> Int { bytes / 1_000_000 }

  /// The first decimal number in `path` after `label` (the file's first
  /// 64 KiB), or nil when the file or the number is missing (`max` in a cgroup file).
  private static func firstNumber(inFile path: String, after label: String) -> Int? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 65_536)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
    guard let labelRange = label.isEmpty ? text.startIndex..<text.startIndex : text.firstRange(of: label) else { return nil }
    let digits = text[labelRange.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isASCII && $0.isNumber }
    return Int(digits)
  }
}
