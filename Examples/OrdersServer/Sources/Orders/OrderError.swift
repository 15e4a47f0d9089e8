/// Why an order was refused, as the client reads it.
public enum OrderError: Error, Equatable, CustomStringConvertible {
    case unknownItem(String)
    case quantityNotPositive(Int)

    public var description: String {
        switch self {
        case .unknownItem(let item): "no item named \(item) is sold here"
        case .quantityNotPositive(let quantity): "a quantity must be 1 or more, not \(quantity)"
        }
    }
}
