// SPDX-License-Identifier: Apache-2.0
/// One object's range errors in one repetition, drawn by
/// ``BootstrapNoiseModel`` (its documentation gives the steps and their
/// reasons).
///
/// Draws, from the bootstrap stream only: at creation, the source (one
/// `gsl_rng_uniform_int`) and the track (one `gsl_rng_uniform`, against the
/// tracks' cumulative durations); at each block's first update, the block's
/// start (one `gsl_rng_uniform_int` among the candidate rows).
struct ResidualBootstrap {
  let model: BootstrapNoiseModel
  /// The object's track.
  let track: ResidualTrack
  /// Its block starts and lookup tolerance.
  private let index: BootstrapNoiseModel.TrackIndex
  /// Scenario time at which the current block began, seconds.
  private var blockStartSeconds = -Double.infinity
  /// Track time matching ``blockStartSeconds``.
  private var trackStartSeconds = 0.0

  init(model: BootstrapNoiseModel, random: MT19937RandomSource) {
    self.model = model
    let sources = model.library.sources
    let source = sources[random.integer(0, sources.count - 1)]
    let candidates = model.library.tracks.indices.filter { model.library.tracks[$0].source == source }
    let total = candidates.reduce(0) { $0 + model.index[$1].weight }
    let u = random.uniform()
    var chosen = candidates[candidates.count - 1]
    if total > 0 {
      var cumulative = 0.0
      for candidate in candidates {
        cumulative += model.index[candidate].weight
        if u * total < cumulative {
          chosen = candidate
          break
        }
      }
    } else {
      // Every track of the source is a single instant: draw uniformly.
      chosen = candidates[min(candidates.count - 1, Int(u * Double(candidates.count)))]
    }
    track = model.library.tracks[chosen]
    index = model.index[chosen]
  }

  /// The range error of the update at scenario time `seconds`, metres, or nil
  /// when the recording has no measurement there.
  ///
  /// - Parameters:
  ///   - seconds: scenario time, non-decreasing between calls.
  ///   - trueDistanceMeters: the generated true distance now (chooses a new block's start).
  mutating func residualMeters(at seconds: Double, trueDistanceMeters: Double, random: MT19937RandomSource) -> Double? {
    if seconds - blockStartSeconds >= index.blockSeconds {
      blockStartSeconds = seconds
      trackStartSeconds = blockStart(near: trueDistanceMeters, random: random)
    }
    let time = trackStartSeconds + (seconds - blockStartSeconds)
    let row = track.nearestRow(to: time)
    guard abs(track.seconds[row] - time) <= index.toleranceSeconds else { return nil }
    return track.residualMeters[row]
  }

  /// A block start (track time): uniform among the rows within the range
  /// window of `distance`, or among the ``BootstrapNoiseModel/minimumCandidates``
  /// rows nearest in range when the window holds fewer.
  private func blockStart(near distance: Double, random: MT19937RandomSource) -> Double {
    let distances = index.startDistances
    guard !distances.isEmpty else { return track.seconds[0] }
    guard model.matchesRange else { return index.startSeconds[random.integer(0, distances.count - 1)] }
    let halfWidth = max(BootstrapNoiseModel.rangeWindowMeters, BootstrapNoiseModel.rangeWindowFraction * distance)
    var low = firstIndex(in: distances, notBelow: distance - halfWidth)
    var high = firstIndex(in: distances, notBelow: distance) // grows to one past the window
    while high < distances.count && distances[high] <= distance + halfWidth { high += 1 }
    // Widen to the nearest rows in range, one at a time, until there are enough.
    let wanted = min(BootstrapNoiseModel.minimumCandidates, distances.count)
    while high - low < wanted {
      if low == 0 {
        high += 1
      } else if high == distances.count || distance - distances[low - 1] <= distances[high] - distance {
        low -= 1
      } else {
        high += 1
      }
    }
    return index.startSeconds[random.integer(low, high - 1)]
  }

  /// The first index whose value is ≥ `value` in a sorted array (binary search).
  private func firstIndex(in sorted: [Double], notBelow value: Double) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
