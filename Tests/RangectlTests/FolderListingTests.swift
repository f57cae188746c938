// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder argument stands for its regular `.csv` files, symbolic links
/// followed (docs/FORMATS.md §4, "Several inputs"; `CSVFolder`). Issue 34,
/// item 3: a FIFO named `b.csv` hung `replay --out-dir` and `evaluate`
/// forever (opening it waits for a writer), and a `.csv` link to `/dev/zero`
/// was read (exit 65). Both are skipped now, with a message naming them.
@Suite("rangectl: a folder's recordings are its regular .csv files")
struct FolderListingTests {
  static let recording = "t,object,distance,true_distance\n0,tag,2,2\n0.2,tag,2,2\n"

  /// `in/` holding a.csv (a recording), b.csv (a FIFO), c.csv (a link to
  /// /dev/zero), d.csv (a link to a.csv: a recording) and e.csv (a link to
  /// nothing); returns the folder's path.
  static func folder(in scratch: ScratchFolder) throws -> String {
    let manager = FileManager.default
    try manager.createDirectory(atPath: scratch.path("in"), withIntermediateDirectories: false)
    try scratch.write("in/a.csv", recording)
    #expect(mkfifo(scratch.path("in/b.csv"), 0o600) == 0)
    try manager.createSymbolicLink(atPath: scratch.path("in/c.csv"), withDestinationPath: "/dev/zero")
    try manager.createSymbolicLink(atPath: scratch.path("in/d.csv"), withDestinationPath: "a.csv")
    try manager.createSymbolicLink(atPath: scratch.path("in/e.csv"), withDestinationPath: "nowhere.csv")
    return scratch.path("in")
  }

  @Test("A FIFO, a device link and a broken link named .csv are skipped with a message; a link to a recording is read",
        arguments: ["replay", "evaluate"])
  func skipped(command: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let folder = try Self.folder(in: scratch)
    let unblocker = FIFOUnblocker(scratch.path("in/b.csv"))
    defer { unblocker.cancel() }
    let arguments = command == "replay" ? ["--out-dir", scratch.path("out")] : ["--json"]
    let result = try Rangectl.run([command, folder] + arguments)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    for (name, what) in [("b", "a FIFO"), ("c", "a character device"), ("e", "a broken symbolic link")] {
      let message = "rangectl \(command): \(folder)/\(name).csv: skipped: not a regular file (\(what))\n"
      #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }
    if command == "replay" {
      let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
      #expect(written == ["a.events.jsonl", "d.events.jsonl"])
    } else {
      let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
      let runs = try #require(report["scenarios"] as? [[String: Any]])
      #expect(runs.map { $0["name"] as? String } == ["a", "d"])
    }
  }

  @Test("A folder whose only .csv is a FIFO holds no recording: 66", arguments: ["replay", "evaluate"])
  func onlyAFIFO(command: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("in"), withIntermediateDirectories: false)
    #expect(mkfifo(scratch.path("in/only.csv"), 0o600) == 0)
    let unblocker = FIFOUnblocker(scratch.path("in/only.csv"))
    defer { unblocker.cancel() }
    let arguments = command == "replay" ? ["--out-dir", scratch.path("out")] : []
    let result = try Rangectl.run([command, scratch.path("in")] + arguments)
    #expect(result.status == 66, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("\(scratch.path("in/only.csv")): skipped: not a regular file (a FIFO)"))
    #expect(result.stderr.contains("\(scratch.path("in")): no regular .csv files in this folder"))
  }
}
