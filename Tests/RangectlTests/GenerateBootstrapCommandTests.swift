// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl generate --noise bootstrap`: the options and a bad residual library. In-process
/// (InProcessCommand), but for the default library, which is found from the working directory.
@Suite("rangectl generate --noise bootstrap")
struct GenerateBootstrapCommandTests {
  static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generate-bootstrap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Builds the residual library of the real recordings in ../shared/datasets into `folder` with
  /// scripts/generators/residual-library, as a user does (the package ships neither), and returns its path.
  static func buildLibrary(in folder: URL) throws -> String {
    let library = folder.appendingPathComponent("residuals.csv").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", PackagePaths.root.appendingPathComponent("scripts/generators/residual-library").path,
      "--input", PackagePaths.realRecordings.path, "--out", library,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "scripts/generators/residual-library exited \(process.terminationStatus)")
    return library
  }

  @Test("It writes a scenario with the library built from ../shared/datasets, recording model and sources",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings))
  func writesWithTheBuiltLibrary() throws {
    let out = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: out) }
    let library = try Self.buildLibrary(in: out)
    let result = InProcessCommand.generate([
      "--noise", "bootstrap", "--residuals", library, "--residual-sources", "hanyang,lias", "--seed", "1",
      "--rate", "2", "--only", "walk-past", "--out", out.path, "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOf: out.appendingPathComponent("walk-past.csv"), encoding: .utf8)
    #expect(text.contains("# noise: bootstrap"))
    #expect(text.contains("# residuals: \(library) ("))
    #expect(text.contains("sources hanyang,lias;"))
    #expect(!text.contains("residual_track=arexp/"))
  }

  /// The library is not shipped: without --residuals generate reads .build/residuals.csv of the
  /// folder it runs in (where scripts/generators/residual-library writes it in the repository), and
  /// when that is absent says how to build it.
  @Test("Without --residuals it reads .build/residuals.csv, and says how to build it when that is absent")
  func defaultLibrary() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = ["generate", "--noise", "bootstrap", "--only", "walk-past", "--out", "out", "--quiet"]
    let absent = try Rangectl.run(arguments, in: folder)
    #expect(absent.status == 66, "\(absent.stderr)")
    #expect(absent.stderr.contains(".build/residuals.csv: cannot open the residual library: it is not shipped; "
      + "build it from the repository root with scripts/generators/residual-library (it reads the real recordings in "
      + "../shared/datasets), or give --residuals PATH"), "\(absent.stderr)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".build"), withIntermediateDirectories: true)
    let rows = (0...20).map { "lab,run/a,\(Double($0) / 10),2.0,0.01\n" }.joined()
    try ("source,track,t,true_distance,residual\n" + rows)
      .write(to: folder.appendingPathComponent(".build/residuals.csv"), atomically: true, encoding: .utf8)
    let present = try Rangectl.run(arguments, in: folder)
    #expect(present.status == 0, "\(present.stderr)")
    let text = try String(contentsOf: folder.appendingPathComponent("out/walk-past.csv"), encoding: .utf8)
    #expect(text.contains("# residuals: .build/residuals.csv (21 rows); sources lab;"))
  }

  struct Failure: Sendable, CustomTestStringConvertible {
    var name: String
    /// Written to the residual file when set.
    var library: String?
    var arguments: [String]
    var status: Int32
    /// Standard error must contain this ("LIB" stands for the library's path).
    var message: String
    var testDescription: String { name }
  }

  static let failures: [Failure] = [
    .init(name: "malformed row", library: "# c\nsource,track,t,true_distance,residual\nlab,a,0,1,0\nlab,a,soon,1,0\n",
          arguments: [], status: 65, message: "LIB:4: field 't': expected a finite number, found 'soon'"),
    .init(name: "missing file", library: nil, arguments: [], status: 66, message: "LIB: cannot open the residual library"),
    .init(name: "unknown source", library: "source,track,t,true_distance,residual\nlab,a,0,1,0\n",
          arguments: ["--residual-sources", "moon"], status: 64, message: "no track of source 'moon'; the library holds lab"),
    .init(name: "unknown model", library: nil, arguments: ["--noise", "student"], status: 64,
          message: "--noise: expected parametric, bootstrap or gaussian"),
    .init(name: "range sigma with bootstrap", library: nil, arguments: ["--range-sigma", "0.1"], status: 64,
          message: "--range-sigma needs --noise parametric or gaussian"),
    .init(name: "range sigma out of range", library: nil, arguments: ["--noise", "gaussian", "--range-sigma", "nan"],
          status: 64, message: "--range-sigma must be in 0.0...2.0 m"),
    .init(name: "interval jitter out of range", library: nil,
          arguments: ["--noise", "gaussian", "--interval-jitter", "0.4"], status: 64,
          message: "--interval-jitter must be at least 0 and under 1/3"),
    .init(name: "library without bootstrap", library: nil, arguments: ["--noise", "parametric"], status: 64,
          message: "--residuals and --residual-sources need --noise bootstrap"),
    .init(name: "empty source name", library: nil, arguments: ["--residual-sources", "lias,"], status: 64,
          message: "--residual-sources: expected comma-separated source names"),
  ]

  @Test("A bad residual library or option is refused with a clear message and status", arguments: failures)
  func refuses(_ failure: Failure) throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = folder.appendingPathComponent("residuals.csv").path
    if let contents = failure.library { try contents.write(toFile: library, atomically: true, encoding: .utf8) }
    let noise = failure.arguments.contains("--noise") ? [] : ["--noise", "bootstrap"]
    let result = InProcessCommand.generate(
      ["--only", "walk-past", "--out", folder.appendingPathComponent("out").path, "--residuals", library]
        + noise + failure.arguments)
    #expect(result.status == failure.status, "\(result.stderr)")
    #expect(result.stderr.contains(failure.message.replacingOccurrences(of: "LIB", with: library)), "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
  }
}
