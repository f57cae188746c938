// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

/// One version everywhere: `RangingEngineVersion`, the C header's macros,
/// `rangectl --version`, the newest release in CHANGELOG.md and the Python
/// package's metadata.
@Suite("Version")
struct VersionTests {
  private func read(_ path: String) throws -> String {
    try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The value of `#define NAME value` in the C header.
  private func macro(_ name: String, in header: String) -> String? {
    for line in header.split(separator: "\n") {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      if words.count == 3, words[0] == "#define", words[1] == name { return String(words[2]) }
    }
    return nil
  }

  @Test("The C header's macros spell RangingEngineVersion")
  func headerAgrees() throws {
    let header = try read("Sources/RangingEngineCAPI/include/ranging_engine.h")
    let version = RangingEngineVersion.string.description
    #expect(macro("RANGING_ENGINE_VERSION", in: header) == "\"\(version)\"")
    #expect(macro("RANGING_ENGINE_VERSION_MAJOR", in: header) == String(RangingEngineVersion.major))
    #expect(macro("RANGING_ENGINE_VERSION_MINOR", in: header) == String(RangingEngineVersion.minor))
    #expect(macro("RANGING_ENGINE_VERSION_PATCH", in: header) == String(RangingEngineVersion.patch))
    #expect(version == "\(RangingEngineVersion.major).\(RangingEngineVersion.minor).\(RangingEngineVersion.patch)")
  }

  @Test("rangectl --version prints it")
  func rangectlPrintsIt() throws {
    let result = try Rangectl.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdoutLines == [RangingEngineVersion.string.description])
  }

  @Test("CHANGELOG.md's newest release is it")
  func changelogNamesIt() throws {
    let changelog = try read("CHANGELOG.md")
    let firstRelease = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
    #expect(firstRelease?.hasPrefix("## [\(RangingEngineVersion.string.description)]") == true)
  }

  @Test("python/pyproject.toml's version is it")
  func pythonPackageNamesIt() throws {
    let lines = try read("python/pyproject.toml").split(separator: "\n")
    #expect(lines.contains { $0 == "version = \"\(RangingEngineVersion.string.description)\"" })
  }
}
