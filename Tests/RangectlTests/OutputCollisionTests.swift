// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@Suite("rangectl replay: --events and --filtered on one file")
struct OutputCollisionTests {
  @Test("/dev/null takes both outputs: the replay runs and writes nothing to standard output")
  func deviceTakesBoth() throws {
    let result = try Rangectl.run([
      "replay", "datasets/walk-in-out/samples.csv", "--events", "/dev/null", "--filtered", "/dev/null",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.summary != nil, "\(result.stderr)")
  }

  @Test("One regular file for both, by one path or two (a path and a link to it), is refused naming both options")
  func regularFileRefused() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let file = scratch.path("out.jsonl")
    let link = scratch.path("link.jsonl")
    for (events, filtered, existing) in [(file, file, false), (file, file, true), (file, link, true)] {
      if existing {
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        if !FileManager.default.fileExists(atPath: link) {
          try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        }
      }
      // Parsed in-process (ReplayInProcess): the refusal is validate()'s.
      let result = ReplayInProcess.run([
        PackagePaths.file("datasets/walk-in-out/samples.csv"), "--events", events, "--filtered", filtered,
      ])
      #expect(result.status == 64, "\(result.messages)")
      #expect(result.messages.contains("--filtered \(filtered) and --events \(events) are one file"), "\(result.messages)")
    }
  }
}
