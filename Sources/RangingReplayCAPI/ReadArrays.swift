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
  // One stored buffer per array (no Swift arrays of them: reading a class
  // reference out of an array costs a retain and a release per value).
  private let line = RecordBuffer<Int64>()
  private let t = RecordBuffer<Double>()
  private let object = RecordBuffer<Int64>()
  private let kind = RecordBuffer<UInt8>()
  private let distance: RecordBuffer<Double>?
  private let directionX: RecordBuffer<Double>?, directionY: RecordBuffer<Double>?, directionZ: RecordBuffer<Double>?
  private let horizontalAngle: RecordBuffer<Double>?
  private let vertical: RecordBuffer<Int8>?
  private let event: RecordBuffer<Int8>?
  private let trueDistance: RecordBuffer<Double>?, trueX: RecordBuffer<Double>?, trueY: RecordBuffer<Double>?
  private let trueZ: RecordBuffer<Double>?
  private let poseW: RecordBuffer<Double>?, poseX: RecordBuffer<Double>?, poseY: RecordBuffer<Double>?
  private let poseZ: RecordBuffer<Double>?

  /// The arrays that the columns `reads` says the reader reads (docs/FORMATS.md §1's
  /// names, and `azimuth` and `elevation` under an angle unit) can fill.
  init(reads: (String) -> Bool) {
    func buffer<Value>(if given: Bool) -> RecordBuffer<Value>? { given ? RecordBuffer<Value>() : nil }
    let angles = reads("azimuth") || reads("elevation")
    distance = buffer(if: reads("distance"))
    let hasDirection = angles || ["dir_x", "dir_y", "dir_z"].contains(where: reads)
    (directionX, directionY, directionZ) = (buffer(if: hasDirection), buffer(if: hasDirection), buffer(if: hasDirection))
    horizontalAngle = buffer(if: reads("horizontal_angle") || reads("azimuth"))
    vertical = buffer(if: reads("vertical"))
    event = buffer(if: reads("event"))
    (trueDistance, trueX) = (buffer(if: reads("true_distance")), buffer(if: reads("true_x")))
    (trueY, trueZ) = (buffer(if: reads("true_y")), buffer(if: reads("true_z")))
    let hasPose = ["pose_w", "pose_x", "pose_y", "pose_z"].contains(where: reads)
    (poseW, poseX, poseY, poseZ) = (buffer(if: hasPose), buffer(if: hasPose), buffer(if: hasPose), buffer(if: hasPose))
  }

  private var optional: [RecordBuffer<Double>?] {
    [distance, directionX, directionY, directionZ, horizontalAngle, trueDistance, trueX, trueY, trueZ, poseW, poseX,
     poseY, poseZ]
  }

  /// True once memory ran out for any array.
  var failed: Bool {
    line.failed || t.failed || object.failed || kind.failed || vertical?.failed == true || event?.failed == true
      || optional.contains { $0?.failed == true }
  }

  /// Appends each value of `row` to its array.
  func append(_ row: ranging_read_row_t) {
    line.append(row.line)
    t.append(row.t)
    object.append(row.object)
    kind.append(row.kind)
    distance?.append(row.distance_m)
    directionX?.append(row.direction.0)
    directionY?.append(row.direction.1)
    directionZ?.append(row.direction.2)
    horizontalAngle?.append(row.horizontal_angle_rad)
    vertical?.append(row.vertical)
    event?.append(row.event)
    trueDistance?.append(row.truth.0)
    trueX?.append(row.truth.1)
    trueY?.append(row.truth.2)
    trueZ?.append(row.truth.3)
    poseW?.append(row.pose.0)
    poseX?.append(row.pose.1)
    poseY?.append(row.pose.2)
    poseZ?.append(row.pose.3)
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
    var arrays = ranging_read_arrays_t()
    arrays.line = taken(line)
    arrays.t = taken(t)
    arrays.object = taken(object)
    arrays.kind = taken(kind)
    arrays.distance_m = taken(distance)
    arrays.direction = (taken(directionX), taken(directionY), taken(directionZ))
    arrays.horizontal_angle_rad = taken(horizontalAngle)
    arrays.vertical = taken(vertical)
    arrays.event = taken(event)
    arrays.truth = (taken(trueDistance), taken(trueX), taken(trueY), taken(trueZ))
    arrays.pose = (taken(poseW), taken(poseX), taken(poseY), taken(poseZ))
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
