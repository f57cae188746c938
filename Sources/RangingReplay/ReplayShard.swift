// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import ZoneMonitor

/// One of `count` disjoint parts of a recording's objects, for a replay
/// spread over threads (`rangectl replay --jobs`): chosen by a hash of each
/// object's name (``index(ofNameBytes:count:)``) when a ``Replayer`` reads a
/// file itself, and by rows when a `ShardedReplay` hands it its rows.
///
/// A ``Replayer`` given a shard reads every row it is handed (a file: every
/// row). Its own objects' rows go through its engine; on every other usable
/// row it only moves the engine's clock to the row's time. A whole replay's
/// lost check (every 0.5 s of clock time, exiting objects silent for the lost
/// timeout) runs on whatever row moves the clock, so each shard runs the same
/// checks at the same rows and loses its objects at the same times as a
/// replay of the whole file (a `ShardedReplay` hands a shard those rows of
/// other objects where the check runs, and no others: `ShardedTrackRegistry`). Events
/// carry the line of the row that caused them (``ReplayObserver/event(_:objectName:place:)``), so
/// that the shards' events merge into the whole replay's order.
///
/// Reading a file itself, two things differ from one replay of the whole
/// file: each shard has the whole `capacity` for its own objects, so a
/// recording that makes one engine evict objects gives other events; and
/// objects of different shards lost at the same check come out shard by
/// shard, not in the one table's slot order. A `ShardedReplay` hands its
/// shards what the one table does (evictions, slots), and the output is the
/// whole replay's.
public struct ReplayShard: Sendable, Equatable {
  /// This shard, 0..<count.
  public let index: Int
  /// How many shards share the objects, ≥ 1.
  public let count: Int

  /// - Precondition: `0 <= index < count`.
  public init(index: Int, count: Int) {
    precondition(count >= 1 && index >= 0 && index < count, "ReplayShard: index must be in 0..<count")
    self.index = index
    self.count = count
  }

  /// Whether the object named by these bytes (a field of the file) is this
  /// shard's: ``index(ofNameBytes:count:)`` is ``index``.
  ///
  /// - Complexity: O(bytes); allocates only for a name that is not valid UTF-8.
  public func owns(nameBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    count == 1 || Self.index(ofNameBytes: bytes, count: count) == index
  }

  /// Whether the object `name` is this shard's (see ``owns(nameBytes:)``).
  public func owns(name: String) -> Bool {
    if count == 1 { return true }
    var name = name
    return name.withUTF8 { Self.shard(of: $0, count: count) } == index
  }

  /// The shard, among `count`, of the object named by these bytes: the 64-bit
  /// FNV-1a hash (Fowler, Noll and Vo) of the name's UTF-8 as the reader
  /// decodes it, modulo `count`.
  ///
  /// - Precondition: `count` ≥ 1.
  /// - Complexity: O(bytes); allocates only for a name that is not valid UTF-8.
  public static func index(ofNameBytes bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Int {
    Int(nameHash(ofNameBytes: bytes) % UInt64(count))
  }

  /// The 64-bit FNV-1a hash of the name these bytes (a field of the file)
  /// name, as the reader decodes it.
  ///
  /// - Complexity: O(bytes); allocates only for a name that is not valid UTF-8.
  public static func nameHash(ofNameBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    if bytes.allSatisfy({ $0 < 0x80 }) { return hash(of: bytes) }
    var name = UTF8Text.decode(bytes)
    return name.withUTF8 { hash(of: $0) }
  }

  private static func shard(of bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Int {
    Int(hash(of: bytes) % UInt64(count))
  }

  private static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }
}

/// Where a zone event falls in a replay of the whole file: the line of the
/// row that caused it, the step of that row's processing that emitted it
/// (`ZoneEvent.step`), and, for the exits of a lost check, the lost object's
/// slot in the one object table.
public struct ReplayEventPlace: Sendable, Equatable {
  /// The 1-based physical line of the row.
  public var line: Int
  public var step: PipelineStep
  /// For `PipelineStep.lostCheck`, the lost object's slot in the table of
  /// one replay of the whole file, when known (`ShardedReplay`): one check
  /// finds its objects in slot order. 0 otherwise.
  public var slot: Int

  public init(line: Int, step: PipelineStep = .input, slot: Int = 0) {
    self.line = line
    self.step = step
    self.slot = slot
  }
}
