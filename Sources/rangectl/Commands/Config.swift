// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import NearbyAccessory
import RangingFormats
import RangingOutputs

/// `rangectl config decode HEX|FILE` and `rangectl config encode --rate R --uwb-config HEX`:
/// Nearby Interaction Accessory Configuration Data messages.
struct Config: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Decode and build Nearby Interaction Accessory Configuration Data messages.",
    discussion: """
      The message an accessory sends before ranging (Nearby Interaction Accessory Protocol \
      Specification R2): MajorVersion, MinorVersion (UInt16 little-endian, 1 and 0), \
      PreferredUpdateRate (0, 10 or 20), 10 reserved bytes, UWBConfigDataLength, UWBConfigData.

      Examples:
        rangectl config encode --rate user-interactive --uwb-config 0102030405
        rangectl config decode 010000001400000000000000000000050102030405
      """,
    subcommands: [Decode.self, Encode.self])

  /// `rangectl config decode HEX|FILE [--strict]`
  struct Decode: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a message and print its fields.",
      discussion: """
        The message is given in hexadecimal (spaces and colons between bytes are ignored, 0x is optional), \
        a file holding the message's raw bytes or its hexadecimal text, or - for standard input. \
        Exit status: 0 for a valid message (a non-zero reserved byte is a warning on standard \
        error), 65 for a malformed one (the message names the byte offset and the field) or an \
        input longer than 1 MiB, 66 when the file cannot be opened (an argument that is neither \
        a file nor hexadecimal is taken for a missing file), 74 when reading fails, 64 for bad \
        options (hexadecimal with an odd number of digits).

        Examples:
          rangectl config decode 010000001400000000000000000000050102030405
          rangectl config encode --uwb-config 0102030405 > accessory-message.hex
          rangectl config decode accessory-message.hex
        """)

    @Argument(help: ArgumentHelp("Hexadecimal message, file, or - for standard input.", valueName: "hex|file"))
    var message: String

    @Flag(help: "Treat non-zero reserved (RFU) bytes as an error.")
    var strict = false

    func validate() throws {
      // Text made of hex digits and separators is meant as a message; other
      // text names a file, and one that is missing exits 66 from run().
      guard message != "-", !FileManager.default.fileExists(atPath: message), HexBytes.looksLikeHex(message) else {
        return
      }
      do {
        _ = try HexBytes.parse(message)
      } catch {
        throw ValidationError("'\(Escaped(message))' is not a hexadecimal message: \(error)")
      }
    }

    func run() throws {
      let bytes = try readMessage()
      let decoded: (lines: [String], warning: AccessoryConfigurationError?)
      do {
        decoded = try Self.fields(of: bytes, strict: strict)
      } catch {
        Diagnostics.write("rangectl config decode: \(error)\n")
        throw ExitCode(65)  // EX_DATAERR
      }
      if let warning = decoded.warning { Diagnostics.write("rangectl config decode: warning: \(warning)\n") }
      for line in decoded.lines { print(line) }
    }

    /// The fields of the message `bytes`, a line each (`Name: value`), as
    /// `decode` prints them, and the warning of a non-zero reserved byte
    /// (nil without one, and refused with `strict`).
    static func fields(
      of bytes: [UInt8], strict: Bool
    ) throws(AccessoryConfigurationError) -> (lines: [String], warning: AccessoryConfigurationError?) {
      let decoded = try AccessoryConfigurationData.decode(bytes.span, strict: strict)
      let rate = decoded.preferredUpdateRate
      return ([
        "MajorVersion: \(AccessoryConfigurationData.majorVersion)",
        "MinorVersion: \(AccessoryConfigurationData.minorVersion)",
        "PreferredUpdateRate: \(rate.rawValue) (\(rate.name))",
        "RFU: \(HexBytes.text(bytes[5..<15]))",
        "UWBConfigDataLength: \(decoded.uwbConfigDataRange.count)",
        "UWBConfigData: \(HexBytes.text(bytes[decoded.uwbConfigDataRange]))",
      ], decoded.warning)
    }

    /// The message's bytes from the argument, a file, or standard input;
    /// what cannot be read is reported and thrown as its exit status.
    func readMessage() throws -> [UInt8] {
      if message != "-", !FileManager.default.fileExists(atPath: message), let bytes = try? HexBytes.parse(message) {
        return bytes
      }
      let bytes: [UInt8]
      do {
        bytes = try InputBytes.contents(of: message, limit: 1 << 20)
      } catch {
        var text = "rangectl config decode: \(error)"
        if case .cannotOpen = error.kind, message != "-", !FileManager.default.fileExists(atPath: message) { text += " (and it is not a hexadecimal message)" }
        Diagnostics.write(text + "\n")
        throw ExitCode(error.exitCode)
      }
      // Hexadecimal text, when every byte is a hex digit or a separator: a
      // raw message starts with MajorVersion's 0x01, which never is one.
      if let text = String(bytes: bytes, encoding: .utf8), HexBytes.looksLikeHex(text) {
        do {
          return try HexBytes.parse(text)
        } catch {
          Diagnostics.write("rangectl config decode: \(message == "-" ? "<stdin>" : message): hexadecimal text: \(error)\n")
          throw ExitCode(65)  // EX_DATAERR
        }
      }
      return bytes
    }
  }

  /// `rangectl config encode --rate R --uwb-config HEX`
  struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build a version 1.0 message and print it as hexadecimal.",
      discussion: """
        Exit status: 0 when the message was printed, 64 for bad options.

        Examples:
          rangectl config encode --rate user-interactive --uwb-config 0102030405
          rangectl config encode --uwb-config 0102030405 | rangectl config decode -
        """)

    enum Rate: String, ExpressibleByArgument, CaseIterable {
      case automatic
      case infrequent
      case userInteractive = "user-interactive"

      var preferredUpdateRate: PreferredUpdateRate {
        switch self {
        case .automatic: .automatic
        case .infrequent: .infrequent
        case .userInteractive: .userInteractive
        }
      }
    }

    @Option(help: "PreferredUpdateRate: automatic (0), infrequent (10, ~1 Hz) or user-interactive (20, ~5 Hz).")
    var rate: Rate = .automatic

    @Option(help: ArgumentHelp("UWBConfigData from the UWB middleware, hexadecimal (0-255 bytes).", valueName: "hex"))
    var uwbConfig: String

    func validate() throws {
      let bytes: [UInt8]
      do {
        bytes = try HexBytes.parse(uwbConfig)
      } catch {
        throw ValidationError("--uwb-config: \(error)")
      }
      guard bytes.count <= AccessoryConfigurationData.maximumUWBConfigDataByteCount else {
        throw ValidationError("--uwb-config: \(AccessoryConfigurationEncodingError.uwbConfigDataTooLong(byteCount: bytes.count))")
      }
    }

    func run() throws {
      print(try message())
    }

    /// The message, in hexadecimal without separators, as `encode` prints it.
    func message() throws -> String {
      let data = try HexBytes.parse(uwbConfig)
      var output = [UInt8](repeating: 0, count: AccessoryConfigurationData.maximumByteCount)
      let count: Int
      do {
        var span = output.mutableSpan
        count = try AccessoryConfigurationData.encode(
          preferredUpdateRate: rate.preferredUpdateRate, uwbConfigData: data.span, into: &span)
      } catch {
        throw ValidationError("--uwb-config: \(error)")
      }
      return HexBytes.text(output[..<count], separator: "")
    }
  }
}

