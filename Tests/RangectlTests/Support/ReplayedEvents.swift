// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

extension EventLine {
  /// The events the replay writes for `path` with `options`, in-process through the C replay: the one replay job
  /// of `rangectl replay` too (ReplayFromCMatchesRangectlTests holds the two to the same bytes).
  static func replayed(_ path: String, _ options: [String] = []) throws -> [EventLine] {
    let replayed = ReplayFromC(path: path, options)
    #expect(replayed.status == 0, "\(replayed.messages)")
    return try parseAll(String(decoding: replayed.events, as: UTF8.self))
  }
}
