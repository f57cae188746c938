// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Every command's `--help` ends its discussion with an "Examples:" section of
/// whole command lines, found by walking the SUBCOMMANDS lists of the help
/// itself, so a command added later without examples fails here; and every
/// example runs as printed, from the repository root (issue 34, item 16:
/// `rangectl evaluate datasets --json` exited 66, and the top-level help had
/// no example; issue 58, item 12: examples named files no one has).
@Suite("Help examples")
struct HelpExampleTests {
  /// The names listed under SUBCOMMANDS: in a help text (two-space indent,
  /// name, then its abstract), in order.
  private static func subcommands(inHelp lines: [String]) -> [String] {
    guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
    var names: [String] = []
    for line in lines[(start + 1)...] {
      if line.isEmpty { break }
      // A name starts at column 2; a wrapped abstract is indented further.
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      if let name = line.split(separator: " ").first { names.append(String(name)) }
    }
    return names
  }

  /// The lines under "Examples:" up to the next blank line.
  private static func examples(inHelp lines: [String]) -> [String]? {
    guard let start = lines.firstIndex(of: "Examples:") else { return nil }
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
  }

  /// Every command path below `rangectl`, parents before their subcommands.
  private static func commandPaths() throws -> [[String]] {
    var paths: [[String]] = []
    var pending: [[String]] = [[]]
    while !pending.isEmpty {
      let path = pending.removeFirst()
      let help = try Rangectl.run(path + ["--help"])
      let children = subcommands(inHelp: help.stdoutLines).map { path + [$0] }
      paths += children
      pending += children
    }
    return paths
  }

  @Test("The command tree is found from the help (replay, generate, config decode, ...)")
  func treeIsFound() throws {
    let paths = try Self.commandPaths().map { $0.joined(separator: " ") }
    for expected in ["replay", "info", "generate", "evaluate", "calibrate", "plot", "bench", "config", "config decode",
                     "config encode"] {
      #expect(paths.contains(expected), "\(expected) missing from \(paths)")
    }
  }

