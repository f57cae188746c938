// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import rangectl
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Element names and `class` lists of an SVG, read by Foundation's
/// `XMLParser`; parsing fails unless the document is well-formed XML.
private final class SVGOutline: NSObject, XMLParserDelegate {
  private(set) var names: [String] = []
  private(set) var classes: [[String]] = []
  private(set) var texts: [String] = []
  private var inText = false

  init(parsing data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else { throw parser.parserError ?? NSError(domain: "SVGOutline", code: 1) }
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
              attributes: [String: String] = [:]) {
    names.append(name)
    classes.append((attributes["class"] ?? "").split(separator: " ").map(String.init))
    inText = name == "text"
    if inText { texts.append("") }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    inText = false
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inText { texts[texts.count - 1] += string }
  }

  func count(ofClass name: String) -> Int { classes.filter { $0.contains(name) }.count }
}

/// Chromium, when installed (Debian package `chromium`), for the rendering test.
private enum Chromium {
  static let path: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for name in ["chromium", "chromium-browser"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }()

  /// Renders `svg` headless into a 1200 × 800 PNG at `png`; returns false
  /// when Chromium fails or takes longer than 120 s.
  static func screenshot(svg: String, png: String, profile: String) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path!)
    process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
                         "--screenshot=\(png)", "--window-size=1200,800", URL(fileURLWithPath: svg).absoluteString]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      return false
    }
    return FileManager.default.fileExists(atPath: png)
  }

  /// Width and height from a PNG's IHDR chunk (bytes 16-23, big-endian), or
  /// nil when `data` does not start with the PNG signature.
  static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
  }
}

@Suite("rangectl plot")
struct PlotCommandTests {
  @Test("Plots the first object of a bundled recording: well-formed SVG with one marker per replayed event")
  func firstObject() throws {
    let input = PackagePaths.file("datasets/walk-in-out/samples.csv")
    let plotted = try PlotInProcess.plot([input, "-o", "walk.svg"])
    let outline = try SVGOutline(parsing: Data(plotted.svg.utf8))
    #expect(outline.names.first == "svg")
    // The title names the file, not its folders (datasets/walk-in-out/).
    #expect(outline.texts.contains("samples.csv — object person-1"))
    let replayed = try EventLine.replayed(input).filter { $0.object == "person-1" }
    #expect(!replayed.isEmpty)
    #expect(outline.count(ofClass: "event-marker") == replayed.count)
    #expect(outline.count(ofClass: "series") >= 7, "raw, filtered, sigma, truth, azimuth measured and filtered, gaps")
    #expect(!outline.names.contains("script"))
  }

  @Test("Without --object the object chosen is named in a note, with how to choose another; with it, nothing")
  func namesChosenObject() throws {
    let input = PackagePaths.file("datasets/many-objects/samples.csv")
    let chosen = try PlotInProcess.plot([input, "-o", "first.svg"])
    let lines = chosen.notes.filter { $0.contains("plotting object") }
    #expect(lines.count == 1, "\(chosen.notes)")
    #expect(lines.first?.contains("the first in \(input); choose another with --object NAME") == true, "\(chosen.notes)")
    let outline = try SVGOutline(parsing: Data(chosen.svg.utf8))
    let named = try #require(lines.first?.split(separator: " ").dropFirst(2).first).dropLast()  // "tag-03," -> "tag-03"
    #expect(outline.texts.contains("samples.csv — object \(named)"), "the note names the object drawn")
    let given = try PlotInProcess.plot([input, "-o", "given.svg", "--object", "tag-01"])
    #expect(!given.notes.contains { $0.contains("plotting object") }, "\(given.notes)")
  }

