// swift-tools-version: 6.1
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

let package = Package(
  name: "ZoneWatcher",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(path: "../RangingEngine"),
  ],
  targets: [
    .executableTarget(
      name: "ZoneWatcher",
      dependencies: [.product(name: "RangingSession", package: "RangingEngine")]),
  ]
)
