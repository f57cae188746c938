// SPDX-License-Identifier: Apache-2.0
import _RangingReplayCHeader

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The rows of a read as one array per value (`ranging_read_arrays_t`,
/// `ranging_read_file`'s option `--arrays`): each ``ranging_read_row_t``
/// split into the arrays that the file's columns can fill, the others left
/// NULL. A binding then copies whole arrays instead of picking each value
/// out of 136-byte records (for a table of columns, such as a DataFrame).
final class ReadArrays {
  private let line = RecordBuffer<Int64>()
  private let t = RecordBuffer<Double>()
  private let object = RecordBuffer<Int64>()
  private let kind = RecordBuffer<UInt8>()
  private let distance: RecordBuffer<Double>?
  private let direction: [RecordBuffer<Double>]
  private let horizontalAngle: RecordBuffer<Double>?
  private let vertical: RecordBuffer<Int8>?
  private let event: RecordBuffer<Int8>?
  private let truth: [RecordBuffer<Double>?]
  private let pose: [RecordBuffer<Double>]

  /// The arrays that the columns `reads` says the reader reads (docs/FORMATS.md §1's
  /// names, and `azimuth` and `elevation` under an angle unit) can fill.
  init(reads: (String) -> Bool) {
    func buffer<Value>(if given: Bool) -> RecordBuffer<Value>? { given ? RecordBuffer<Value>() : nil }
    let angles = reads("azimuth") || reads("elevation")
    distance = buffer(if: reads("distance"))
    let hasDirection = angles || ["dir_x", "dir_y", "dir_z"].contains(where: reads)
    direction = hasDirection ? (0..<3).map { _ in RecordBuffer<Double>() } : []
    horizontalAngle = buffer(if: reads("horizontal_angle") || reads("azimuth"))
    vertical = buffer(if: reads("vertical"))
    event = buffer(if: reads("event"))
    truth = ["true_distance", "true_x", "true_y", "true_z"].map { buffer(if: reads($0)) }
    let hasPose = ["pose_w", "pose_x", "pose_y", "pose_z"].contains(where: reads)
    pose = hasPose ? (0..<4).map { _ in RecordBuffer<Double>() } : []
  }

  /// True once memory ran out for any array.
  var failed: Bool {
    [line.failed, t.failed, object.failed, kind.failed, distance?.failed ?? false, horizontalAngle?.failed ?? false,
     vertical?.failed ?? false, event?.failed ?? false].contains(true)
      || direction.contains { $0.failed } || truth.contains { $0?.failed ?? false } || pose.contains { $0.failed }
  }

  /// Appends each value of `row` to its array.
  func append(_ row: ranging_read_row_t) {
    line.append(row.line)
    t.append(row.t)
    object.append(row.object)
    kind.append(row.kind)
    distance?.append(row.distance_m)
    if !direction.isEmpty {
      direction[0].append(row.direction.0)
      direction[1].append(row.direction.1)
      direction[2].append(row.direction.2)
    }
    horizontalAngle?.append(row.horizontal_angle_rad)
    vertical?.append(row.vertical)
    event?.append(row.event)
    truth[0]?.append(row.truth.0)
    truth[1]?.append(row.truth.1)
    truth[2]?.append(row.truth.2)
    truth[3]?.append(row.truth.3)
    if !pose.isEmpty {
      pose[0].append(row.pose.0)
      pose[1].append(row.pose.1)
      pose[2].append(row.pose.2)
      pose[3].append(row.pose.3)
    }
  }

  /// Hands the arrays over: the caller frees each with `free` (``release(_:)``).
  func take() -> ranging_read_arrays_t {
    // A given array is never NULL, even without rows (room for one value then), so that NULL says the file
    // has no column for it.
    func taken<Value>(_ buffer: RecordBuffer<Value>?) -> UnsafePointer<Value>? {
      guard let buffer else { return nil }
      let bytes = UnsafeRawPointer(buffer.take().bytes) ?? UnsafeRawPointer(malloc(MemoryLayout<Value>.stride))
      return bytes?.assumingMemoryBound(to: Value.self)
    }
    func taken<Value>(_ buffers: [RecordBuffer<Value>], _ index: Int) -> UnsafePointer<Value>? {
      index < buffers.count ? taken(buffers[index]) : nil
    }
    var arrays = ranging_read_arrays_t()
    arrays.line = taken(line)
    arrays.t = taken(t)
    arrays.object = taken(object)
    arrays.kind = taken(kind)
    arrays.distance_m = taken(distance)
    arrays.direction = (taken(direction, 0), taken(direction, 1), taken(direction, 2))
    arrays.horizontal_angle_rad = taken(horizontalAngle)
    arrays.vertical = taken(vertical)
    arrays.event = taken(event)
    arrays.truth = (taken(truth[0]), taken(truth[1]), taken(truth[2]), taken(truth[3]))
    arrays.pose = (taken(pose, 0), taken(pose, 1), taken(pose, 2), taken(pose, 3))
    return arrays
  }

  /// Frees every array of `arrays` (NULL ones are left as they are).
  static func release(_ arrays: ranging_read_arrays_t) {
    let pointers: [UnsafeRawPointer?] = [
      UnsafeRawPointer(arrays.line), UnsafeRawPointer(arrays.t), UnsafeRawPointer(arrays.object),
      UnsafeRawPointer(arrays.kind), UnsafeRawPointer(arrays.distance_m), UnsafeRawPointer(arrays.direction.0),
      UnsafeRawPointer(arrays.direction.1), UnsafeRawPointer(arrays.direction.2),
      UnsafeRawPointer(arrays.horizontal_angle_rad), UnsafeRawPointer(arrays.vertical), UnsafeRawPointer(arrays.event),
      UnsafeRawPointer(arrays.truth.0), UnsafeRawPointer(arrays.truth.1), UnsafeRawPointer(arrays.truth.2),
      UnsafeRawPointer(arrays.truth.3), UnsafeRawPointer(arrays.pose.0), UnsafeRawPointer(arrays.pose.1),
      UnsafeRawPointer(arrays.pose.2), UnsafeRawPointer(arrays.pose.3),
    ]
    for pointer in pointers { free(UnsafeMutableRawPointer(mutating: pointer)) }
  }
}
