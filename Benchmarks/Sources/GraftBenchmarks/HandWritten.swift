/// The floor: constructors called by hand.
enum HandWritten {
    static let configuration: any AppConfiguration = Configuration()

    /// ``configuration`` returned by a call, as a resolve returns an instance: the caller gets
    /// its own copy (a retain, then a release once used), where reading the constant lends it.
    @inline(never)
    static func returnedConfiguration() -> any AppConfiguration {
        configuration
    }

    @inline(never)
    static func makeOrderService(network: any Network = LoopbackNetwork()) -> any OrderService {
        DefaultOrderService(logger: ConsoleLogger(), store: MemoryStore(), network: network)
    }

    @inline(never)
    static func makeOrderDetail(_ id: OrderID) -> OrderDetail {
        OrderDetail(id: id, logger: ConsoleLogger(), store: MemoryStore(), network: LoopbackNetwork())
    }

    @inline(never)
    static func makeDecoratedOrderService() -> any OrderService {
        MeteredOrderService(LoggedOrderService(makeOrderService(), logger: ConsoleLogger()))
    }

    @inline(never)
    static func makePlugins() -> [any Plugin] {
        var plugins: [any Plugin] = []
        plugins.reserveCapacity(10)
        for number in 0..<10 { plugins.append(NumberedPlugin(number)) }
        return plugins
    }

    /// Builds every generated node once.
    struct BuildEach: TypePairVisitor {
        mutating func visit<Tag>(_ tag: Tag.Type) {
            blackHole(Leaf<Tag>())
            blackHole(Node<Tag>(leaf: Leaf<Tag>()))
        }
    }
}