  @Test("Every command's --help, the top level's included, has an Examples section of unwrapped rangectl command lines")
  func everyCommandHasExamples() throws {
    for path in try [[]] + Self.commandPaths() {
      let command = path.joined(separator: " ")
      let help = try Rangectl.run(path + ["--help"])
      #expect(help.status == 0, "rangectl \(command) --help exited \(help.status)")
      guard let examples = Self.examples(inHelp: help.stdoutLines) else {
        Issue.record("rangectl \(command) --help has no 'Examples:' section")
        continue
      }
      #expect(!examples.isEmpty, "rangectl \(command) --help: 'Examples:' lists nothing")
      // Each line is one whole command a user can copy, alone or in a
      // pipeline (a line wrapped at the help's width would start with
      // something else), and at least one runs this command (or, for a
      // parent, one of its subcommands).
      for line in examples {
        #expect(line.hasPrefix("  rangectl ") || line.contains("| rangectl "),
                "rangectl \(command) --help: example line '\(line)' is not a rangectl command line")
      }
      let runsThisCommand = examples.contains {
        $0.hasPrefix("  rangectl \(command)") || $0.contains("| rangectl \(command)")
      }
      #expect(runsThisCommand, "rangectl \(command) --help: no example runs rangectl \(command)")
    }
  }

  /// The commands whose examples run here: every one but bench, whose examples
  /// measure for seconds by design (their files are still checked to exist).
  static let runnableCommands: [[String]] = [
    [], ["replay"], ["info"], ["generate"], ["evaluate"], ["calibrate"], ["plot"], ["config"], ["config", "decode"],
    ["config", "encode"],
  ]

  @Test("The commands whose examples run are every command but bench")
  func everyCommandsExamplesRun() throws {
    let all = try Self.commandPaths().filter { $0 != ["bench"] }
    #expect(Set(all) == Set(Self.runnableCommands.dropFirst()), "\(all)")
  }

  @Test("bench's examples name files that exist")
  func benchExampleFilesExist() throws {
    let help = try Rangectl.run(["bench", "--help"])
    for example in Self.examples(inHelp: help.stdoutLines) ?? [] {
      for word in example.split(separator: " ") where word.hasSuffix(".csv") {
        #expect(FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent(String(word)).path),
                "\(example)")
      }
    }
  }

  /// Runs `line` through `/bin/sh` in `folder`, with the rangectl under test
  /// first on PATH, so that quotes, globs, redirections and pipes work as
  /// for a user who pastes the line. `bin`: a folder for a link named
  /// `rangectl` to it (RANGECTL may name it otherwise).
  static func runInShell(_ line: String, in folder: URL, bin: URL) throws -> (status: Int32, stderr: String) {
    let rangectl = bin.appendingPathComponent("rangectl")
    if !FileManager.default.fileExists(atPath: rangectl.path) {
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(at: rangectl, withDestinationURL: try Rangectl.location.get())
    }
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", line]
    shell.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = rangectl.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    shell.environment = environment
    shell.standardInput = FileHandle.nullDevice
    shell.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    shell.standardError = errors
    try shell.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    return (shell.terminationStatus, text)
  }

  @Test("Every example of every command but bench runs as printed from the repository root and exits 0: bundled data, Tests/Fixtures, or ../shared/datasets when there (calibrate without the GSL trait: 64, saying why)", arguments: runnableCommands)
  func examplesRun(command: [String]) throws {
    let help = try Rangectl.run(command + ["--help"])
    let examples = (Self.examples(inHelp: help.stdoutLines) ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(examples.count >= 2, "\(help.stdoutText)")
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // Run from a folder that holds the bundled datasets and the test fixtures, beside a link to
    // ../shared when the repository has one, so that the examples' paths resolve as from the
    // repository root and outputs (walk.svg, scenarios/, out/) land in scratch.
    let root = scratch.url.appendingPathComponent("repository")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
    for folder in ["datasets", "Tests"] {
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent(folder).path,
        withDestinationPath: PackagePaths.root.appendingPathComponent(folder).path)
    }
    if PackagePaths.hasRealRecordings {
      try FileManager.default.createSymbolicLink(
        atPath: scratch.path("shared"), withDestinationPath: PackagePaths.realRecordings.deletingLastPathComponent().path)
    }
    // In order: an example may read what the one before it wrote (evaluate's --events).
    for example in examples {
      if example.contains("../shared/"), !PackagePaths.hasRealRecordings {
        print("not run, no ../shared/datasets: \(example)")
        continue
      }
      let result = try Self.runInShell(example, in: root, bin: scratch.url.appendingPathComponent("bin"))
      #if GSL
        #expect(result.status == 0, "\(example): \(result.stderr)")
      #else
        // calibrate's robust fits need the GSL trait; without it, it refuses with 64 and says so (CalibrateCommandTests).
        if example.hasPrefix("rangectl calibrate") || example.contains(" --smooth") {
          #expect(result.status == 64 && result.stderr.contains("built without the GSL trait"), "\(example): \(result.stderr)")
        } else {
          #expect(result.status == 0, "\(example): \(result.stderr)")
        }
      #endif
    }
  }

  /// The option names of a help's OPTIONS: section: the words starting `--`
  /// in each option's name column (a description may mention other options).
  private static func optionNames(inHelp lines: [String]) -> [String] {
    guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
    var names: [String] = []
    for line in lines[(start + 1)...] {
      if line.isEmpty { break }
      guard line.hasPrefix("  -") else { continue }
      let column = line.dropFirst(2).components(separatedBy: "  ")[0]
      for word in column.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" }) where word.hasPrefix("--") {
        names.append(String(word))
      }
    }
    return names.filter { $0 != "--help" && $0 != "--version" }
  }

  /// Issue 34, item 20: `generate`'s hand-written usage line left out three
  /// options. A usage line either names every option or says `[<options>]`.
  @Test("Every command's USAGE names each of its options, or stands for them with <options>")
  func usageNamesEveryOption() throws {
    for path in try Self.commandPaths() {
      let help = try Rangectl.run(path + ["--help"])
      let lines = help.stdoutLines
      guard let start = lines.firstIndex(where: { $0.hasPrefix("USAGE:") }) else {
        Issue.record("rangectl \(path.joined(separator: " ")) --help has no USAGE")
        continue
      }
      let usage = lines[start...].prefix { !$0.isEmpty }.joined(separator: " ")
      if usage.contains("<options>") { continue }
      let usageWords = Set(usage.split(whereSeparator: { " []|()".contains($0) }).map(String.init))
      for option in Self.optionNames(inHelp: lines) {
        #expect(usageWords.contains(option), "rangectl \(path.joined(separator: " ")): USAGE lacks \(option): \(usage)")
      }
    }
  }

  @Test("A folder of recording folders says how to give them")
  func folderOfFolders() throws {
    let result = try Rangectl.run(["evaluate", "datasets", "--json"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("datasets: no .csv files in this folder (its "), "\(result.stderr)")
    #expect(result.stderr.contains("subfolders are not read: give them, e.g. datasets/*/)"), "\(result.stderr)")
  }

  /// Issue 34, item 18: `rangectl bench` from `swift run` reported figures about 30 times too low without a word.
  /// Issue 38, item 3: the replay's row stands beside its yardstick, the same file's parse limit
  /// (`getline` and `strtod` of the `t` and `distance` columns, found by name), as a share of it.
  @Test("bench says when it is a debug build, and reports the replay as a share of the same file's parse limit")
  func benchReportsReplayAgainstParseLimit() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // The distance column first and t last: the yardstick finds both by name.
    let path = try scratch.write("small.csv", "# a comment\ndistance,object,t\n1,a,0\n1.1,a,0.1\n1.2,a,0.2\n")
    let result = try Rangectl.run(["bench", path, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("warning: this is a debug build") == Self.isDebugBuild, "\(result.stderr)")
    // Issue 58, item 13: a debug build's run took two minutes without saying how long; it says it up front.
    #expect(result.stderr.contains("expect about ") == Self.isDebugBuild, "\(result.stderr)")
    let jsonLine = try #require(result.stdoutLines.first { $0.hasPrefix("{") })
    let report = try #require(try JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any])
    let results = try #require(report["results"] as? [[String: Any]])
    let limit = try #require(results.first { ($0["name"] as? String) == "getline+strtod(\(path))" })
    let replay = try #require(results.first { ($0["name"] as? String) == "Replayer.run(\(path),swift)" })
    #expect(limit["unit"] as? String == "rows" && replay["unit"] as? String == "rows")
    let limitRate = try #require(limit["per_second"] as? Int)
    let replayRate = try #require(replay["per_second"] as? Int)
    #expect(limitRate > 0 && replayRate > 0)
    let share = try #require(replay["of_limit"] as? Double)
    #expect(
      abs(share - Double(replayRate) / Double(limitRate)) <= Self.shareTolerance(replayRate: replayRate, limitRate: limitRate),
      "\(share) against \(replayRate) / \(limitRate)")
    // Issue 38, items 1 and 3: the constant-velocity step alone for 1,000 objects, per object on each
    // backend (issue 56 withdrew the batched GSL step: measured at GSL's limit).
    let names = Set(results.compactMap { $0["name"] as? String })
    #expect(names.contains("constantVelocityStep(1000-objects,swift)"), "\(names)")
    #if GSL
      #expect(names.contains("constantVelocityStep(1000-objects,gsl)"), "\(names)")
      // Issue 38, item 3: the default path's replay (GSL, one thread) beside the parse limit too.
      let defaultReplay = try #require(results.first { ($0["name"] as? String) == "Replayer.run(\(path),gsl)" })
      let defaultRate = try #require(defaultReplay["per_second"] as? Int)
      let defaultShare = try #require(defaultReplay["of_limit"] as? Double)
      #expect(defaultRate > 0)
      #expect(
        abs(defaultShare - Double(defaultRate) / Double(limitRate))
          <= Self.shareTolerance(replayRate: defaultRate, limitRate: limitRate),
        "\(defaultShare) against \(defaultRate) / \(limitRate)")
    #endif
  }

  /// How far `of_limit` may lie from the share of the printed rates, `r / l`.
  ///
  /// bench prints `of_limit` rounded down to 1/1000 (off by under 0.001) and
  /// the rates R and L rounded to whole rows per second (each off by at most
  /// 0.5). With R = r + e1 and L = l + e2,
  /// `R/L - r/l = (l e1 - r e2) / (l (l + e2))`, at most `0.5 (1 + r/l) / (l - 0.5)`:
  /// the slower the file's parse limit, the more the rounding moves the
  /// share. A fixed 0.0015 failed on a 3-row file whose limit was 726 rows/s
  /// (issue 58, item 14); this bound holds at any speed of the machine.
  static func shareTolerance(replayRate: Int, limitRate: Int) -> Double {
    let r = Double(replayRate), l = Double(limitRate)
    // 1e-9: the few ulps of the division and of Double(Int(x * 1000)) / 1000.
    return 0.001 + 0.5 * (1 + r / l) / (l - 0.5) + 1e-9
  }

  @Test("The share's tolerance covers the printed rounding at any rates, as slow as 1 row/s (seeded)")
  func shareToleranceCoversRounding() {
    var draws = SeededDraws(seed: 58)
    print("shareToleranceCoversRounding: seed 58")
    // A draw in `range`, in steps of a millionth of it.
    func uniform(_ range: ClosedRange<Double>) -> Double {
      range.lowerBound + (range.upperBound - range.lowerBound) * Double(draws.next(1_000_001)) / 1_000_000
    }
    // The rates of issue 58, item 14, then rates from 1 row/s to 10 M rows/s, replays at 1/1000 to 20 times the limit.
    var pairs: [(replay: Double, limit: Double)] = [(9_274.6, 725.6), (6_900.49, 726.49), (1.49, 1.49)]
    for _ in 0..<10_000 {
      let limit = pow(10, uniform(0...7))
      pairs.append((limit * pow(10, uniform(-3...1.3)), limit))
    }
    for (replay, limit) in pairs where limit.rounded() >= 1 {
      // As bench prints them (Bench.swift, BenchResult.json).
      let share = Double(Int(replay / limit * 1000)) / 1000
      let replayRate = Int(replay.rounded()), limitRate = Int(limit.rounded())
      let tolerance = Self.shareTolerance(replayRate: replayRate, limitRate: limitRate)
      #expect(abs(share - Double(replayRate) / Double(limitRate)) <= tolerance, "replay \(replay), limit \(limit)")
    }
  }

  /// Whether the tests (and the rangectl built with them) are a debug build.
  static var isDebugBuild: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }
}
