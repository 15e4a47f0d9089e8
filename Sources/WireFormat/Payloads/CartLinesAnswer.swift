import Protocols

/// The V1 cart: lines only; the client totals them.
public struct CartLinesAnswer: Codable, Sendable, Equatable {
    public let lines: [CartLine]
    public init(lines: [CartLine]) { self.lines = lines }
}
