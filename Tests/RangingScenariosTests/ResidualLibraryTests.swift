// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingScenarios

/// A residual-library line that is wrong, and where the error must point.
struct ResidualLibraryFailureCase: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String
  var line: Int?
  var field: String?
  /// Words the reason must contain.
  var reason: String
  var testDescription: String { name }
}

@Suite("ResidualLibrary")
struct ResidualLibraryTests {
  /// The committed library, read once for every suite that needs it.
  static let committedPath: String = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("datasets/real/derived/residuals.csv").path
  }()
  static let committed: ResidualLibrary? = try? ResidualLibrary(contentsOfFile: committedPath)

  static let good = """
    # a comment
    source,track,t,true_distance,residual
    lab,run1/a,0.000,2.000,0.010
    lab,run1/a,0.100,2.050,-0.020
    lab,run1/a,0.200,,
    # comments may stand anywhere
    lab,run1/a,0.300,2.150,0.030
    yard,run2/b,0.000,10.000,0.200

    """

  @Test("A library keeps its tracks, times, gaps and sources in file order")
  func parsesTracks() throws {
    let library = try ResidualLibrary(text: Self.good, path: "good.csv")
    #expect(library.sources == ["lab", "yard"])
    #expect(library.tracks.map(\.qualifiedName) == ["lab/run1/a", "yard/run2/b"])
    #expect(library.tracks[0].seconds == [0, 0.1, 0.2, 0.3])
    #expect(library.tracks[0].residualMeters == [0.01, -0.02, nil, 0.03])
    #expect(library.tracks[0].trueDistanceMeters[2] == nil)
    #expect(library.rowCount == 5)
    #expect(try library.restricted(to: ["yard"]).tracks.map(\.name) == ["run2/b"])
  }

  static let failures: [ResidualLibraryFailureCase] = [
    .init(name: "no header", text: "lab,a,0,1,0\n", line: 1, field: nil, reason: "expected the header"),
    .init(name: "empty file", text: "# only a comment\n", line: nil, field: nil, reason: "no header line"),
    .init(name: "no rows", text: "source,track,t,true_distance,residual\n", line: nil, field: nil, reason: "no data rows"),
    .init(name: "four fields", text: "source,track,t,true_distance,residual\nlab,a,0,1\n", line: 2, field: nil,
          reason: "expected 5 fields"),
    .init(name: "t not a number", text: "source,track,t,true_distance,residual\nlab,a,0,1,0\nlab,a,x,1,0\n", line: 3,
          field: "t", reason: "expected a finite number, found 'x'"),
    .init(name: "residual nan", text: "source,track,t,true_distance,residual\nlab,a,0,1,nan\n", line: 2, field: "residual",
          reason: "finite number"),
    .init(name: "negative truth", text: "source,track,t,true_distance,residual\nlab,a,0,-1,0\n", line: 2,
          field: "true_distance", reason: "0 to 1e6 m"),
    .init(name: "residual too large", text: "source,track,t,true_distance,residual\nlab,a,0,1,2e6\n", line: 2,
          field: "residual", reason: "-1e6 to 1e6 m"),
    .init(name: "half a gap", text: "source,track,t,true_distance,residual\nlab,a,0,1,0\nlab,a,1,,0.1\n", line: 3,
          field: "true_distance", reason: "a gap leaves both empty"),
    .init(name: "time back", text: "source,track,t,true_distance,residual\nlab,a,1,1,0\nlab,a,0.5,1,0\n", line: 3,
          field: "t", reason: "time goes back"),
    .init(name: "negative time", text: "source,track,t,true_distance,residual\nlab,a,-1,1,0\n", line: 2, field: "t",
          reason: "0 to 1e6 s"),
    .init(name: "empty source", text: "source,track,t,true_distance,residual\n,a,0,1,0\n", line: 2, field: "source",
          reason: "without spaces"),
    .init(name: "empty track", text: "source,track,t,true_distance,residual\nlab,,0,1,0\n", line: 2, field: "track",
          reason: "expected a track name"),
    .init(name: "track again", text: "source,track,t,true_distance,residual\nlab,a,0,1,0\nlab,b,0,1,0\nlab,a,1,1,0\n",
          line: 4, field: "track", reason: "appears again"),
    .init(name: "track of gaps only", text: "source,track,t,true_distance,residual\nlab,a,0,,\nlab,b,0,1,0\n", line: 2,
          field: "residual", reason: "without a single row with a residual"),
    .init(name: "last track of gaps only", text: "source,track,t,true_distance,residual\nlab,a,0,1,0\nlab,b,0,,\n", line: 3,
          field: "residual", reason: "track 'b'"),
  ]

  @Test("A bad library is refused with its file, line and field", arguments: failures)
  func refusesBadLines(_ failure: ResidualLibraryFailureCase) {
    #expect {
      try ResidualLibrary(text: failure.text, path: "bad.csv")
    } throws: { error in
      guard let error = error as? ResidualLibraryError else { return false }
      let prefix = "bad.csv" + (failure.line.map { ":\($0)" } ?? "") + (failure.field.map { ": field '\($0)'" } ?? "") + ": "
      return error.path == "bad.csv" && error.line == failure.line && error.field == failure.field
        && error.reason.contains(failure.reason) && error.description.hasPrefix(prefix)
    }
  }

  @Test("A missing file and an unknown source are refused by name")
  func refusesMissingFileAndSource() throws {
    #expect(throws: ResidualLibraryError.self) { try ResidualLibrary(contentsOfFile: "/nonexistent/residuals.csv") }
    let library = try ResidualLibrary(text: Self.good, path: "good.csv")
    #expect { try library.restricted(to: ["lab", "moon"]) } throws: { error in
      (error as? ResidualLibraryError)?.description == "good.csv: no track of source 'moon'; the library holds lab, yard"
    }
    #expect(throws: ResidualLibraryError.self) { try library.restricted(to: []) }
  }

  @Test("The committed library holds every data line of the file, in the three sources")
  func committedLibraryReads() throws {
    let library = try #require(Self.committed, "cannot read \(Self.committedPath)")
    #expect(library.sources == ["arexp", "hanyang", "lias"])
    // An independent count: lines that are neither comments nor the header.
    let text = try String(contentsOfFile: Self.committedPath, encoding: .utf8)
    let dataLines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count - 1
    #expect(library.rowCount == dataLines)
    #expect(library.tracks.allSatisfy { $0.seconds.first == 0 })
  }
}
