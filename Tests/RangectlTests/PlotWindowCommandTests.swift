// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import rangectl

/// `rangectl plot --from/--to` and `--overview` (issue 15, item 5).
@Suite("rangectl plot --from/--to and --overview")
struct PlotWindowCommandTests {
  private func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

  @Test("--from/--to keep the events replay writes inside the window, each with a labelled marker")
  func window() throws {
    let input = PackagePaths.file("datasets/walk-in-out/samples.csv")
    let svg = try PlotInProcess.plot([input, "-o", "w.svg", "--from", "4", "--to", "13"]).svg
    let inside = try EventLine.replayed(input).filter { $0.t >= 4 && $0.t <= 13 }
    #expect(!inside.isEmpty)
    #expect(occurrences(of: "class=\"event-marker", in: svg) == inside.count)
    for event in inside { #expect(svg.contains(">\(event.event) \(event.zone)</text>"), "no label for \(event)") }
  }

  @Test("--overview draws one row per object, its zones and its events")
  func overview() throws {
    let input = PackagePaths.file("datasets/many-objects/samples.csv")
    let svg = try PlotInProcess.plot([input, "--overview", "-o", "o.svg"]).svg
    #expect(occurrences(of: "class=\"object-name\"", in: svg) == 20)
    #expect(svg.contains(">tag-07</text>") && svg.contains("zone-occupancy zone-inner"))
    // What ImageMagick's own renderer cannot draw: it drew nothing inside a clip path, nothing at all given a font list.
    #expect(!svg.contains("clip-path") && !svg.contains("font-family=\"DejaVu Sans,"))
    let few = try PlotInProcess.plot([input, "--overview", "--max-objects", "3", "-o", "few.svg"]).svg
    #expect(occurrences(of: "class=\"object-name\"", in: few) == 3)
    #expect(few.contains("showing the 3 objects with the most"))
  }

  @Test("Bad windows and combinations are refused with exit 64 and a message",
        arguments: [
          (["--from", "5", "--to", "3"], "--from must be before --to"),
          (["--from", "nan"], "--from must be a finite number of seconds"),
          (["--to", "inf"], "--to must be a finite number of seconds"),
          (["--from", "1000"], "has no measurements from 1000.0 s; its rows span"),
          (["--overview", "--object", "person-1"], "--overview draws every object"),
          (["--overview", "--max-objects", "0"], "--max-objects must be in 1...500"),
        ])
  func refusals(arguments: [String], message: String) throws {
    let refusal = try #require(PlotInProcess.refusal([PackagePaths.file("datasets/walk-in-out/samples.csv"), "-o", "x.svg"] + arguments))
    #expect(refusal.status == 64)
    #expect(refusal.message.contains(message), "\(refusal.message)")
  }
}
