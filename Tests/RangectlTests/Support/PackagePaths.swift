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

  /// `<package root>/../shared/datasets`: third-party recordings, read-only,
  /// absent in a fresh clone outside CI.
  static let sharedDatasets: URL = root.deletingLastPathComponent()
    .appendingPathComponent("shared/datasets").standardizedFileURL

  /// True when ``sharedDatasets`` is a folder.
  static var sharedDatasetsPresent: Bool { isDirectory(sharedDatasets) }

  /// The `.csv` files in ``sharedDatasets``, by name; empty when it is absent.
  static var sharedCSVFiles: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sharedDatasets.path)) ?? []
    return names.filter { $0.hasSuffix(".csv") }.sorted()
  }

  static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
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
