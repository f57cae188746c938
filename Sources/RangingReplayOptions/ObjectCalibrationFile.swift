// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingOutputs

/// A calibration file: one range calibration per object, for fleets whose
/// `--object-calibration` flags would not fit on a command line (a shell
/// refuses a line of megabytes: 100,000 objects are about 4 MB of flags).
///
/// The format (docs/FORMATS.md, "Calibration file") is CSV as RFC 4180 writes
/// it: the header `object,offset_m,scale`, then one row per object; a field
/// holding a comma, a quote, a line break or a space at either end is put in
/// double quotes, a quote inside as two, so that any object name (`tag one`,
/// `a,b`, `$(id)`) comes back exactly and nothing in it is ever run. `scale`
/// may be empty for 1 (an offset alone, as `name=offset` is). Lines ending in
/// CRLF read as LF ones; blank lines are skipped. `rangectl calibrate
/// --per-object --write-calibration FILE` writes it, and `--calibration-file
/// FILE` of replay, evaluate and plot reads it.
///
/// Anything else is refused with an ``ObjectCalibrationFile/Failure`` naming
/// the file, the line and the field: an empty file, a missing header, a row
/// with other than three fields, an empty name, an object given twice, a
/// number that is not one, not finite, or outside what the engine accepts
/// (`RangeCalibration.offsetLimitMeters`, `RangeCalibration.scaleRange`; a
/// scale of 0 or less is named as such), and a file with no object at all.
public enum ObjectCalibrationFile {
  /// The header line the file must start with.
  public static let header = "object,offset_m,scale"

  /// One row: the object's name and its calibration's fields as written.
  public struct Entry: Sendable, Equatable {
    public var object: String
    /// The offset in metres, as written (e.g. `0.090`).
    public var offsetText: String
    /// The scale, as written (e.g. `1.0139`).
    public var scaleText: String

    public init(object: String, offsetText: String, scaleText: String) {
      self.object = object
      self.offsetText = offsetText
      self.scaleText = scaleText
    }
  }

  /// Why a calibration file was refused: `PATH[:LINE][: field 'NAME']: reason`.
  public struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
    public var path: String
    /// The 1-based line (a row's first line when a quoted name spans several).
    public var line: Int?
    public var field: String?
    public var reason: String

