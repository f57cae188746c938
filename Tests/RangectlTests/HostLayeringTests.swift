// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// One host module and the package modules it may import (docs/DESIGN.md, "Layers" and "Host modules").
struct HostModuleRule: Sendable, CustomTestStringConvertible {
  var module: String
  var mayImport: Set<String>
  var testDescription: String { module }
}

@Suite("Layering of the host modules (docs/DESIGN.md, \"Host modules\")")
struct HostLayeringTests {
  /// The package's own modules; an import of any other module (Foundation, Glibc, ...) is not checked here.
  static let packageModules: Set<String> = [
    "CGSL", "_RangingMath", "RangingEngine", "ZoneMonitor", "NearbyAccessory", "RangingSession", "RangingEngineCAPI",
    "RangingOutputs", "RangingFormats", "RangingReplay", "RangingReplayThreads", "RangingSmoothing", "RangingCalibration", "RangingEvaluation",
    "RangingScenarios", "RangingPlots", "RangingReplayOptions", "RangingReplayCAPI", "RangingBench",
  ]

  /// Dependencies point one way: each module imports only layers below it, and only those it uses.
  static let rules: [HostModuleRule] = [
    HostModuleRule(module: "RangingOutputs", mayImport: ["RangingEngine", "ZoneMonitor"]),
    HostModuleRule(module: "RangingFormats", mayImport: ["RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    HostModuleRule(module: "RangingReplay", mayImport: ["RangingFormats", "RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    HostModuleRule(
      module: "RangingReplayThreads", mayImport: ["RangingReplay", "RangingFormats", "RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    HostModuleRule(
      module: "RangingReplayOptions",
      mayImport: ["RangingReplay", "RangingFormats", "RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    // RangingReplayThreads: the replay job, which the C replay is an adapter over, as rangectl replay is.
    HostModuleRule(
      module: "RangingReplayCAPI",
      mayImport: [
        "RangingReplayOptions", "RangingReplayThreads", "RangingReplay", "RangingFormats", "RangingOutputs", "RangingEngineCAPI",
        "RangingEngine", "ZoneMonitor",
      ]),
    // ZoneMonitor: the offline zone events decide on the smoothed track with the live zones (OfflineZoneEvents).
    HostModuleRule(module: "RangingSmoothing", mayImport: ["RangingReplay", "RangingEngine", "ZoneMonitor", "CGSL"]),
    // RangingOutputs: an event's JSON line comes from the one events writer (ZoneSession.Event.jsonLine).
    HostModuleRule(module: "RangingSession", mayImport: ["RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    HostModuleRule(module: "RangingCalibration", mayImport: ["RangingFormats", "RangingOutputs", "CGSL"]),
    HostModuleRule(
      module: "RangingEvaluation",
      mayImport: ["RangingFormats", "RangingOutputs", "RangingReplay", "RangingSmoothing", "RangingEngine", "ZoneMonitor"]),
    HostModuleRule(module: "RangingScenarios", mayImport: ["RangingEngine"]),
    HostModuleRule(module: "RangingBench", mayImport: ["RangingEngine", "ZoneMonitor", "RangingOutputs"]),
    HostModuleRule(
      module: "RangingPlots",
      mayImport: ["RangingFormats", "RangingOutputs", "RangingReplay", "RangingSmoothing", "RangingEngine", "ZoneMonitor"]),
  ]

  /// Swift files of `module`, as paths relative to the package root.
  static func files(of module: String) -> [String] {
    let folder = "Sources/\(module)"
    guard let walker = FileManager.default.enumerator(atPath: PackagePaths.root.appendingPathComponent(folder).path)
    else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      if relative.hasSuffix(".swift") { files.append("\(folder)/\(relative)") }
    }
    return files.sorted()
  }

  @Test("Each host module imports only the package modules below it that it needs", arguments: rules)
  func importsOnlyLowerLayers(_ rule: HostModuleRule) throws {
    let files = Self.files(of: rule.module)
    #expect(!files.isEmpty, "no Swift files under Sources/\(rule.module)")
    var violations: [String] = []
    for file in files {
      let source = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
      for found in ImportScanner.imports(in: source)
      where Self.packageModules.contains(found.module) && !rule.mayImport.contains(found.module) {
        violations.append("\(file):\(found.line): \(found.text)")
      }
    }
    #expect(violations.isEmpty, "\(rule.module) imports outside its layer:\n\(violations.joined(separator: "\n"))")
  }

  @Test("Among the host modules only GSL*.swift files import CGSL, each under #if GSL")
  func cgslOnlyInGSLFiles() throws {
    var violations: [String] = []
    for rule in Self.rules {
      for file in Self.files(of: rule.module) {
        let source = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
        let isGSLFile = (file as NSString).lastPathComponent.hasPrefix("GSL") && source.contains("#if GSL")
        for found in ImportScanner.imports(in: source) where found.module == "CGSL" && !isGSLFile {
          violations.append("\(file):\(found.line): \(found.text)")
        }
      }
    }
    #expect(violations.isEmpty, "CGSL imported outside a GSL*.swift file:\n\(violations.joined(separator: "\n"))")
  }
}
