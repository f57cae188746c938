// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Dispatch
import Foundation
import RangingReplayThreads
import Synchronization

/// `rangectl replay FILE|FOLDER... --out-dir DIR`: several recordings, each
/// with its own outputs and summary, replayed side by side
/// (docs/FORMATS.md §4, "Several inputs").
extension Replay {
  /// One input of several: where it is read from and the name its outputs take.
  struct InputFile: Equatable {
    var path: String
    var name: String
  }

  /// Replays every input file into `outDir` (``outDir``), `min(threads, files)` at a time,
  /// each on `threads / that` threads; each file's messages are written to
  /// `messages`, together, in the inputs' order. The exit status is the first
  /// input's, in that order, that did not complete (0 when all did).
  func replayFiles(into outDir: String, messages: MessageSink) throws {
    let files: [InputFile]
    do {
      files = try Self.inputFiles(inputs) { messages.write("\(ReplayOutcome.prefix)\($0)\n") }
    } catch {
      messages.write("\(ReplayOutcome.prefix)\(error.message)\n")
      throw ExitCode(error.status)
    }
    if let reason = OutputFolder.create(outDir) {
      messages.write("\(ReplayOutcome.prefix)cannot create --out-dir \(outDir): \(reason)\n")
      throw ExitCode(73)  // EX_CANTCREAT
    }
    let atOnce = Swift.min(threads, files.count)
    // --smooth runs on one thread (validate() refuses it beside --jobs for one file).
    let threadsPerFile = smooth ? 1 : Swift.max(1, threads / atOnce)
    let commands: [Replay] = files.map { input in
      var one = self
      one.inputs = [input.path]
      one.outDir = nil
      one.writeFiltered = false
      one.events = (outDir as NSString).appendingPathComponent(input.name + ".events.jsonl")
      one.filtered = writeFiltered ? (outDir as NSString).appendingPathComponent(input.name + ".filtered.csv") : nil
      one.jobs = threadsPerFile
      return one
    }
    let report = FilesReport(count: files.count, into: messages)
    let work = commands
    DispatchQueue.concurrentPerform(iterations: atOnce) { _ in
      while let index = report.nextFile() {
        let messages = report.messages[index]
        var status: Int32 = 0
        do {
          try work[index].validateOutputs()
          try work[index].replayFile(messages: messages, showsProgress: false)
        } catch let exit as ExitCode {
          status = exit.rawValue
        } catch let error as ValidationError {
          messages.write("\(ReplayOutcome.prefix)\(error.message)\n")
          status = 64
        } catch {
          messages.write("\(ReplayOutcome.prefix)\(error)\n")
          status = 70  // EX_SOFTWARE: no path throws anything else
        }
        report.finish(index, status: status)
      }
    }
    if let failed = report.firstFailure { throw ExitCode(failed) }
  }

  /// Why the inputs cannot be listed, with the exit status.
  struct InputListError: Error {
    var message: String
    var status: Int32
  }

  /// The files of `inputs`: each FILE as given, and a folder's recordings
  /// (``CSVFolder/recordings(in:skipped:)``; what it skips is handed to `skipped`). Outputs are named by
  /// the file name without `.csv`; files whose names collide are named `FOLDER-NAME` after their folder.
  ///
  /// - Throws: 66 for a folder that cannot be read or holds no `.csv` file, 64
  ///   when two inputs would still write the same outputs.
  static func inputFiles(_ inputs: [String], skipped: (String) -> Void) throws(InputListError) -> [InputFile] {
    var paths: [String] = []
    for input in inputs {
      do {
        // A file, or a path the replay reports as it reports any FILE (66).
        paths += try CSVFolder.recordings(in: input, skipped: skipped) ?? [input]
      } catch {
        throw InputListError(message: error.message, status: error.status)
      }
    }
    func baseName(_ path: String) -> String {
      let file = (path as NSString).lastPathComponent
      return file.hasSuffix(".csv") ? String(file.dropLast(4)) : file
    }
    let bases = paths.map(baseName)
    var files: [InputFile] = []
    for (path, base) in zip(paths, bases) {
      let shared = bases.count { $0 == base } > 1
      let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
      files.append(InputFile(path: path, name: shared && !folder.isEmpty ? "\(folder)-\(base)" : base))
    }
    for (index, file) in files.enumerated() {
      if let other = files[..<index].first(where: { $0.name == file.name }) {
        throw InputListError(
          message: "\(other.path) and \(file.path) would both write \(file.name).events.jsonl; rename one, or replay them separately",
          status: 64)
      }
    }
    return files
  }
}

/// The files' messages, written to the command's in the inputs' order as the
/// files finish (``InOrderOutcomes``), and the first failure in that order
/// (shared by the replaying threads).
final class FilesReport: @unchecked Sendable {
  // Unchecked: `order` is set once, in init; `failure` is written only by
  // `order`'s hand-on, under its lock, and read once every file is done.
  let messages: [MessageSink]
  private var failure: Int32? = nil
  private var order: InOrderOutcomes<Int32>!

  /// A report of `count` files, each one's messages written to `destination` in turn.
  init(count: Int, into destination: MessageSink) {
    messages = (0..<count).map { _ in MessageSink.buffered() }
    order = InOrderOutcomes(count: count) { [unowned self] index, status in
      messages[index].flush(into: destination)
      if status != 0, failure == nil { failure = status }
      return true
    }
  }

  /// The next file to replay, or nil when every file has been taken.
  func nextFile() -> Int? { order.nextItem() }

  /// Records file `index`'s status and writes the messages of every file
  /// finished in order so far.
  func finish(_ index: Int, status: Int32) { order.finish(index, status) }

  /// The first status, in the inputs' order, that is not 0 (once every file is done).
  var firstFailure: Int32? { failure }
}
