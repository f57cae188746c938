// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// NearbyAccessory is core: it imports RangingEngine and nothing else
/// (docs/CONVENTIONS.md §1), so it compiles as Embedded Swift.
/// `scripts/checks/check-embedded-nearby-accessory` compiles it for a Cortex-M4.
@Suite("NearbyAccessory layering")
struct NearbyAccessoryLayeringTests {
  @Test("Every source file imports at most RangingEngine")
  func imports() throws {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      folder.deleteLastPathComponent()
    }
    let sources = folder.appendingPathComponent("Sources/NearbyAccessory")
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
    #expect(files.count >= 10)
    let pattern = #/^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:\w+\s+)?(\w+)/#
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        if let match = line.prefixMatch(of: pattern) {
          #expect(match.1 == "RangingEngine", "\(file): \(line)")
        }
      }
    }
  }
}
