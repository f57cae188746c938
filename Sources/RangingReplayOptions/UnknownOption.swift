// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import Synchronization

/// An option that a command does not have, found before argument-parser
/// reads the arguments, so that every command refuses it the same way: a
/// usage error (exit 64) that names it, with a suggestion only when one of
/// the command's options is spelled close to it.
///
/// argument-parser runs a command's `validate()` before it looks for
/// unknown options, so a misspelt option of `replay` came out as whatever
/// `validate()` made of the arguments (`--zone near=1 FILE`: "2 inputs write
/// 2 sets of outputs"); and its suggestion is the nearest option within 3
/// edits whatever the length (`--bogus`: "Did you mean '--zones'?").
/// `rangectl` and the replay from C (`ranging_replay_file`) both refuse with it.
public struct UnknownOption: Sendable {
  /// The option as given, without a value after `=` (`--zone`).
  public let spelling: String
  /// The command's option spelled closest to it, when close enough (`--zones`).
  public let suggestion: String?

  /// argument-parser's wording, so that the error reads like its others.
  public var message: String {
    "Unknown option '\(spelling)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
  }

  /// The first option in `arguments` (a command's own, after its name) that
  /// `command` does not have; nil when there is none, or when argument-parser
  /// cannot describe the command's options (its own check applies then).
  public static func first(in arguments: ArraySlice<String>, of command: ParsableCommand.Type) -> UnknownOption? {
    guard let options = CommandOptions.of(command) else { return nil }
    var expectsValue = false
    // True while the value expected is taken whatever it looks like (`parsing: .unconditional`).
    var takesAnything = false
    for argument in arguments {
      if argument == "--" { return nil }  // only values follow
      let isOption = argument.hasPrefix("-") && argument != "-"
      if expectsValue {
        expectsValue = false
        // A value may begin with one dash (a negative number); `--name` is an option.
        if !argument.hasPrefix("--") || takesAnything { continue }
      }
      guard isOption else { continue }
      switch options.lookUp(argument) {
      case .known(let takesValue, let unconditional):
        expectsValue = takesValue
        takesAnything = unconditional
      case .unknown(let spelling):
        return UnknownOption(spelling: spelling, suggestion: options.closest(to: spelling))
      }
    }
    return nil
  }
}

/// One command's option names, as argument-parser describes them.
private struct CommandOptions: Sendable {
  private struct Name: Hashable { var long: Bool, name: String }
  private var valueStrategies: [Name: String?] = [:]
  private var longNames: [String] = []

  /// The options of each command read so far, nil for one whose description could not be read. A command's
  /// options are fixed when it is compiled, and reading them builds and decodes argument-parser's whole
  /// description of the command: once a process, not on every replay from C (`ranging_replay_file`,
  /// `ranging_replay_table`).
  private static let read = Mutex<[ObjectIdentifier: CommandOptions?]>([:])

  /// `command`'s options, read on the first call for it.
  static func of(_ command: ParsableCommand.Type) -> CommandOptions? {
    let key = ObjectIdentifier(command)
    if let known = read.withLock({ $0[key] }) { return known }
    let options = CommandOptions(command)
    read.withLock { $0[key] = options }
    return options
  }

  /// Reads `command`'s options from argument-parser's description of it;
  /// nil when that cannot be read (no check then: argument-parser's own applies).
  private init?(_ command: ParsableCommand.Type) {
    struct Description: Decodable {
      struct Command: Decodable { var arguments: [Argument]? }
      struct Argument: Decodable {
        var kind: String
        var names: [ArgumentName]?
        var parsingStrategy: String?
      }
      struct ArgumentName: Decodable { var kind: String, name: String }
      var command: Command
    }
    guard let description = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8)) else {
      return nil
    }
    for argument in description.command.arguments ?? [] where argument.kind != "positional" {
      for name in argument.names ?? [] {
        let key = Name(long: name.kind != "short", name: name.name)
        valueStrategies[key] = argument.kind == "option" ? argument.parsingStrategy ?? "default" : nil
        if key.long { longNames.append(name.name) }
      }
    }
    // argument-parser's own hidden options, which its description leaves out.
    for name in ["experimental-dump-help", "generate-completion-script"] {
      valueStrategies[Name(long: true, name: name)] = name == "generate-completion-script" ? "default" : nil
    }
  }

  enum LookUp {
    case known(takesValue: Bool, unconditional: Bool)
    case unknown(spelling: String)
  }

  /// `--name`, `--name=value`, `-n`, `-nvalue`, grouped short flags, or a
  /// number (a value, as argument-parser reads `-1`).
  func lookUp(_ argument: String) -> LookUp {
    if argument.hasPrefix("--") {
      let name = String(argument.dropFirst(2).prefix { $0 != "=" })
      guard let strategy = valueStrategies[Name(long: true, name: name)] else { return .unknown(spelling: "--" + name) }
      return .known(takesValue: strategy != nil && !argument.contains("="), unconditional: strategy == "unconditional")
    }
    let name = String(argument.dropFirst())
    if Double(argument) != nil { return .known(takesValue: false, unconditional: false) }
    if let strategy = valueStrategies[Name(long: true, name: name)] {  // `-name`, a long name with one dash
      return .known(takesValue: strategy != nil, unconditional: strategy == "unconditional")
    }
    for (offset, letter) in name.enumerated() {
      guard let strategy = valueStrategies[Name(long: false, name: String(letter))] else {
        return .unknown(spelling: argument)
      }
      // A short option that takes a value takes the rest of the group, or the next argument.
      if strategy != nil {
        return .known(takesValue: offset == name.count - 1, unconditional: strategy == "unconditional")
      }
    }
    return .known(takesValue: false, unconditional: false)
  }

  /// The long option closest to `spelling`: within a quarter of its length
  /// in edits (at least 1; a swap of two neighbours is one), or one that
  /// begins with it (3 letters or more); nil when none is that close.
  func closest(to spelling: String) -> String? {
    let typed = Array(spelling.drop { $0 == "-" })
    let limit = Swift.max(1, typed.count / 4)
    let ranked = longNames.compactMap { name -> (name: String, edits: Int)? in
      let edits = editDistance(typed, Array(name))
      if edits <= limit { return (name, edits) }
      if typed.count >= 3, name.hasPrefix(String(typed)) { return (name, edits) }
      return nil
    }
    return ranked.min { $0.edits < $1.edits }.map { "--" + $0.name }
  }
}

/// Insertions, deletions, substitutions and swaps of neighbours that turn
/// `a` into `b` (the optimal string alignment distance, Damerau's measure
/// without edits of a swapped pair).
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  var before = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = Swift.min(current[j], before[j - 2] + 1)
      }
    }
    (before, previous, current) = (previous, current, before)
  }
  return previous[b.count]
}
