// SPDX-License-Identifier: Apache-2.0
/// Random damage to a CSV line, for the tests that hold ``RowScanner`` to
/// ``RowParser``: one to three characters replaced, inserted or removed.
enum LineDamage {
  /// `line` with one to three random edits drawn from `alphabet`.
  static func damaged(_ line: String, alphabet: [Unicode.Scalar], random: inout SplitMix64) -> String {
    var scalars = Array(line.unicodeScalars)
    for _ in 0...(random.next() % 3) {
      let at = Int(random.next() % UInt64(scalars.count))
      switch random.next() % 3 {
      case 0: scalars[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
      case 1: scalars.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
      default: scalars.remove(at: at)
      }
    }
    var damaged = ""
    damaged.unicodeScalars.append(contentsOf: scalars)
    return damaged
  }
}
