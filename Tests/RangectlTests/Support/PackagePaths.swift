// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Folders the end-to-end tests read, found from this file's path so that
/// they do not depend on the working directory `swift test` was started in.
enum PackagePaths {
  /// The package root: the nearest folder above this file holding `Package.swift`.
  static let root: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    preconditionFailure("PackagePaths: no Package.swift above \(#filePath)")
  }()

  /// `<package root>/datasets/real`: the third-party recordings shipped with
  /// the package under their own licences (its README.md says where each
  /// comes from).
  static let realRecordings: URL = root.appendingPathComponent("datasets/real")

  /// The `.csv` files in ``realRecordings``, by name.
  static var realRecordingFiles: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: realRecordings.path)) ?? []
    return names.filter { $0.hasSuffix(".csv") }.sorted()
  }
}

/// A fresh temporary folder for one test's fixture and output files,
/// removed by ``remove()``. Never inside the package.
struct ScratchFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rangectl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` in the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The text of `name`.
  func read(_ name: String) throws -> String {
    try String(contentsOfFile: path(name), encoding: .utf8)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
