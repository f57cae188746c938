// SPDX-License-Identifier: Apache-2.0
/// Range errors drawn from real recordings by moving-block bootstrap
/// (Künsch, "The jackknife and the bootstrap for general stationary
/// observations", Ann. Statist. 17(3), 1989), the second measurement model of
/// ``ScenarioGenerator`` beside the parametric ``MeasurementModel``.
///
/// For each generated object and repetition (`ResidualBootstrap`):
///
/// 1. One source is drawn uniformly among the library's sources, then one of
///    its tracks with probability proportional to the track's duration. The
///    object keeps that track, so a device's bias stays with the object (a
///    track is one device pair of one recording).
/// 2. The object's residual sequence is cut into blocks of ``blockSeconds``
///    of generated time (shorter tracks give blocks as long as the track).
///    Each block starts at a random row of the track, chosen among the rows
///    whose true distance is near the generated true distance at the block's
///    first update (``matchesRange``), and runs on in the track's own time.
/// 3. At a generated update `blockStart + τ`, the residual is the track's
///    row nearest to `trackStart + τ`. A row farther than one of the track's
///    median intervals away (inside a gap of the recording), or a gap row,
///    gives a missing measurement: dropouts come from the recordings, at
///    any rate.
///
/// Why these choices (measured with `scripts/generators/residual-library --report`,
/// quoted in `datasets/README.md`, "Real noise"):
/// - Block length 5 s: the residual's autocorrelation (less each track's
///   median) falls to 0.09 at 3 s and 0.00 at 5 s in LIAS, below 0.05 after
///   0.5 s in Hanyang; Hanyang's NLOS steps last 0.5-2.2 s and its short
///   outlier runs up to 0.5 s, so a 5 s block carries them whole in most
///   draws. ARexp's phone-smoothed residual is still 0.26 at 5 s: longer
///   blocks would keep more of it, but its one moving track lasts 109 s.
/// - Range matching: the error depends on range (Hanyang's median residual is
///   -0.04 m at 3-5 m and +0.16 m at 30-60 m; LIAS's +0.17 m at 1-2 m and
///   +0.25 m at 5-8 m), and most of Hanyang's rows lie beyond 8 m while the
///   scenarios stay within 10 m. A block starts at a row whose true distance
///   is within max(0.5 m, 25 %) of the generated one; when the track has
///   fewer than ten such rows (a static track, or a range the track never
///   reached), at one of its ten rows nearest in range. Scaling residuals by
///   range was not chosen: the short outliers (a fraction of the truth) and
///   the bias (an offset plus a slope) would need different laws.
public struct BootstrapNoiseModel: Sendable {
  /// Default ``blockSeconds``.
  public static let defaultBlockSeconds = 5.0
  /// Half-width of the range window, metres, at short range.
  public static let rangeWindowMeters = 0.5
  /// Half-width of the range window as a fraction of the generated distance.
  public static let rangeWindowFraction = 0.25
  /// Fewest block starts a draw chooses among.
  static let minimumCandidates = 10

  /// Where the residuals come from.
  public let library: ResidualLibrary
  /// Length of a block of generated time, seconds, > 0.
  public let blockSeconds: Double
  /// Whether a block starts near the generated true distance (step 2);
  /// false draws the start uniformly along the track.
  public let matchesRange: Bool
  /// Per track of ``library``: its block starts and lookup tolerance.
  let index: [TrackIndex]

  /// What the bootstrap needs to know about one track.
  struct TrackIndex {
    /// The block length on this track: ``blockSeconds`` or the track's duration if shorter.
    var blockSeconds: Double
    /// Farthest a row may be from the looked-up time: the median interval.
    var toleranceSeconds: Double
    /// Rows with a residual that leave a whole block after them, by true distance.
    var startDistances: [Double]
    /// The track time of each entry of ``startDistances``.
    var startSeconds: [Double]
    /// Weight of the track when its source is drawn: its duration.
    var weight: Double
  }

  /// Creates the model and indexes the library's tracks.
  ///
  /// - Parameters:
  ///   - library: at least one track (``ResidualLibrary`` guarantees it).
  ///   - blockSeconds: block length, seconds, finite and > 0 (traps otherwise:
  ///     the command line offers no way to set it).
  ///   - matchesRange: see ``matchesRange``.
  /// - Complexity: O(n log n) in the library's rows.
  public init(library: ResidualLibrary, blockSeconds: Double = defaultBlockSeconds, matchesRange: Bool = true) {
    precondition(blockSeconds > 0 && blockSeconds.isFinite, "BootstrapNoiseModel: blockSeconds must be finite and > 0")
    self.library = library
    self.blockSeconds = blockSeconds
    self.matchesRange = matchesRange
    index = library.tracks.map { track in
      let length = min(blockSeconds, track.durationSeconds)
      let latest = track.seconds[track.seconds.count - 1] - length
      var starts: [(distance: Double, seconds: Double)] = []
      for row in track.seconds.indices where track.seconds[row] <= latest {
        if let distance = track.trueDistanceMeters[row], track.residualMeters[row] != nil {
          starts.append((distance, track.seconds[row]))
        }
      }
      starts.sort { ($0.distance, $0.seconds) < ($1.distance, $1.seconds) }
      return TrackIndex(
        blockSeconds: length, toleranceSeconds: track.medianIntervalSeconds, startDistances: starts.map(\.distance),
        startSeconds: starts.map(\.seconds), weight: track.durationSeconds)
    }
  }

  /// The `#` lines the generated files carry (without `# `).
  var commentLines: [String] {
    let counts = library.sources.map { source in "\(source) \(library.tracks.filter { $0.source == source }.count)" }
    return [
      "noise: bootstrap (BootstrapNoiseModel): range errors from real recordings by moving-block bootstrap, blocks of "
        + "\(blockSeconds) s from one track per object and repetition, "
        + (matchesRange
          ? "starting within max(\(BootstrapNoiseModel.rangeWindowMeters) m, \(BootstrapNoiseModel.rangeWindowFraction * 100) %) of the true distance"
          : "starting anywhere along the track"),
      "residuals: \(library.path) (\(library.rowCount) rows); sources \(library.sources.joined(separator: ",")); "
        + "tracks \(counts.joined(separator: ", "))",
      "bootstrap: distance = max(0, true_distance + residual + the excess delay of scheduled NLOS or body blocking); "
        + "a residual from a gap of the recording leaves the update missing; the parametric range noise, spikes, device bias, "
        + "heavy tails, short outliers, random NLOS episodes, dropouts and gaps are off (the residuals carry theirs); "
        + "timing and direction as the parametric model below",
    ]
  }
}
