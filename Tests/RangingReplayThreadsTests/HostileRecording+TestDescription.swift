// SPDX-License-Identifier: Apache-2.0
import ReplayTestRecordings
import Testing

/// A hostile recording, as a test's argument, is named by its seed and sizes.
extension HostileRecording: CustomTestStringConvertible {}
