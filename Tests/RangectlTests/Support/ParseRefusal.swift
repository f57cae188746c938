// SPDX-License-Identifier: Apache-2.0
@testable import rangectl

/// What `rangectl` prints and exits with when it refuses `arguments` (the
/// command line after `rangectl`) as it parses them, its commands'
/// `validate()` included; nil when they parse. In-process: a refusal here is
/// one before anything runs.
func parseRefusal(_ arguments: [String]) -> (status: Int32, message: String)? {
  do {
    _ = try RangeCtl.parseAsRoot(arguments)
    return nil
  } catch {
    return (RangeCtl.exitCode(for: error).rawValue, RangeCtl.fullMessage(for: error))
  }
}
