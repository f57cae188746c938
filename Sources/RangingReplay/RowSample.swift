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
  /// Hashes of the kept rows' lines, and their values, in no order.
  @usableFromInline var hashes: [UInt64] = []
  @usableFromInline var values: [Double] = []
  /// The largest hash kept (the first to leave); meaningful when full.
  @usableFromInline var largestHash: UInt64 = 0

  public init() {}

  /// Values kept.
  public var count: Int { values.count }

  /// Keeps `value` of the row at `line` if its hash is among the lowest.
  @inlinable
  mutating func add(_ value: Double, line: Int) {
    keep(value, hash: Self.hash(line))
  }

  /// Keeps `value`, whose row hashes to `hash`, if the hash is among the lowest.
  @inlinable
  mutating func keep(_ value: Double, hash: UInt64) {
    if values.count < Self.capacity {
      hashes.append(hash)
      values.append(value)
      largestHash = Swift.max(largestHash, hash)
    } else if hash < largestHash {
      replaceLargest(hash: hash, value: value)
    }
  }

  @usableFromInline
  mutating func replaceLargest(hash: UInt64, value: Double) {
    guard let index = hashes.firstIndex(of: largestHash) else { return }
    hashes[index] = hash
    values[index] = value
    largestHash = hashes.max() ?? 0
  }

  /// The sample of the rows of both.
  mutating func merge(_ other: RowSample) {
    for (hash, value) in zip(other.hashes, other.values) { keep(value, hash: hash) }
  }

  /// The median of the values kept (the lower of the middle two), or nil when none is.
  public var median: Double? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[(values.count - 1) / 2]
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
    func sorted(_ sample: RowSample) -> [(UInt64, Double)] {
      zip(sample.hashes, sample.values).sorted { $0.0 < $1.0 }
    }
    return sorted(lhs).elementsEqual(sorted(rhs)) { $0.0 == $1.0 && $0.1.bitPattern == $1.1.bitPattern }
  }
}
