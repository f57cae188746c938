// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

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

  /// `<package root>/../shared/datasets`: the third-party recordings, read
  /// from there and not shipped with the package (that folder's README.md
  /// says where each comes from and under which licence).
  static let realRecordings: URL = root.deletingLastPathComponent().appendingPathComponent("shared/datasets")

  /// ``realRecordings`` as the tests give it to rangectl, from the package root.
  static let realRecordingsFromRoot = "../shared/datasets"

  /// Whether ``realRecordings`` is there: a clone without it skips the tests
  /// that read the recordings, giving ``noRealRecordings`` as the reason.
  static let hasRealRecordings: Bool = {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: realRecordings.path, isDirectory: &isFolder) && isFolder.boolValue
  }()

  static let noRealRecordings: Comment =
    "../shared/datasets is absent: the third-party recordings are read from there, not shipped (README.md, Accuracy)"

  /// The eight recordings the tests read, by name (the folder's INRoL files
  /// are not among them). Fixed rather than listed from the folder, so that
  /// a folder lacking one fails its case instead of passing on fewer.
  static let realRecordingFiles: [String] = [
    "arexp-stage.csv", "arexp-static5m.csv", "hanyang-los-trajA-case1.csv", "hanyang-los-trajB-case3.csv",
    "hanyang-nlos-trajA-case2.csv", "hanyang-nlos-trajB-case3.csv", "hanyang-static.csv", "lias-trolley-fast.csv",
  ]

  /// The path of `relative` (`datasets/walk-in-out/samples.csv`) in the package, for the tests that run a command
  /// in-process, whose working directory is not the package root's as a process's is.
  static func file(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// ``realRecordingFiles`` as paths from the package root (`../shared/datasets/NAME`).
  static var realRecordingPaths: [String] { realRecordingFiles.map { "\(realRecordingsFromRoot)/\($0)" } }
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
