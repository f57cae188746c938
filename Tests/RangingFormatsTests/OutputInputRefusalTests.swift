// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingOutputs

/// An output opened on the input truncates it before it is read: every
/// command refuses it with `OutputCollision.inputRefusal`, whatever path
/// names the input's file.
@Suite("OutputCollision.inputRefusal")
struct OutputInputRefusalTests {
  /// A folder with `input.csv` (a few bytes) and `other.csv`, removed by `remove()`.
  struct Folder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("output-input-\(UUID().uuidString)").path
    var input: String { path + "/input.csv" }
    var other: String { path + "/other.csv" }

    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: input, contents: Data("t,object,distance\n".utf8)))
      #expect(FileManager.default.createFile(atPath: other, contents: Data("t,object,distance\n".utf8)))
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  static func refusal(_ output: String, _ input: String) -> String? {
    OutputCollision.inputRefusal(option: "--events", output: output, input: input)
  }

  @Test("The input's own path is refused, in the words every command writes")
  func samePath() throws {
    let folder = try Folder()
    defer { folder.remove() }
    #expect(Self.refusal(folder.input, folder.input) == "--events \(folder.input) is the input file; choose another path")
  }

  @Test("A symbolic link to the input is refused: opening it truncates the input")
  func symbolicLink() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let link = folder.path + "/link.csv"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.input)
    #expect(Self.refusal(link, folder.input) == "--events \(link) is the input file; choose another path")
    // And the other way round: the input read through a link, the output its target.
    #expect(Self.refusal(folder.input, link) != nil)
  }

  @Test("A hard link to the input is refused")
  func hardLink() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let link = folder.path + "/hard.csv"
    try FileManager.default.linkItem(atPath: folder.input, toPath: link)
    #expect(Self.refusal(link, folder.input) != nil)
  }

  @Test("A relative path to the input is refused beside its absolute path")
  func relativePath() throws {
    let folder = try Folder()
    defer { folder.remove() }
    // From the working directory up to / and down to the input: a path with no part of the absolute one's spelling.
    let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
    let relative = Array(repeating: "..", count: depth).joined(separator: "/") + folder.input
    #expect(!relative.hasPrefix("/") && FileManager.default.fileExists(atPath: relative))
    #expect(Self.refusal(relative, folder.input) != nil)
    #expect(Self.refusal(folder.input, relative) != nil)
  }

  @Test("Another file, or a path not there yet, may be written")
  func otherPaths() throws {
    let folder = try Folder()
    defer { folder.remove() }
    #expect(Self.refusal(folder.other, folder.input) == nil)
    #expect(Self.refusal(folder.path + "/new.jsonl", folder.input) == nil)
    // The folder that holds the input is not the input either.
    #expect(Self.refusal(folder.path, folder.input) == nil)
  }

  @Test("- is standard input as the input and standard output as an output: never the input file")
  func standardStreams() throws {
    let folder = try Folder()
    defer { folder.remove() }
    #expect(Self.refusal("-", "-") == nil)
    #expect(Self.refusal("-", folder.input) == nil)
    #expect(Self.refusal(folder.input, "-") == nil)
  }

  @Test("A character device is not truncated: /dev/null may be the input and an output")
  func characterDevice() {
    #expect(Self.refusal("/dev/null", "/dev/null") == nil)
  }
}
