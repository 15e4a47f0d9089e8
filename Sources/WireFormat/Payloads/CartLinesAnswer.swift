import Protocols

/// The V1 cart: lines only; the client totals them.
public struct CartLinesAnswer: Codable, Sendable, Equatable {
    /// The lines of the cart.
    public let lines: [CartLine]
    /// An answer with `lines`.
    public init(lines: [CartLine]) { self.lines = lines }
}
