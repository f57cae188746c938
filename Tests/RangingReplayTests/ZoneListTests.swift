// SPDX-License-Identifier: Apache-2.0
import RangingReplay
import Testing

@Suite("ZoneList")
struct ZoneListTests {
  @Test("Names, radii and optional angle gates parse in order")
  func parses() throws {
    let list = try ZoneList(parsing: "inner=1.5,door=2@30,outer=3")
    #expect(list.names == ["inner", "door", "outer"])
    #expect(list.radii == [1.5, 2, 3])
    #expect(list.angleLimitsDegrees == [nil, 30, nil])
    let zones = list.zones()
    #expect(zones[1].angleLimitRadians.map { abs($0 - 30 * .pi / 180) < 1e-15 } == true)
    #expect(zones[0].angleLimitRadians == nil)
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var testDescription: String { text.isEmpty ? "(empty)" : text }
  }

  @Test("Each unusable --zones value says what is wrong", arguments: [
    Bad(text: "", message: "expected name=radius pairs, e.g. inner=1.5,outer=3"),
    Bad(text: "inner", message: "'inner' is not name=radius"),
    Bad(text: "=1.5", message: "'=1.5' has an empty zone name"),
    Bad(text: "a=1,a=2", message: "zone 'a' is given twice"),
    Bad(text: "a=-1", message: "zone 'a': radius '-1' is not a positive number of metres"),
    Bad(text: "a=1@200", message: "zone 'a': angle '200' is not a number of degrees in (5, 180)"),
    Bad(text: "a=1@x", message: "zone 'a': angle 'x' is not a number of degrees in (5, 180)"),
    Bad(text: "a\"b=1", message: "zone name 'a\"b' contains a quote, backslash or control character"),
  ])
  func rejects(_ bad: Bad) {
    #expect(throws: ZoneListError(bad.message)) { try ZoneList(parsing: bad.text) }
  }
}
