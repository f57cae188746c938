import ArgumentParser

struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Replay a ranging CSV and print zone events.")
  @Argument(help: "Ranging CSV file, or - for standard input.") var file: String
  func run() throws {}
}