  // A process test: PATH decides, and the exit status 69.
  @Test("-o NAME.png: a PNG through rsvg-convert; without it on PATH, exit 69 naming the Debian package")
  func pngOutput() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let input = "datasets/walk-in-out/samples.csv"
    let noConverter = ["PATH": scratch.url.path]  // a folder with no rsvg-convert in it
    let absent = try Rangectl.run(["plot", input, "-o", scratch.path("walk.png"), "--quiet"], environment: noConverter)
    #expect(absent.status == 69, "stderr: \(absent.stderr)")
    #expect(absent.stderr.contains("rsvg-convert") && absent.stderr.contains("librsvg2-bin"), "\(absent.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("walk.png")))
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    // The PNG itself needs the converter here too (Debian package librsvg2-bin).
    guard folders.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/rsvg-convert") }) else { return }
    let made = try Rangectl.run(["plot", input, "-o", scratch.path("walk.PNG"), "--quiet"])
    #expect(made.status == 0, "stderr: \(made.stderr)")
    let png = try Data(contentsOf: scratch.url.appendingPathComponent("walk.PNG"))
    #expect(Chromium.pngSize(png).map { $0.width > 1000 && $0.height == 800 } == true, "not a plot-sized PNG")
  }

  @Test("--object and the engine options reach the plot as they reach replay")
  func objectAndOptions() throws {
    let input = PackagePaths.file("datasets/many-objects/samples.csv")
    let options = ["--zones", "near=2", "--hysteresis", "0.3"]
    let plotted = try PlotInProcess.plot([input, "--output", "tag.svg", "--object", "tag-03"] + options)
    let outline = try SVGOutline(parsing: Data(plotted.svg.utf8))
    #expect(outline.texts.contains("samples.csv — object tag-03"))
    #expect(outline.texts.contains("near 2 m") && !outline.texts.contains("inner 1.5 m"))
    #expect(outline.count(ofClass: "zone-band") == 1)
    let replayed = try EventLine.replayed(input, options).filter { $0.object == "tag-03" }
    #expect(!replayed.isEmpty)
    #expect(outline.count(ofClass: "event-marker") == replayed.count)
  }

  @Test("Refusals: unknown object or standard input or the input as output 64, missing file 66, not a CSV 65")
  func refusals() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let out = scratch.path("x.svg")
    let unknown = try #require(PlotInProcess.refusal([PackagePaths.file("datasets/walk-in-out/samples.csv"), "-o", out, "--object", "nobody"]))
    #expect(unknown.status == 64)
    #expect(unknown.message.contains("no measurements of object 'nobody'; objects: person-1"), "\(unknown.message)")
    #expect(PlotInProcess.refusal(["-", "-o", out])?.status == 64)
    let input = try scratch.write("in.csv", "t,object,distance\n0,a,1\n")
    let same = try #require(PlotInProcess.refusal([input, "-o", scratch.url.path + "/./in.csv"]))
    #expect(same.status == 64 && same.message.contains("is the input file"), "\(same.message)")
    #expect(PlotInProcess.refusal([scratch.path("absent.csv"), "-o", out])?.status == 66)
    let notCSV = try scratch.write("notes.csv", "just some text\n")
    #expect(PlotInProcess.refusal([notCSV, "-o", out])?.status == 65)
    let empty = try scratch.write("empty.csv", "t,object,distance\n")
    let none = try #require(PlotInProcess.refusal([empty, "-o", out]))
    #expect(none.status == 65 && none.message.contains("no measurement rows"), "\(none.message)")
  }

  // A process test: the exit statuses, and that a refusal writes nothing.
  @Test("Refusals as the process ends: the input as output 64 (the input untouched), missing file 66, unwritable 73; nothing written")
  func refusalsProcess() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let out = scratch.path("x.svg")
    let input = try scratch.write("in.csv", "t,object,distance\n0,a,1\n")
    let same = try Rangectl.run(["plot", input, "-o", scratch.url.path + "/./in.csv"])
    #expect(same.status == 64 && same.stderr.contains("is the input file"), "\(same.stderr)")
    #expect(try scratch.read("in.csv") == "t,object,distance\n0,a,1\n", "the input is untouched")
    let absent = try Rangectl.run(["plot", scratch.path("absent.csv"), "-o", out])
    #expect(absent.status == 66)
    #expect(absent.stderr.hasPrefix("rangectl plot: "), "\(absent.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out), "nothing is written on a refusal")
    let unwritable = try Rangectl.run(["plot", "datasets/walk-in-out/samples.csv", "-o", scratch.path("no/such/dir.svg")])
    #expect(unwritable.status == 73)
  }

  @Test("Chromium renders the plot to a PNG far from blank",
        .enabled(if: Chromium.path != nil, "chromium (or chromium-browser) is not on PATH; install Debian's chromium package to run it"))
  func renders() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let svg = try scratch.write("walk.svg", try PlotInProcess.plot([PackagePaths.file("datasets/walk-in-out/samples.csv"), "-o", "walk.svg"]).svg)
    let blank = try scratch.write("blank.svg", """
      <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="white"/></svg>
      """)
    #expect(try Chromium.screenshot(svg: svg, png: scratch.path("walk.png"), profile: scratch.path("profile-1")))
    #expect(try Chromium.screenshot(svg: blank, png: scratch.path("blank.png"), profile: scratch.path("profile-2")))
    let plotPNG = try Data(contentsOf: scratch.url.appendingPathComponent("walk.png"))
    let blankPNG = try Data(contentsOf: scratch.url.appendingPathComponent("blank.png"))
    let size = try #require(Chromium.pngSize(plotPNG), "not a PNG")
    #expect(size.width == 1200 && size.height == 800)
    // A white 1200 × 800 PNG deflates to a few kB; the plot's lines, dots and
    // text to tens of kB (86 kB when this test was written).
    #expect(plotPNG.count > 5 * blankPNG.count, "plot \(plotPNG.count) bytes vs blank \(blankPNG.count) bytes")
  }
}
