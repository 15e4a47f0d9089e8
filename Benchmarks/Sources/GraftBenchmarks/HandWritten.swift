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

extension HandWritten {
    /// Builds what S12's start-up resolves, by hand: every node (a decorated one wrapped), every
    /// list, every eager singleton; or, for S13's launch, the eager singletons and the first
    /// screen's nodes. Counts the roots (S12) or the nodes (S13).
    struct BuildLargeApp: LargeAppVisitor {
        let firstScreenOnly: Bool
        var built = 0

        mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
            switch role {
            case .pair(_, let decorated, let onFirstScreen):
                guard onFirstScreen || !firstScreenOnly else { return }
                let node = Node<Tag>(leaf: Leaf<Tag>())
                blackHole(decorated ? Node<Tag>(leaf: node.leaf) : node)
                built += 1
            case .list:
                guard !firstScreenOnly else { return }
                blackHole((0..<LargeApp.partsPerList).map { Part<Tag>($0) })
                built += 1
            case .eager:
                blackHole(Eager<Tag>(leaf: Leaf<Tag>()))
                if !firstScreenOnly { built += 1 }
            }
        }
    }

    static func startLargeApp(firstScreenOnly: Bool) -> Int {
        var build = BuildLargeApp(firstScreenOnly: firstScreenOnly)
        forEachLargeAppTag(&build)
        return build.built
    }

    /// Builds S14's lists by hand; counts their items.
    struct BuildManyModulesLists: ManyModulesVisitor {
        var items = 0
        mutating func visitPair<Tag>(_ tag: Tag.Type, module: Int) {}
        mutating func visitList<Tag>(_ tag: Tag.Type, modules: [Int]) {
            let list = modules.indices.map { Part<Tag>($0) }
            blackHole(list)
            items += list.count
        }
    }

    static func startManyModules() -> Int {
        var build = BuildManyModulesLists()
        ManyModules.forEachTag(&build)
        return build.items
    }
}
