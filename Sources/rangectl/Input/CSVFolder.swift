// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingOutputs

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The recordings a folder argument stands for, by one rule for every command
/// that takes folders (`replay --out-dir`, `evaluate`; docs/FORMATS.md §4):
/// each regular `.csv` file directly in the folder, not in its subfolders,
/// hidden files skipped, in the byte order of their names, so that a listing
/// does not depend on the file system's order or the locale.
///
/// "Regular" once symbolic links are followed: a link to a recording is a
/// recording. Anything else named `*.csv` (a FIFO, a device, a socket, a
/// broken link) is skipped with a message naming it: opening a FIFO waits
/// for a writer, so a replay or evaluation of the folder hung, and
/// `/dev/zero` never ends (issue 34, item 3).
enum CSVFolder {
  /// Why a folder gives no recordings; the exit status is 66 (EX_NOINPUT)
  /// for both, since nothing to score or replay is not a success.
  struct ListError: Error {
    var message: String
    var status: Int32 { 66 }
  }

  /// The recordings in `path` when it is a folder; nil when it is not (a
  /// file, or a path that each command reports as it reports any FILE).
  ///
  /// - Parameter skipped: called with a message (`FOLDER/NAME.csv: skipped:
  ///   not a regular file (a FIFO)`) for each `.csv` entry that is neither a
  ///   recording nor a subfolder, in the listing's order.
  /// - Throws: when the folder cannot be read or holds no `.csv` file to read.
  static func recordings(in path: String, skipped: (String) -> Void) throws(ListError) -> [String]? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw ListError(message: "\(Escaped(path)): cannot read the folder: \(error.localizedDescription)")
    }
    var files: [String] = []
    var skippedAny = false
    for name in names.filter({ $0.hasSuffix(".csv") && !$0.hasPrefix(".") })
      .sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    {
      let file = (path as NSString).appendingPathComponent(name)
      switch entry(file) {
      case .recording: files.append(file)
      case .subfolder: break
      case .other(let what):
        skippedAny = true
        skipped("\(Escaped(file)): skipped: not a regular file (\(what))")
      }
    }
    if files.isEmpty {
      var message = "\(Escaped(path)): no \(skippedAny ? "regular " : "").csv files in this folder"
      // A folder of recording folders (as datasets/ is) is the likely mistake: say how to give them.
      let subfolders = names.filter { !$0.hasPrefix(".") && Self.isFolder(atPath: (path as NSString).appendingPathComponent($0)) }
      if !subfolders.isEmpty {
        let example = (path as NSString).appendingPathComponent("*/")
        message += " (its \(subfolders.count) subfolder\(subfolders.count == 1 ? " is" : "s are") not read: give "
          + "\(subfolders.count == 1 ? "it" : "them"), e.g. \(example))"
      }
      throw ListError(message: message)
    }
    return files
  }

  private static func isFolder(atPath path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
  }

  private enum Entry {
    case recording
    case subfolder
    /// What it is instead, for the message.
    case other(String)
  }

  /// What `file` is once symbolic links are followed (`stat`, not `lstat`).
  private static func entry(_ file: String) -> Entry {
    var status = stat()
    guard stat(file, &status) == 0 else {
      let reason = errno
      var link = stat()
      if reason == ENOENT, lstat(file, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
        return .other("a broken symbolic link")
      }
      return .other(String(cString: strerror(reason)))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .recording
    case S_IFDIR: return .subfolder
    case S_IFIFO: return .other("a FIFO")
    case S_IFCHR: return .other("a character device")
    case S_IFBLK: return .other("a block device")
    case S_IFSOCK: return .other("a socket")
    default: return .other("of an unknown type")
    }
  }
}
