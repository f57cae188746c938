/// Interns object names from a recording as dense `UInt64` ids for the engine,
/// and maps them back for output. One dictionary entry per distinct object,
/// so memory grows with objects, not with rows.
public struct ObjectNames {
  private var ids: [String: UInt64] = [:]
  private var names: [String] = []

  public init() {}

  /// The id of `name`, assigning the next one on first sight.
  public mutating func id(for name: String) -> UInt64 {
    if let id = ids[name] { return id }
    let id = UInt64(names.count)
    ids[name] = id
    names.append(name)
    return id
  }

  /// The name of `id`. Precondition: `id` came from ``id(for:)``.
  public func name(of id: UInt64) -> String { names[Int(id)] }

  /// Distinct objects seen.
  public var count: Int { names.count }
}
