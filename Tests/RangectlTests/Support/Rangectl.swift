// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What one run of `rangectl` produced.
struct RangectlResult: Sendable {
  var status: Int32
  var stdout: Data
  var stderr: String

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard output split into lines, without the final empty one.
  var stdoutLines: [String] { Rangectl.lines(stdoutText) }
  /// Standard error split into lines, without the final empty one.
  var stderrLines: [String] { Rangectl.lines(stderr) }

  /// The replay summary on standard error, or nil when there is none.
  var summary: ReplaySummaryText? { ReplaySummaryText(parsing: stderr) }
}

/// Runs the `rangectl` executable that `swift test` built next to the test
/// bundle, as a subprocess, the way a user or a script would.
enum Rangectl {
  /// Where the executable is, or why it cannot be found.
  static let location: Result<URL, LocationError> = locate()

  struct LocationError: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "rangectl executable not found (it is built with the tests: `swift build --build-tests`); "
        + "looked in: \(searched.joined(separator: ", ")); set RANGECTL to its path to override"
    }
  }

  /// Looks for `rangectl` in the folder of the running test binary and the
  /// folders above it (the binary sits in `<scratch>/<config>/`, or inside
  /// `<name>.xctest/Contents/MacOS/` on Darwin), then next to any loaded
  /// `.xctest` bundle. `RANGECTL` in the environment wins.
  private static func locate() -> Result<URL, LocationError> {
    let manager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["RANGECTL"], !override.isEmpty {
      return manager.isExecutableFile(atPath: override)
        ? .success(URL(fileURLWithPath: override)) : .failure(LocationError(searched: [override]))
    }
    var starts: [URL] = []
    if let executable = Bundle.main.executableURL { starts.append(executable.resolvingSymlinksInPath()) }
    starts.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
    if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first).standardizedFileURL) }
    starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    var searched: [String] = []
    for start in starts {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<4 where folder.path != "/" {
        let candidate = folder.appendingPathComponent("rangectl")
        if !searched.contains(folder.path) { searched.append(folder.path) }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
          manager.isExecutableFile(atPath: candidate.path)
        {
          return .success(candidate)
        }
        folder.deleteLastPathComponent()
      }
    }
    return .failure(LocationError(searched: searched))
  }

  /// Runs `rangectl arguments...` and waits for it.
  ///
  /// - Parameters:
  ///   - arguments: the command line after `rangectl`.
  ///   - stdin: bytes written to its standard input through a pipe, or nil for
  ///     no input (`/dev/null`).
  ///   - directory: the working directory; default the package root.
  ///   - redirections: shell redirections applied to the run (`>/dev/full`,
  ///     `>&-`, `<&-`, `</tmp`), through `/bin/sh -c 'exec rangectl "$@" …'`;
  ///     they override `stdin` and the captured standard output.
  /// - Throws: when the executable cannot be found (a test failure, not a skip)
  ///   or cannot be started.
  static func run(
    _ arguments: [String], stdin: String? = nil, redirections: String? = nil, in directory: URL = PackagePaths.root,
    environment: [String: String]? = nil
  ) throws -> RangectlResult {
    let executable = try location.get()
    // Output goes to files, not pipes, so a large output cannot fill a pipe
    // and stall the child while we wait for it.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let outPath = scratch.path("stdout")
    let errPath = scratch.path("stderr")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    let process = Process()
    if let redirections {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirections)", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    process.standardOutput = out
    process.standardError = err
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    if let input, let stdin {
      input.fileHandleForWriting.write(Data(stdin.utf8))
      try input.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    try out.close()
    try err.close()
    return RangectlResult(
      status: process.terminationStatus,
      stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
      stderr: try String(contentsOfFile: errPath, encoding: .utf8))
  }

  /// `text` split on `\n`, without the empty string after a final newline.
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
