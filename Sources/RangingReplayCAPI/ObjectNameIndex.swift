// SPDX-License-Identifier: Apache-2.0
/// The objects a C result names, each by its index among them in the order
/// of its first record, and their names as the result's `object_names`
/// text: each followed by a newline (a name holds none).
struct ObjectNameIndex {
  private var indices: [String: Int64] = [:]
  /// The names so far, one a line.
  private(set) var text = ""
  /// The index of each replay object id seen (``index(of:name:)``), by its
  /// entry (the id's low half), with the id it was for: an entry reused by
  /// another name has another id.
  private var byEntry: [(id: UInt64, index: Int64)] = []

  /// The index of the object with replay id `id` (`ObjectNames`) and this
  /// name: looked up by the id's entry, and by the name only for an id not
  /// seen before (so that a name seen under two ids keeps one index).
  mutating func index(of id: UInt64, name: String) -> Int64 {
    let entry = Int(truncatingIfNeeded: id & 0xFFFF_FFFF)
    if entry < byEntry.count, byEntry[entry].id == id { return byEntry[entry].index }
    let found = index(of: name)
    if entry >= byEntry.count {
      byEntry.append(contentsOf: repeatElement((id: UInt64.max, index: -1), count: entry + 1 - byEntry.count))
    }
    byEntry[entry] = (id, found)
    return found
  }

  /// The index of `name`, naming it when it is new.
  private mutating func index(of name: String) -> Int64 {
    if let known = indices[name] { return known }
    let index = Int64(indices.count)
    indices[name] = index
    text += name + "\n"
    return index
  }
}