/// Hexadecimal byte strings for the command line.
enum HexBytes {
  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  /// Bytes from hex digits; whitespace, `:` and one leading `0x` are ignored.
  /// Only ASCII digits are digits (`0-9`, `a-f`, `A-F`): `Character.hexDigitValue`
  /// also gives fullwidth `０` (U+FF10) and the like a value, which a byte
  /// string must not take.
  static func parse(_ text: String) throws -> [UInt8] {
    var digits = text.filter { !$0.isWhitespace && $0 != ":" }
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits.removeFirst(2) }
    var bytes: [UInt8] = []
    var high: UInt8?
    for character in digits {
      guard character.isASCII, let value = character.hexDigitValue else {
        throw ParseError(description: "'\(Escaped(String(character)))' is not a hexadecimal digit (ASCII 0-9, a-f, A-F)")
      }
      if let first = high {
        bytes.append(first << 4 | UInt8(value))
        high = nil
      } else {
        high = UInt8(value)
      }
    }
    guard high == nil else { throw ParseError(description: "odd number of hexadecimal digits (\(digits.count))") }
    return bytes
  }

  /// Whether `text` holds only hex digits and separators, and some digits.
  /// Digits of any script count here, so that ``parse(_:)`` refuses a
  /// non-ASCII one by name instead of the text being taken for raw bytes.
  static func looksLikeHex(_ text: String) -> Bool {
    text.contains { $0.isHexDigit } && text.allSatisfy {
      $0.isHexDigit || $0.isNumber || $0.isWhitespace || $0 == ":" || $0 == "x"
    }
  }

  /// `01 00 14` (or `010014` with an empty separator); `-` when there are no bytes.
  static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes, separator: String = " ") -> String {
    if bytes.isEmpty { return "-" }
    return bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: separator)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
