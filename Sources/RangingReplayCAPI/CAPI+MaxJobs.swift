// SPDX-License-Identifier: Apache-2.0
import RangingReplayOptions

/// The thunk of `ranging_replay_max_jobs` (ranging_replay.h): the most
/// threads `--jobs` takes, from its one statement, `ThreadsOption.range`,
/// so that a binding that chooses the threads itself (the Java Spark
/// route's `ReplayThreads`) caps its choice there instead of restating it.
@c(ranging_replay_max_jobs)
public func rangingReplayMaxJobs() -> Int32 {
  Int32(ThreadsOption.range.upperBound)
}
