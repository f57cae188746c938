// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The recordings a folder argument stands for, by one rule for every command
/// that takes folders (`replay --out-dir`, `evaluate`; docs/FORMATS.md §4):
/// each regular `.csv` file directly in the folder, not in its subfolders,
/// hidden files skipped, in the byte order of their names, so that a listing
/// does not depend on the file system's order or the locale.
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
  /// - Throws: when the folder cannot be read or holds no `.csv` file.
  static func recordings(in path: String) throws(ListError) -> [String]? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw ListError(message: "\(path): cannot read the folder: \(error.localizedDescription)")
    }
    let files = names.filter { $0.hasSuffix(".csv") && !$0.hasPrefix(".") }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      .map { (path as NSString).appendingPathComponent($0) }
      .filter { file in
        var isSubfolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: file, isDirectory: &isSubfolder) && !isSubfolder.boolValue
      }
    if files.isEmpty { throw ListError(message: "\(path): no .csv files in this folder") }
    return files
  }
}
