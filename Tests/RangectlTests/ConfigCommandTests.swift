// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import rangectl

/// A hand-written user-interactive message with 3 bytes of UWBConfigData:
/// MajorVersion 01 00, MinorVersion 00 00, PreferredUpdateRate 14 (20),
/// ten RFU zeros, UWBConfigDataLength 03, UWBConfigData a1 b2 c3.
private let userInteractiveHex = "0100" + "0000" + "14" + "00000000000000000000" + "03" + "a1b2c3"

/// What `rangectl config decode` prints for it.
private let userInteractiveFields = [
  "MajorVersion: 1",
  "MinorVersion: 0",
  "PreferredUpdateRate: 20 (user-interactive)",
  "RFU: 00 00 00 00 00 00 00 00 00 00",
  "UWBConfigDataLength: 3",
  "UWBConfigData: a1 b2 c3",
]

/// A malformed message: `config decode` exits 65 and says where.
struct MalformedMessageCase: Sendable, CustomTestStringConvertible {
  var name: String
  var hex: String
  var message: String
  var testDescription: String { name }
}

/// Options `config` refuses with status 64.
struct ConfigBadOptionsCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var reason: String
  var testDescription: String {
    arguments.map { $0.count > 24 ? "\($0.prefix(8))... (\($0.count) characters)" : $0 }.joined(separator: " ")
  }
}

@Suite("rangectl config")
struct ConfigCommandTests {
  /// What `config decode ARGUMENTS` prints on standard output and warns of, run in-process as the command runs
  /// (its options parsed, the message read from the argument or file, its fields made into lines).
  private func decode(_ arguments: [String]) throws -> (lines: [String], warning: String?) {
    let command = try #require(try RangeCtl.parseAsRoot(["config", "decode"] + arguments) as? Config.Decode)
    let decoded = try Config.Decode.fields(of: try command.readMessage(), strict: command.strict)
    return (decoded.lines, decoded.warning.map(String.init(describing:)))
  }

  /// The hexadecimal message `config encode ARGUMENTS` prints, made in-process as the command makes it.
  private func encode(_ arguments: [String]) throws -> String {
    try #require(try RangeCtl.parseAsRoot(["config", "encode"] + arguments) as? Config.Encode).message()
  }

  @Test("decode HEX prints every field")
  func decodeHex() throws {
    let decoded = try decode([userInteractiveHex])
    #expect(decoded.lines == userInteractiveFields)
    #expect(decoded.warning == nil)
  }

  @Test("decode accepts spaces, colons and 0x in HEX")
  func decodeSeparators() throws {
    let spaced = "0x01:00 00:00 14 00 00 00 00 00 00 00 00 00 00 03 A1 B2 C3"
    #expect(try decode([spaced]).lines == userInteractiveFields)
  }

