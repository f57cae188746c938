// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl plot --from/--to` and `--overview` (issue 15, item 5).
@Suite("rangectl plot --from/--to and --overview")
struct PlotWindowCommandTests {
  private func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

  @Test("--from/--to keep the events replay writes inside the window, each with a labelled marker")
  func window() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let input = "datasets/walk-in-out/samples.csv"
    let result = try Rangectl.run(["plot", input, "-o", scratch.path("w.svg"), "--from", "4", "--to", "13"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let svg = try scratch.read("w.svg")
    let replay = try Rangectl.run(["replay", input])
    let inside = try EventLine.parseAll(replay.stdoutText).filter { $0.t >= 4 && $0.t <= 13 }
    #expect(!inside.isEmpty)
    #expect(occurrences(of: "class=\"event-marker", in: svg) == inside.count)
    for event in inside { #expect(svg.contains(">\(event.event) \(event.zone)</text>"), "no label for \(event)") }
  }

  @Test("--overview draws one row per object, its zones and its events")
  func overview() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let input = "datasets/many-objects/samples.csv"
    let result = try Rangectl.run(["plot", input, "--overview", "-o", scratch.path("o.svg")])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let svg = try scratch.read("o.svg")
    #expect(occurrences(of: "class=\"object-name\"", in: svg) == 20)
    #expect(svg.contains(">tag-07</text>") && svg.contains("zone-occupancy zone-inner"))
    // What ImageMagick's own renderer cannot draw: it drew nothing inside a clip path, nothing at all given a font list.
    #expect(!svg.contains("clip-path") && !svg.contains("font-family=\"DejaVu Sans,"))
    let few = try Rangectl.run(["plot", input, "--overview", "--max-objects", "3", "-o", scratch.path("few.svg")])
    #expect(few.status == 0)
    #expect(occurrences(of: "class=\"object-name\"", in: try scratch.read("few.svg")) == 3)
    #expect(try scratch.read("few.svg").contains("showing the 3 objects with the most"))
  }

  @Test("Bad windows and combinations exit 64 with a message",
        arguments: [
          (["--from", "5", "--to", "3"], "--from must be before --to"),
          (["--from", "nan"], "--from must be a finite number of seconds"),
          (["--to", "inf"], "--to must be a finite number of seconds"),
          (["--from", "1000"], "has no measurements from 1000.0 s; its rows span"),
          (["--overview", "--object", "person-1"], "--overview draws every object"),
          (["--overview", "--max-objects", "0"], "--max-objects must be in 1...500"),
        ])
  func refusals(arguments: [String], message: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let result = try Rangectl.run(["plot", "datasets/walk-in-out/samples.csv", "-o", scratch.path("x.svg")] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
