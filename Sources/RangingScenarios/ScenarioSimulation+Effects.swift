// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The state of one object's ``MeasurementEffects`` during one repetition.
///
/// These effects draw from the effects stream only (see ``ScenarioGenerator``),
/// a fixed number of draws per scheduled update whatever happens, so that
/// switching any of them off leaves every other draw, and every row it does
/// not touch, unchanged.
struct EffectState {
  /// What the effects do to one scheduled update.
  struct Outcome {
    /// Inside a gap: no row.
    var isInGap: Bool
    /// Factor on the range noise sigma from the heavy-tail mixture (1 or the configured factor).
    var heavyTailFactor: Double
    /// The fraction of the true distance a short outlier reads, when this update is one.
    var shortOutlierFraction: Double?
    /// The bias of the random NLOS episode in force, metres, if any.
    var nlosEpisodeBiasMeters: Double?
    /// True when an NLOS episode in force removes the direction.
    var nlosDropsDirection: Bool
    /// The body-blocking episode in force, if any.
    var bodyBlocking: (biasMeters: Double, noiseFactor: Double)?
  }

  let model: MeasurementModel
  /// The object's constant offset `b`, metres.
  let offsetMeters: Double
  /// The object's scale error `s`.
  let scaleFraction: Double
  private let nominalIntervalSeconds: Double
  private let nlosStartProbability: Double
  private let gapStartProbability: Double

  private var shortUpdatesLeft = 0
  private var shortFraction = 0.0
  private var nlosEndSeconds = -Double.infinity
  private var nlosBiasMeters = 0.0
  private var nlosDropsDirection = false
  private var bodyWasBlocked = false
  private var bodyBiasMeters = 0.0
  private var bodyNoiseFactor = 1.0
  private var gapEndSeconds = -Double.infinity

  /// Draws the object's offset and scale error (two draws, in that order).
  init(model: MeasurementModel, random: MT19937RandomSource) {
    self.model = model
    offsetMeters = random.uniform(model.deviceOffsetMeters.lowerBound, model.deviceOffsetMeters.upperBound)
    scaleFraction = random.uniform(model.deviceScaleFraction.lowerBound, model.deviceScaleFraction.upperBound)
    nominalIntervalSeconds = 1 / model.updateRateHz
    let nominalMinutes = nominalIntervalSeconds / 60
    // P(start at an update) = 1 - exp(-λ·Δt): a Poisson process of λ per minute sampled every Δt
    nlosStartProbability = -expm1(-model.nlosEpisodesPerMinute * nominalMinutes)
    gapStartProbability = -expm1(-model.gapsPerMinute * nominalMinutes)
  }

  /// Advances the effects to the scheduled update at `seconds` (scenario
  /// time) and says what they do to it.
  ///
  /// A gap or an NLOS episode that starts at this update began at a uniformly
  /// random time since the previous one: `seconds - (u/p)·Δ` for the start
  /// draw `u < p` (given `u < p`, `u/p` is uniform on [0, 1)), so a gap
  /// shorter than the interval may miss every update, as it would at a low rate.
  ///
  /// Twelve draws, always, in this order: heavy-tail chance; short-outlier
  /// start, length, fraction; NLOS-episode start, length, bias, direction
  /// loss; body-blocking bias, noise factor; gap start, length.
  ///
  /// - Parameters:
  ///   - seconds: the update's scenario time, non-decreasing between calls.
  ///   - isBodyBlocked: whether the true position is behind the user's body now.
  mutating func advance(at seconds: Double, isBodyBlocked: Bool, random: MT19937RandomSource) -> Outcome {
    let heavy = random.chance(model.heavyTailProbability)
    let shortStarts = random.chance(model.shortOutlierProbability)
    let shortLength = random.integer(1, model.shortOutlierMaxUpdates)
    let shortFractionDraw = random.uniform(model.shortOutlierFraction.lowerBound, model.shortOutlierFraction.upperBound)
    let nlosStart = random.uniform()
    let nlosSeconds = random.uniform(model.nlosEpisodeSeconds.lowerBound, model.nlosEpisodeSeconds.upperBound)
    let nlosBias = random.uniform(model.nlosBiasMeters.lowerBound, model.nlosBiasMeters.upperBound)
    let nlosLosesDirection = random.chance(model.nlosDirectionLossProbability)
    let bodyBias = random.uniform(model.bodyBlockingBiasMeters.lowerBound, model.bodyBlockingBiasMeters.upperBound)
    let bodyFactor = random.uniform(model.bodyBlockingNoiseFactor.lowerBound, model.bodyBlockingNoiseFactor.upperBound)
    let gapStart = random.uniform()
    let gapLength = random.uniform(model.gapSeconds.lowerBound, model.gapSeconds.upperBound)

    // A new gap or NLOS episode can start only once the previous one is over.
    if seconds >= gapEndSeconds && gapStart < gapStartProbability {
      gapEndSeconds = max(gapEndSeconds, seconds - gapStart / gapStartProbability * nominalIntervalSeconds) + gapLength
    }
    if seconds >= nlosEndSeconds && nlosStart < nlosStartProbability {
      nlosEndSeconds = max(nlosEndSeconds, seconds - nlosStart / nlosStartProbability * nominalIntervalSeconds) + nlosSeconds
      nlosBiasMeters = nlosBias
      nlosDropsDirection = nlosLosesDirection
    }
    if shortUpdatesLeft == 0 && shortStarts {
      shortUpdatesLeft = shortLength
      shortFraction = shortFractionDraw
    }
    let isShort = shortUpdatesLeft > 0
    shortUpdatesLeft = max(0, shortUpdatesLeft - 1)
    // One bias and factor per episode: drawn on the first blocked update.
    if isBodyBlocked && !bodyWasBlocked {
      bodyBiasMeters = bodyBias
      bodyNoiseFactor = bodyFactor
    }
    bodyWasBlocked = isBodyBlocked

    let inEpisode = seconds < nlosEndSeconds
    return Outcome(
      isInGap: seconds < gapEndSeconds,
      heavyTailFactor: heavy ? model.heavyTailNoiseFactor : 1,
      shortOutlierFraction: isShort ? shortFraction : nil,
      nlosEpisodeBiasMeters: inEpisode ? nlosBiasMeters : nil,
      nlosDropsDirection: inEpisode && nlosDropsDirection,
      bodyBlocking: isBodyBlocked ? (bodyBiasMeters, bodyNoiseFactor) : nil)
  }
}
