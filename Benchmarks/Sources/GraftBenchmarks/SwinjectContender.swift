import Swinject

enum SwinjectContender {
    static func makeContainer() -> Container {
        let container = Container()
        container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.transient)
        container.register(Store.self) { _ in MemoryStore() }.inObjectScope(.transient)
        container.register(Network.self) { _ in LoopbackNetwork() }.inObjectScope(.transient)
        container.register(OrderService.self) { resolver in
            DefaultOrderService(
                logger: resolver.resolve(Logger.self)!, store: resolver.resolve(Store.self)!,
                network: resolver.resolve(Network.self)!)
        }.inObjectScope(.transient)
        container.register(AppConfiguration.self) { _ in Configuration() }.inObjectScope(.container)
        container.register(OrderDetail.self) { (resolver, id: OrderID) in
            OrderDetail(
                id: id, logger: resolver.resolve(Logger.self)!, store: resolver.resolve(Store.self)!,
                network: resolver.resolve(Network.self)!)
        }.inObjectScope(.transient)
        return container
    }

    struct RegisterEach: TypePairVisitor {
        let container: Container
        mutating func visit<Tag>(_ tag: Tag.Type) {
            container.register(Leaf<Tag>.self) { _ in Leaf<Tag>() }.inObjectScope(.transient)
            container.register(Node<Tag>.self) { resolver in Node<Tag>(leaf: resolver.resolve(Leaf<Tag>.self)!) }
                .inObjectScope(.transient)
        }
    }

    struct ResolveEach: TypePairVisitor {
        let container: Container
        mutating func visit<Tag>(_ tag: Tag.Type) {
            blackHole(container.resolve(Leaf<Tag>.self)!)
            blackHole(container.resolve(Node<Tag>.self)!)
        }
    }
}

/// Swinject's thread-safe resolver, shared between benchmark threads.
/// `@unchecked Sendable`: `Container.synchronize()` guards every call with Swinject's own
/// recursive lock, which is what makes it safe to use from several threads.
final class SynchronizedResolver: @unchecked Sendable {
    let resolver: any Resolver
    init(_ container: Container) { resolver = container.synchronize() }
}
