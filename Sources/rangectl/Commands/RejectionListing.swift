// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// Lists rejected rows on standard error, up to a limit, then says that
/// further ones are only counted: one replay's listing, for any number of threads.
/// With `--quiet` there is no summary to count them in, and no such line.
final class RejectionListing {
  private let path: String
  private let limit: Int
  private let messages: MessageSink
  private let quiet: Bool
  private var listed = 0

  init(path: String, limit: Int, messages: MessageSink, quiet: Bool) {
    self.path = path
    self.limit = limit
    self.messages = messages
    self.quiet = quiet
  }

  func list(_ rejection: RowRejection) {
    listed += 1
    if listed <= limit {
      messages.write("\(rejection.message(path: path))\n")
    } else if listed == limit + 1, !quiet {
      messages.write("(further rejected rows are counted in the summary, not listed; see --list-rejected)\n")
    }
  }
}
