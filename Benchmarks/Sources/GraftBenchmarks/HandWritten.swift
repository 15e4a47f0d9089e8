/// The floor: constructors called by hand.
enum HandWritten {
    static let configuration: any AppConfiguration = Configuration()

    @inline(never)
    static func makeOrderService(network: any Network = LoopbackNetwork()) -> any OrderService {
        DefaultOrderService(logger: ConsoleLogger(), store: MemoryStore(), network: network)
    }

    @inline(never)
    static func makeOrderDetail(_ id: OrderID) -> OrderDetail {
        OrderDetail(id: id, logger: ConsoleLogger(), store: MemoryStore(), network: LoopbackNetwork())
    }

    /// Builds every generated node once.
    struct BuildEach: TypePairVisitor {
        mutating func visit<Tag>(_ tag: Tag.Type) {
            blackHole(Leaf<Tag>())
            blackHole(Node<Tag>(leaf: Leaf<Tag>()))
        }
    }
}
