// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A folder of its own under the system's temporary directory, for the
/// recordings a test writes; the test removes it when it ends (`defer`).
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("sharded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