  @Test("decode FILE reads raw bytes or hexadecimal text")
  func decodeFile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let raw = scratch.path("message.bin")
    let bytes: [UInt8] = [1, 0, 0, 0, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0xa1, 0xb2, 0xc3]
    try Data(bytes).write(to: URL(fileURLWithPath: raw))
    let text = try scratch.write("message.hex", userInteractiveHex + "\n")
    for file in [raw, text] {
      #expect(try decode([file]).lines == userInteractiveFields, "\(file)")
    }
  }

  // A process test: standard input through a pipe.
  @Test("decode - reads standard input, and prints the fields on standard output and nothing on standard error")
  func decodeStandardInput() throws {
    let piped = try Rangectl.run(["config", "decode", "-"], stdin: userInteractiveHex)
    #expect(piped.status == 0, "stderr: \(piped.stderr)")
    #expect(piped.stdoutLines == userInteractiveFields)
    #expect(piped.stderr.isEmpty)
  }

  // A process test: the exit status and the message on standard error.
  @Test("decode of a file that cannot be read exits 66")
  func unreadableFile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let folder = scratch.path("a-folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let result = try Rangectl.run(["config", "decode", folder])
    #expect(result.status == 66)
    #expect(result.stderr.contains(folder))
  }

  static let malformed: [MalformedMessageCase] = [
    MalformedMessageCase(
      name: "too short", hex: "010000",
      message: "byte 2 (MinorVersion): the message ends after 3 bytes; this field needs 4"),
    MalformedMessageCase(
      name: "MajorVersion 2", hex: "0200" + "0000" + "14" + String(repeating: "00", count: 10) + "00",
      message: "byte 0 (MajorVersion): version 2 is not supported; expected 1"),
    MalformedMessageCase(
      name: "reserved update rate", hex: "0100" + "0000" + "05" + String(repeating: "00", count: 10) + "00",
      message: "byte 4 (PreferredUpdateRate): reserved value 5; expected 0 (automatic), 10 (infrequent) or 20 (user-interactive)"),
    MalformedMessageCase(
      name: "length past the end", hex: "0100" + "0000" + "14" + String(repeating: "00", count: 10) + "04" + "a1b2c3",
      message: "byte 15 (UWBConfigDataLength): length 4 runs past the end: only 3 bytes of UWBConfigData follow"),
    MalformedMessageCase(
      name: "trailing bytes", hex: userInteractiveHex + "ff",
      message: "byte 19 (end of message): 1 unexpected byte after UWBConfigData"),
    MalformedMessageCase(
      name: "empty file contents", hex: "",
      message: "byte 0 (MajorVersion): the message is empty; it needs at least 16 bytes"),
  ]

  @Test("decode of a malformed message is refused naming the byte offset and field", arguments: malformed)
  func decodeMalformed(_ fixture: MalformedMessageCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // As text in a file, as standard input gives it: "" is no hexadecimal argument, and "010000" is read as one.
    let file = try scratch.write("message.hex", fixture.hex)
    do {
      _ = try decode([file])
      Issue.record("accepted")
    } catch {
      #expect(String(describing: error) == fixture.message)
    }
  }

  /// The byte 10 is 0x80.
  static let reservedByteHex = "0100" + "0000" + "14" + "0000000000" + "80" + "00000000" + "00"

  @Test("A non-zero RFU byte is a warning; with --strict it is refused")
  func reservedByte() throws {
    let lenient = try decode([Self.reservedByteHex])
    #expect(lenient.warning == "byte 10 (RFU): reserved byte is 0x80, expected 0x00")
    #expect(lenient.lines.contains("RFU: 00 00 00 00 00 80 00 00 00 00"))
    #expect(lenient.lines.contains("UWBConfigData: -"))
    do {
      _ = try decode(["--strict", Self.reservedByteHex])
      Issue.record("--strict accepted a non-zero reserved byte")
    } catch {
      #expect(String(describing: error) == "byte 10 (RFU): reserved byte is 0x80, expected 0x00")
    }
  }

  // A process test: the exit status, the streams and the words around the decoder's messages.
  @Test("decode's messages on standard error: a malformed message exits 65, a warning 0, and --strict makes it 65")
  func decodeMessagesProcess() throws {
    let malformed = try Rangectl.run(["config", "decode", "-"], stdin: "010000")
    #expect(malformed.status == 65)
    #expect(malformed.stderrLines == ["rangectl config decode: \(Self.malformed[0].message)"])
    #expect(malformed.stdout.isEmpty)
    let lenient = try Rangectl.run(["config", "decode", Self.reservedByteHex])
    #expect(lenient.status == 0)
    #expect(lenient.stderrLines == ["rangectl config decode: warning: byte 10 (RFU): reserved byte is 0x80, expected 0x00"])
    #expect(lenient.stdoutLines.contains("RFU: 00 00 00 00 00 80 00 00 00 00"))
    let strict = try Rangectl.run(["config", "decode", "--strict", Self.reservedByteHex])
    #expect(strict.status == 65)
    #expect(strict.stderrLines == ["rangectl config decode: byte 10 (RFU): reserved byte is 0x80, expected 0x00"])
  }

  @Test("encode builds the hand-written message, and decode reads back what encode built")
  func encode() throws {
    #expect(try encode(["--rate", "user-interactive", "--uwb-config", "a1b2c3"]) == userInteractiveHex)
    #expect(try encode(["--rate", "infrequent", "--uwb-config", ""]) == "0100" + "0000" + "0a" + String(repeating: "00", count: 10) + "00")
    let automatic = try encode(["--uwb-config", "01"])
    #expect(automatic == "0100" + "0000" + "00" + String(repeating: "00", count: 10) + "01" + "01")
    let back = try decode([automatic])
    #expect(back.lines.contains("PreferredUpdateRate: 0 (automatic)"))
    #expect(back.lines.contains("UWBConfigData: 01"))
  }

  // A process test: what encode prints is what decode reads through a pipe.
  @Test("encode prints the message on standard output, which decode - reads back")
  func encodeThroughPipe() throws {
    let encoded = try Rangectl.run(["config", "encode", "--uwb-config", "01"])
    #expect(encoded.status == 0, "stderr: \(encoded.stderr)")
    #expect(encoded.stdoutLines == ["0100" + "0000" + "00" + String(repeating: "00", count: 10) + "01" + "01"])
    let back = try Rangectl.run(["config", "decode", "-"], stdin: encoded.stdoutText)
    #expect(back.stdoutLines.contains("UWBConfigData: 01"))
  }

  static let badOptions: [ConfigBadOptionsCase] = [
    // Text that is not hexadecimal names a file: a missing one exits 66 (OutputFailureTests).
    ConfigBadOptionsCase(arguments: ["config", "decode", "012"], reason: "odd number of hexadecimal digits"),
    ConfigBadOptionsCase(arguments: ["config", "encode", "--rate", "fast", "--uwb-config", "00"], reason: "fast"),
    ConfigBadOptionsCase(arguments: ["config", "encode", "--uwb-config", "xyz"], reason: "not a hexadecimal digit"),
    ConfigBadOptionsCase(
      arguments: ["config", "encode", "--uwb-config", String(repeating: "ab", count: 256)],
      reason: "UWBConfigData is 256 bytes; its one-byte length allows at most 255"),
    ConfigBadOptionsCase(arguments: ["config", "encode"], reason: "--uwb-config"),
  ]

  /// Parsed in-process as `rangectl` parses its command line (its subcommands' `validate()` included): a
  /// refusal here is one before anything runs.
  @Test("Bad options are refused with exit 64 and a message saying what is wrong", arguments: badOptions)
  func badOption(_ fixture: ConfigBadOptionsCase) throws {
    do {
      _ = try RangeCtl.parseAsRoot(fixture.arguments)
      Issue.record("\(fixture.arguments) accepted")
    } catch {
      #expect(RangeCtl.exitCode(for: error).rawValue == 64, "\(RangeCtl.fullMessage(for: error))")
      #expect(RangeCtl.fullMessage(for: error).contains(fixture.reason), "\(RangeCtl.fullMessage(for: error))")
    }
  }

  @Test("A bad option exits 64 with its message on standard error and nothing on standard output")
  func badOptionProcess() throws {
    let result = try Rangectl.run(["config", "encode", "--uwb-config", "xyz"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("not a hexadecimal digit"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
