// SPDX-License-Identifier: Apache-2.0

/// Whether an object entered or left a zone: the `event` field of a zone
/// event (docs/FORMATS.md §2), as evaluation reads it back and plots draw it.
public enum CrossingKind: String, Codable, CaseIterable, Sendable {
  case enter
  case exit
}
