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

/// The residual library of the real recordings, built for the tests by
/// `scripts/generators/residual-library` from `../shared/datasets` (beside
/// the package root) into a temporary folder, once per test run: the package
/// ships neither the third-party recordings nor this library derived from
/// them. Without the folder, the suites that need it skip, giving
/// ``absentReason``; with it, a library that cannot be built is a failure.
enum RealResidualLibrary {
  /// The nearest folder above this file holding `Package.swift`.
  static let packageRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      folder.deleteLastPathComponent()
    }
    return folder
  }()

  /// `<package root>/../shared/datasets`.
  static let recordings: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")

  static let isAvailable: Bool = {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: recordings.path, isDirectory: &isFolder) && isFolder.boolValue
  }()

  static let absentReason: Comment =
    "../shared/datasets is absent: the residual library is built from the third-party recordings there, which are not shipped (README.md, Accuracy)"

  /// The name the library is read under (its file is removed once read).
  static let path = "residuals.csv (scripts/generators/residual-library, ../shared/datasets)"

  struct BuildError: Error, CustomStringConvertible {
    var description: String
  }

  /// The library's text and the library, or why they could not be built.
  static let built: Result<(text: String, library: ResidualLibrary), BuildError> = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("residual-library-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("residuals.csv")
    let script = packageRoot.appendingPathComponent("scripts/generators/residual-library").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--input", recordings.path, "--out", out.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(BuildError(description: "cannot run python3 \(script): \(error)"))
    }
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return .failure(BuildError(description: "\(script) exited \(process.terminationStatus): \(message)"))
    }
    do {
      let text = try String(contentsOf: out, encoding: .utf8)
      return .success((text, try ResidualLibrary(text: text, path: path)))
    } catch {
      return .failure(BuildError(description: "the library \(script) wrote: \(error)"))
    }
  }()

  /// The library; throws (a failure) when it could not be built.
  static var library: ResidualLibrary {
    get throws { try built.get().library }
  }
}

@Suite("ResidualLibrary")
struct ResidualLibraryTests {

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

  @Test("The library built from ../shared/datasets holds every data line of the file, in the three sources",
        .enabled(if: RealResidualLibrary.isAvailable, RealResidualLibrary.absentReason))
  func builtLibraryReads() throws {
    let (text, library) = try RealResidualLibrary.built.get()
    #expect(library.sources == ["arexp", "hanyang", "lias"])
    // An independent count: lines that are neither comments nor the header.
    let dataLines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count - 1
    #expect(library.rowCount == dataLines)
    #expect(library.tracks.allSatisfy { $0.seconds.first == 0 })
    // The eight recordings the library was first made from, and only them (not
    // the folder's INRoL files): the bootstrap's noise stays what it was.
    #expect(library.rowCount == 97_401)
    let tracks = Dictionary(grouping: library.tracks, by: \.source).mapValues(\.count)
    #expect(tracks == ["arexp": 6, "hanyang": 81, "lias": 4])
    #expect(!text.contains("inrol"))
  }
}
