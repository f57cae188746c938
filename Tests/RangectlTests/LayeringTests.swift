// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Finds the imports of Swift source text, the way the layering rules of
/// docs/CONVENTIONS.md §1 and §4 need: any access level or attribute, scoped imports
/// (`import struct Foundation.Date`), and not inside comments.
enum ImportScanner {
  struct Import: Equatable {
    /// 1-based line number.
    var line: Int
    /// The top-level module (`Foundation` for `Foundation.Date`).
    var module: String
    var text: String
  }

  static func imports(in source: String) -> [Import] {
    // Blank out block comments, keeping their newlines so line numbers hold.
    var text = ""
    var rest = source[...]
    while let open = rest.range(of: "/*") {
      text += rest[..<open.lowerBound]
      let close = rest[open.upperBound...].range(of: "*/")?.upperBound ?? rest.endIndex
      text += String(repeating: "\n", count: rest[open.lowerBound..<close].filter { $0 == "\n" }.count)
      rest = rest[close...]
    }
    text += rest
    let pattern = #/
      ^ \s*
      (?: @[A-Za-z_]+ (?: \( [^)]* \) )? \s+ )*                     # @preconcurrency, @_implementationOnly
      (?: (?: public | package | internal | fileprivate | private | open ) \s+ )?
      (?: @[A-Za-z_]+ (?: \( [^)]* \) )? \s+ )*
      import \s+
      (?: (?: typealias | struct | class | enum | protocol | let | var | func ) \s+ )?   # scoped import
      ( [A-Za-z_] [A-Za-z0-9_]* )
      /#
    var found: [Import] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let match = line.prefixMatch(of: pattern) {
        found.append(Import(line: index + 1, module: String(match.1), text: line.trimmingCharacters(in: .whitespaces)))
      }
    }
    return found
  }
}

/// A line and the module it imports (nil: not an import).
struct ImportLineCase: Sendable, CustomTestStringConvertible {
  var line: String
  var module: String?
  var testDescription: String { line }
}

@Suite("Layering of the core targets (docs/CONVENTIONS.md §1, §4)")
struct LayeringTests {
  static let coreFolders = ["Sources/RangingEngine", "Sources/ZoneMonitor"]

  /// Swift files under the core folders, as paths relative to the package root.
  static func coreFiles() -> [String] {
    var files: [String] = []
    for folder in coreFolders {
      let url = PackagePaths.root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
      while let relative = walker.nextObject() as? String {
        if relative.hasSuffix(".swift") { files.append("\(folder)/\(relative)") }
      }
    }
    return files.sorted()
  }

  static let scannerCases: [ImportLineCase] = [
    ImportLineCase(line: "import Foundation", module: "Foundation"),
    ImportLineCase(line: "  internal import Foundation", module: "Foundation"),
    ImportLineCase(line: "@preconcurrency import Foundation", module: "Foundation"),
    ImportLineCase(line: "@preconcurrency internal import FoundationEssentials", module: "FoundationEssentials"),
    ImportLineCase(line: "@_implementationOnly import CGSL", module: "CGSL"),
    ImportLineCase(line: "public import struct Foundation.Date", module: "Foundation"),
    ImportLineCase(line: "internal import CGSL", module: "CGSL"),
    ImportLineCase(line: "// import Foundation", module: nil),
    ImportLineCase(line: "/// The caller may import Foundation.", module: nil),
    ImportLineCase(line: "let important = 1", module: nil),
  ]

  @Test("The import scanner recognises every spelling of an import, and no comment", arguments: scannerCases)
  func scanner(_ fixture: ImportLineCase) {
    #expect(ImportScanner.imports(in: fixture.line).map(\.module) == (fixture.module.map { [$0] } ?? []))
  }

  @Test("The import scanner ignores imports inside block comments and keeps line numbers")
  func scannerBlockComments() {
    let source = "/* example:\nimport Foundation\n*/\nimport RangingEngine\n"
    let expected = ImportScanner.Import(line: 4, module: "RangingEngine", text: "import RangingEngine")
    #expect(ImportScanner.imports(in: source) == [expected])
  }

  @Test("The core targets have source files to check")
  func coreHasFiles() {
    let files = Self.coreFiles()
    for folder in Self.coreFolders {
      #expect(files.contains { $0.hasPrefix(folder + "/") }, "no Swift files under \(folder)")
    }
  }

  @Test("No file in RangingEngine or ZoneMonitor imports Foundation")
  func noFoundation() throws {
    var violations: [String] = []
    for file in Self.coreFiles() {
      let source = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
      for found in ImportScanner.imports(in: source) where found.module.hasPrefix("Foundation") {
        violations.append("\(file):\(found.line): \(found.text)")
      }
    }
    #expect(violations.isEmpty, "Foundation imported in the core:\n\(violations.joined(separator: "\n"))")
  }

  @Test("Only Sources/RangingEngine/LinearAlgebra/GSL*.swift imports CGSL")
  func cgslOnlyInLinearAlgebra() throws {
    var violations: [String] = []
    for file in Self.coreFiles() {
      let source = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
      let name = (file as NSString).lastPathComponent
      let allowed = file.hasPrefix("Sources/RangingEngine/LinearAlgebra/") && name.hasPrefix("GSL")
      for found in ImportScanner.imports(in: source) where found.module == "CGSL" && !allowed {
        violations.append("\(file):\(found.line): \(found.text)")
      }
    }
    #expect(violations.isEmpty, "CGSL imported outside LinearAlgebra/GSL*:\n\(violations.joined(separator: "\n"))")
  }
}
