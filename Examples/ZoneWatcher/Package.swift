// swift-tools-version: 6.1
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

let package = Package(
  name: "ZoneWatcher",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    // A clone of RangingEngine beside this package, in a folder of any name:
    // `name:` is what `package:` below refers to, whatever the folder is called.
    .package(name: "RangingEngine", path: "../ranging-engine"),
  ],
  targets: [
    .executableTarget(
      name: "ZoneWatcher",
      dependencies: [.product(name: "RangingSession", package: "RangingEngine")]),
  ]
)