    public var description: String {
      var text = "\(Escaped(path))"
      if let line { text += ":\(line)" }
      if let field { text += ": field '\(field)'" }
      return text + ": " + reason
    }
  }

  /// The file's text for `entries`, in their order: the header, then a row each.
  public static func text(_ entries: [Entry]) -> String {
    var text = header + "\n"
    for entry in entries {
      text += "\(field(entry.object)),\(field(entry.offsetText)),\(field(entry.scaleText))\n"
    }
    return text
  }

  /// `text` as one CSV field (RFC 4180 §2, rules 5-7): quoted when it holds
  /// a comma, a quote or a line break, and also when it starts or ends with
  /// white space, which a reader might otherwise trim.
  static func field(_ text: String) -> String {
    let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
      || text.first?.isWhitespace == true || text.last?.isWhitespace == true
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Reads the calibrations of the file at `path`, by object name.
  public static func read(path: String) throws(Failure) -> [String: RangeCalibration] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason: String
      if path.isEmpty {
        reason = "no path given"
      } else if FileManager.default.fileExists(atPath: path) {
        reason = "cannot be read (a folder, or no permission)"
      } else {
        reason = "no such file"
      }
      throw Failure(path: path, reason: reason)
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw Failure(path: path, reason: "not UTF-8 text")
    }
    return try calibrations(text: text, path: path)
  }

  /// The calibrations of a file's `text`, by object name; `path` names it in errors.
  public static func calibrations(text: String, path: String) throws(Failure) -> [String: RangeCalibration] {
    var calibrations: [String: RangeCalibration] = [:]
    var lineOfObject: [String: Int] = [:]
    var sawHeader = false
    let records = try self.records(of: text, path: path)
    guard !records.isEmpty else {
      throw Failure(path: path, reason: "the file is empty; it needs the header '\(header)' and a row per object")
    }
    for record in records {
      func fail(_ field: String?, _ reason: String) -> Failure {
        Failure(path: path, line: record.line, field: field, reason: reason)
      }
      guard sawHeader else {
        guard record.fields == ["object", "offset_m", "scale"] else {
          let found = record.fields.map(field).joined(separator: ",")
          throw fail(nil, "expected the header '\(header)', found '\(Escaped(found.prefix(80)))'")
        }
        sawHeader = true
        continue
      }
      guard record.fields.count == 3 else {
        throw fail(nil, "expected 3 fields (\(header)), found \(record.fields.count) (a name with a comma is written in double quotes)")
      }
      let name = record.fields[0]
      guard !name.isEmpty else { throw fail("object", "empty; every row names an object") }
      if let earlier = lineOfObject[name] {
        throw fail("object", "'\(Escaped(name))' is also on line \(earlier); give each object once")
      }
      let offset = try number(record.fields[1], field: "offset_m", fail: fail)
      let scale = try record.fields[2].isEmpty ? 1 : number(record.fields[2], field: "scale", fail: fail)
      guard abs(offset) <= RangeCalibration.offsetLimitMeters else {
        let limit = RangeCalibration.offsetLimitMeters
        throw fail("offset_m", "the offset must be in -\(limit)...\(limit) m, found \(record.fields[1])")
      }
      let range = RangeCalibration.scaleRange
      guard scale > 0 else {
        throw fail("scale", "the scale must be positive, in \(range.lowerBound)...\(range.upperBound) (a ratio, 1 for none), found \(record.fields[2])")
      }
      do {
        calibrations[name] = try RangeCalibration(offsetMeters: offset, scale: scale)
      } catch {
        throw fail("scale", "the scale must be in \(range.lowerBound)...\(range.upperBound) (a ratio, not a percentage), found \(record.fields[2])")
      }
      lineOfObject[name] = record.line
    }
    guard !calibrations.isEmpty else {
      throw Failure(path: path, line: records.last?.line, reason: "no object after the header; the file calibrates nothing")
    }
    return calibrations
  }

  private static func number(
    _ text: String, field: String, fail: (String?, String) -> Failure
  ) throws(Failure) -> Double {
    guard let value = Double(text) else {
      throw fail(field, text.isEmpty ? "empty; expected a number" : "expected a number, found '\(Escaped(text.prefix(40)))'")
    }
    guard value.isFinite else { throw fail(field, "expected a finite number, found '\(Escaped(text.prefix(40)))'") }
    return value
  }

  /// One record of the file: its fields and the line it starts on.
  struct Record {
    var fields: [String]
    var line: Int
  }

  /// The file's records (RFC 4180), blank lines left out; a UTF-8 byte order mark is skipped.
  static func records(of text: String, path: String) throws(Failure) -> [Record] {
    var records: [Record] = []
    var scalars = Array(text.unicodeScalars)[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    var line = 1
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var recordLine = 1
    var fieldWasQuoted = false
    var index = scalars.startIndex
    func endRecord() {
      fields.append(String(field))
      // A blank line (one empty unquoted field) is no record.
      if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
        records.append(Record(fields: fields, line: recordLine))
      }
      fields = []
      field = String.UnicodeScalarView()
      fieldWasQuoted = false
    }
    var atFieldStart = true
    while index < scalars.endIndex {
      let scalar = scalars[index]
      index += 1
      if atFieldStart && scalar == "\"" {
        // A quoted field: up to the quote not doubled.
        fieldWasQuoted = true
        let startLine = line
        var closed = false
        while index < scalars.endIndex {
          let inner = scalars[index]
          index += 1
          if inner == "\"" {
            if index < scalars.endIndex && scalars[index] == "\"" {
              field.append("\"")
              index += 1
            } else {
              closed = true
              break
            }
          } else {
            if inner == "\n" { line += 1 }
            field.append(inner)
          }
        }
        guard closed else {
          throw Failure(
            path: path, line: startLine, field: columnName(fields.count),
            reason: "a quoted field runs to the end of the file; its closing quote is missing")
        }
        // After the closing quote: a separator, a line end (CRLF or LF) or the end.
        var next = index < scalars.endIndex ? scalars[index] : "\n"
        if next == "\r", index + 1 < scalars.endIndex, scalars[index + 1] == "\n" {
          index += 1
          next = "\n"
        }
        guard next == "," || next == "\n" else {
          throw Failure(
            path: path, line: line, field: columnName(fields.count),
            reason: "text after the closing quote; a quote inside a quoted field is written as two (\"\")")
        }
        atFieldStart = false
        continue
      }
      atFieldStart = false
      switch scalar {
      case ",":
        fields.append(String(field))
        field = String.UnicodeScalarView()
        fieldWasQuoted = false
        atFieldStart = true
      case "\r" where index < scalars.endIndex && scalars[index] == "\n":
        continue
      case "\n":
        endRecord()
        line += 1
        recordLine = line
        atFieldStart = true
      case "\"" where !fieldWasQuoted:
        throw Failure(
          path: path, line: line, field: columnName(fields.count),
          reason: "a quote inside an unquoted field; put the whole field in double quotes and write the quote as two (\"\")")
      default:
        field.append(scalar)
      }
    }
    if !atFieldStart || !fields.isEmpty || !field.isEmpty || fieldWasQuoted { endRecord() }
    return records
  }

  /// The header's name of the field at `index` (0-based), for messages.
  private static func columnName(_ index: Int) -> String {
    ["object", "offset_m", "scale"].indices.contains(index) ? ["object", "offset_m", "scale"][index] : "field \(index + 1)"
  }
}
