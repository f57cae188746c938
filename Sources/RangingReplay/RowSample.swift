// SPDX-License-Identifier: Apache-2.0
/// A sample of at most ``capacity`` values, one per row, that a replay keeps
/// to judge whether its data is plausible for the units it was read in
/// (``UnitEvidence``): memory stays fixed however long the input, a live
/// stream included.
///
/// The rows kept are those whose line numbers hash lowest (a bottom-k
/// sample; Cohen and Kaplan, "Summarizing data using bottom-k sketches",
/// PODC 2007): uniform over the rows, and independent of the order they
/// arrive in, so the samples of the shards of a `--jobs` replay merge into
/// exactly the sample of one replay.
public struct RowSample: Sendable {
  /// Values kept at most.
  public static let capacity = 1024
  /// A kept row: its line's hash and its value.
  @usableFromInline struct Entry: Sendable {
    @usableFromInline var hash: UInt64
    @usableFromInline var value: Double
    @inlinable init(hash: UInt64, value: Double) {
      self.hash = hash
      self.value = value
    }
  }

  /// The kept rows as a binary max-heap by hash (Williams 1964; Cormen et
  /// al., "Introduction to Algorithms", §6.1): the largest hash, the first to
  /// leave, at index 0, each entry's hash at least its children's at `2i + 1`
  /// and `2i + 2`. A row that enters a full sample replaces the root in
  /// O(log capacity) steps, where a scan for the largest took 2,048
  /// comparisons (perf put 3 % of a replay's samples there; the heap made
  /// the replay about 1 % faster, docs/PERFORMANCE.md). The set kept, and so
  /// the sample, does not depend on the heap's order.
  @usableFromInline var entries: [Entry] = []

  public init() {}

  /// Values kept.
  public var count: Int { entries.count }

  /// Keeps `value` of the row at `line` if its hash is among the lowest.
  @inlinable
  mutating func add(_ value: Double, line: Int) {
    keep(value, hash: Self.hash(line))
  }

  /// Keeps `value`, whose row hashes to `hash`, if the hash is among the lowest.
  @inlinable
  mutating func keep(_ value: Double, hash: UInt64) {
    if entries.count < Self.capacity {
      entries.append(Entry(hash: hash, value: value))
      siftUp(from: entries.count - 1)
    } else if hash < entries[0].hash {
      entries[0] = Entry(hash: hash, value: value)
      siftDown(from: 0)
    }
  }

  /// Moves the entry at `index` up while its hash exceeds its parent's.
  @usableFromInline
  mutating func siftUp(from index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].hash > entries[parent].hash else { return }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  /// Moves the entry at `index` down while a child's hash exceeds its own.
  @usableFromInline
  mutating func siftDown(from index: Int) {
    var parent = index
    while true {
      let left = 2 * parent + 1, right = left + 1
      var largest = parent
      if left < entries.count && entries[left].hash > entries[largest].hash { largest = left }
      if right < entries.count && entries[right].hash > entries[largest].hash { largest = right }
      guard largest != parent else { return }
      entries.swapAt(parent, largest)
      parent = largest
    }
  }

  /// The sample of the rows of both.
  mutating func merge(_ other: RowSample) {
    for entry in other.entries { keep(entry.value, hash: entry.hash) }
  }

  /// The median of the values kept (the lower of the middle two), or nil when none is.
  public var median: Double? {
    guard !entries.isEmpty else { return nil }
    return entries.map(\.value).sorted()[(entries.count - 1) / 2]
  }

  /// SplitMix64's finaliser (Steele, Lea and Flood, OOPSLA 2014): a bijection,
  /// so distinct lines never share a hash.
  @inlinable
  static func hash(_ line: Int) -> UInt64 {
    var z = UInt64(bitPattern: Int64(line)) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension RowSample: Equatable {
  /// The same rows with the same values, in whatever order they were kept.
  public static func == (lhs: RowSample, rhs: RowSample) -> Bool {
    func sorted(_ sample: RowSample) -> [Entry] { sample.entries.sorted { $0.hash < $1.hash } }
    return sorted(lhs).elementsEqual(sorted(rhs)) { $0.hash == $1.hash && $0.value.bitPattern == $1.value.bitPattern }
  }
}
