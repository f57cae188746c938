// SPDX-License-Identifier: Apache-2.0
/// The package's version (semantic versioning), the one `CHANGELOG.md`
/// names and `rangectl --version` prints.
///
/// The C header carries the same numbers as `RANGING_ENGINE_VERSION_*`, and
/// `ranging_engine_version()` returns ``string``; a test holds the three to
/// each other.
public enum RangingEngineVersion {
  public static let major = 0
  public static let minor = 2
  public static let patch = 0
  /// `"MAJOR.MINOR.PATCH"`, a static NUL-terminated string.
  public static let string: StaticString = "0.2.0"
}
