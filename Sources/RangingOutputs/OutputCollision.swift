// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether two output paths would write into one file.
///
/// Two outputs opened on one regular file truncate and overwrite each other,
/// so that is refused. A character device (`/dev/null`, `/dev/stdout`, a
/// terminal) is not truncated and keeps every write, so it may take several
/// outputs: `--events /dev/null --filtered /dev/null` discards both.
/// `rangectl replay` and the replay from C (`ranging_replay_file`) both check
/// it between their outputs, and every command between an output and its
/// input (``inputRefusal(option:output:input:)``).
public enum OutputCollision {
  public static func collide(_ a: String, _ b: String) -> Bool {
    var statA = stat(), statB = stat()
    let aExists = stat(a, &statA) == 0, bExists = stat(b, &statB) == 0
    // A path not there yet is created as a regular file: the same path twice collides.
    guard aExists, bExists else { return a == b }
    guard statA.st_dev == statB.st_dev, statA.st_ino == statB.st_ino else { return false }
    return (statA.st_mode & S_IFMT) != S_IFCHR
  }

  /// The refusal of an output `option` given `output`, when opening it would
  /// truncate `input` before it is read; nil when it may be opened.
  ///
  /// The rule of ``collide(_:_:)``, between an output and the input: one
  /// regular file by any path (the same path, a symbolic or hard link, a
  /// relative path) is refused, a character device (`/dev/null`, a terminal)
  /// is not truncated and may be both, and a path not there yet is refused
  /// only when it is the input's own path (which then fails to open too).
  /// `-` is standard input as the input and standard output as an output,
  /// never one file, even when a file named `-` exists. Every command that
  /// writes beside its input (`rangectl replay`, `plot`, `calibrate`, the
  /// replay from C) refuses with these words.
  public static func inputRefusal(option: String, output: String, input: String) -> String? {
    guard output != "-", input != "-", collide(output, input) else { return nil }
    return "\(option) \(output) is the input file; choose another path"
  }
}
