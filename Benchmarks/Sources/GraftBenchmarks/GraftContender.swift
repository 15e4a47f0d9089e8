import Container

enum GraftContender {
    struct ServiceModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Logger.self, to: ConsoleLogger.init)
            binder.bind(Store.self, to: MemoryStore.init)
            binder.bind(Network.self, to: LoopbackNetwork.init)
            binder.bind(OrderService.self, to: DefaultOrderService.init)
            binder.bind(AppConfiguration.self, to: Configuration.init).scope(.singleton)
            binder.bind(OrderDetail.self, arguments: OrderID.self, to: OrderDetail.init)
        }
    }

    /// S1's service wrapped by two decorators.
    struct DecoratedModule: Module {
        func configure(_ binder: Binder) {
            ServiceModule().configure(binder)
            binder.decorate(OrderService.self) { (inner: any OrderService, logger: any Logger) in
                LoggedOrderService(inner, logger: logger)
            }
            binder.decorate(OrderService.self) { (inner: any OrderService) in MeteredOrderService(inner) }
        }
    }

    /// Ten transient items contributed to a list.
    struct PluginModule: Module {
        func configure(_ binder: Binder) {
            for number in 0..<10 {
                binder.contribute(Plugin.self, id: "plugin\(number)") { NumberedPlugin(number) }
            }
        }
    }

    /// `count` bindings of distinct types, half of them needing the other half.
    struct GeneratedModule: Module {
        let count: Int

        func configure(_ binder: Binder) {
            struct Bind: TypePairVisitor {
                let binder: Binder
                mutating func visit<Tag>(_ tag: Tag.Type) {
                    binder.bind(Leaf<Tag>.self, to: Leaf<Tag>.init)
                    binder.bind(Node<Tag>.self, to: Node<Tag>.init)
                }
            }
            var visitor = Bind(binder: binder)
            forEachTypePair(count: count, &visitor)
        }
    }

    struct ResolveEach: TypePairVisitor {
        let injector: Injector
        mutating func visit<Tag>(_ tag: Tag.Type) {
            blackHole(try! injector.resolve(Leaf<Tag>.self))
            blackHole(try! injector.resolve(Node<Tag>.self))
        }
    }
}
