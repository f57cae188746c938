// SPDX-License-Identifier: Apache-2.0
/// What a plot's title calls its recording.
enum PlotTitle {
  /// The file's name without its folders: a title is read at a glance, and
  /// an absolute path (`/home/…/datasets/…/samples.csv`) pushed the object's
  /// name off the end. Standard input (`-`) is named as such.
  static func recordingName(_ path: String) -> String {
    if path == "-" { return "standard input" }
    let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
    return name ?? path
  }
}
