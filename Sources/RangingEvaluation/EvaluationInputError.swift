// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingOutputs

/// An evaluation input file that cannot be used.
///
///     events.jsonl:7: line is not a JSON object
///     track.csv:1: missing column 'distance'
public struct EvaluationInputError: Error, Equatable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// The file cannot be opened or read, or the dataset is not a ranging
    /// CSV (docs/FORMATS.md §1): the shared reader's own error.
    case dataset(DatasetError.Kind)
    /// A CSV header lacks a column evaluation needs, or the file has no header.
    case missingColumn(String)
    /// An events line is not one JSON object.
    case notAJSONObject
    /// A required field (events: `t`, `object`, `zone`, `event`; track: `t`,
    /// `object`) is absent or empty.
    case missingField(String)
    /// A field holds a value of the wrong kind (`t` not a finite number,
    /// `event` not `enter`/`exit`, ...).
    case invalidField(String, text: String)
    /// The dataset names `true_distance` but no measurement row has one:
    /// nothing to score against (an empty score would read as perfect).
    case noTruth
  }

  /// The path as the caller gave it.
  public var path: String
  /// 1-based physical line, or nil for the whole file.
  public var line: Int?
  public var kind: Kind

  public init(path: String, line: Int? = nil, kind: Kind) {
    self.path = path
    self.line = line
    self.kind = kind
  }

  /// `<path>[:<line>]: <what>`.
  public var description: String {
    let location = DatasetError.location(path: path, line: line)
    switch kind {
    case .dataset(let kind): return DatasetError(path: path, line: line, kind: kind).description
    case .missingColumn(let name): return "\(location): missing column '\(Escaped(name))'"
    case .notAJSONObject: return "\(location): line is not a JSON object"
    case .missingField(let name): return "\(location): missing field '\(Escaped(name))'"
    case .noTruth: return "\(location): no measurement row has a 'true_distance': nothing to score against"
    case .invalidField(let name, let text): return "\(location): field '\(Escaped(name))': invalid value '\(Escaped(text))'"
    }
  }

  /// The same problem from the shared ranging-CSV reader.
  init(_ error: DatasetError) {
    self.init(path: error.path, line: error.line, kind: .dataset(error.kind))
  }
}
