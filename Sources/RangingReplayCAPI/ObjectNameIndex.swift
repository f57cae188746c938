// SPDX-License-Identifier: Apache-2.0
/// The objects a C result names, each by its index among them in the order
/// of its first record, and their names as the result's `object_names`
/// text: each followed by a newline (a name holds none).
struct ObjectNameIndex {
  private var indices: [String: Int64] = [:]
  /// The names so far, one a line.
  private(set) var text = ""

  /// The index of `name`, naming it when it is new.
  mutating func index(of name: String) -> Int64 {
    if let known = indices[name] { return known }
    let index = Int64(indices.count)
    indices[name] = index
    text += name + "\n"
    return index
  }
}
