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
/// `rangectl replay` and the replay from C (`ranging_replay_file`) both check it.
public enum OutputCollision {
  public static func collide(_ a: String, _ b: String) -> Bool {
    var statA = stat(), statB = stat()
    let aExists = stat(a, &statA) == 0, bExists = stat(b, &statB) == 0
    // A path not there yet is created as a regular file: the same path twice collides.
    guard aExists, bExists else { return a == b }
    guard statA.st_dev == statB.st_dev, statA.st_ino == statB.st_ino else { return false }
    return (statA.st_mode & S_IFMT) != S_IFCHR
  }

  /// Whether two paths name the same existing file (same device and inode):
  /// an output opened on the input would truncate it before it is read.
  public static func sameFile(_ a: String, _ b: String) -> Bool {
    var statA = stat(), statB = stat()
    guard stat(a, &statA) == 0, stat(b, &statB) == 0 else { return false }
    return statA.st_dev == statB.st_dev && statA.st_ino == statB.st_ino
  }
}
