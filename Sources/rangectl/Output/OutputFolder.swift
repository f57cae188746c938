// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// A folder that a command writes its outputs into (`generate --out`,
/// `replay --out-dir`), made with its missing parents as `mkdir -p` does.
///
/// Foundation's `createDirectory` reports a failure as a dump of its error
/// object; this says in one line which path failed and why, in the
/// operating system's words, as every other output failure does
/// (docs/COMMAND-LINE.md: exit 73 when an output cannot be created).
enum OutputFolder {
  /// Makes `path` and each missing parent.
  ///
  /// - Returns: nil when `path` is a folder afterwards (made now or before),
  ///   else why not, in one phrase: `it is a file, not a folder`, `PARENT is
  ///   a file, not a folder`, or `strerror` of the `mkdir` or `stat` that
  ///   failed (`Permission denied`).
  static func create(_ path: String) -> String? {
    // Each prefix that ends before a slash, then the whole path: `a`, `a/b`, `a/b/c`.
    var prefixes = path.indices.dropFirst().filter { path[$0] == "/" }.map { String(path[..<$0]) }
    prefixes.append(path)
    for prefix in prefixes {
      var status = stat()
      if stat(prefix, &status) == 0 {
        if status.st_mode & S_IFMT == S_IFDIR { continue }
        return prefix == path ? "it is a file, not a folder" : "\(prefix) is a file, not a folder"
      }
      var code = errno
      if code == ENOENT {
        if mkdir(prefix, 0o777) == 0 { continue }
        code = errno
        // Another process may have made it meanwhile, which is as good.
        if code == EEXIST, stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
      }
      return String(cString: strerror(code))
    }
    return nil
  }
}
