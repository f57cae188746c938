// SPDX-License-Identifier: Apache-2.0
/// The `d` attribute of an SVG `<path>`, built from pixel coordinates.
///
/// One path can hold many pieces: a polyline broken into runs (each starts
/// with a move), closed polygons, or many dots, which keeps a series to one
/// element however many points it has.
public struct SVGPath: Equatable, Sendable {
  /// The path data so far.
  public private(set) var data = ""

  public init() {}

  /// True when nothing has been drawn.
  public var isEmpty: Bool { data.isEmpty }

  /// Starts a new piece at (x, y): `M x y`.
  public mutating func move(to x: Double, _ y: Double) {
    append("M\(SVGWriter.number(x)) \(SVGWriter.number(y))")
  }

  /// A straight segment to (x, y): `L x y`.
  public mutating func line(to x: Double, _ y: Double) {
    append("L\(SVGWriter.number(x)) \(SVGWriter.number(y))")
  }

  /// Closes the current piece back to its start: `Z`.
  public mutating func close() {
    append("Z")
  }

  /// A filled dot of `radius` pixels centred on (x, y): a move to its
  /// leftmost point and two half-circle arcs,
  /// `M x-r y a r r 0 1 0 2r 0 a r r 0 1 0 -2r 0`.
  public mutating func dot(at x: Double, _ y: Double, radius r: Double) {
    let n = SVGWriter.number
    append("M\(n(x - r)) \(n(y))a\(n(r)) \(n(r)) 0 1 0 \(n(2 * r)) 0a\(n(r)) \(n(r)) 0 1 0 \(n(-2 * r)) 0")
  }

  /// A rectangle with its top-left corner at (x, y), in relative moves:
  /// `M x y h w v h h -w Z`.
  public mutating func rectangle(x: Double, y: Double, width: Double, height: Double) {
    let n = SVGWriter.number
    append("M\(n(x)) \(n(y))h\(n(width))v\(n(height))h\(n(-width))Z")
  }

  /// The path data split before each move after the first: one string per piece.
  public var pieces: [String] {
    data.components(separatedBy: " M").enumerated().map { $0.offset == 0 ? $0.element : "M" + $0.element }
  }

  private mutating func append(_ command: String) {
    data += data.isEmpty ? command : " " + command
  }
}
