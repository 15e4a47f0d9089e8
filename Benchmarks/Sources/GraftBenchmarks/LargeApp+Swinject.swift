import Swinject

extension SwinjectContender {
    /// S12's graph as Swinject registers it: the implementations the second generation serves
    /// (Swinject has no versions), each decorated node registered already wrapped (it has no
    /// decorators), each list as 20 named registrations and a factory that gathers them (it has
    /// no multibindings), the eager singletons in `.container` scope, built synchronously (it
    /// has no async factories).
    struct RegisterLargeApp: LargeAppVisitor {
        let container: Container

        mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
            switch role {
            case .pair(_, let decorated, _):
                container.register(Leaf<Tag>.self) { _ in Leaf<Tag>() }.inObjectScope(.transient)
                container.register(Node<Tag>.self) { resolver in
                    let node = Node<Tag>(leaf: resolver.resolve(Leaf<Tag>.self)!)
                    return decorated ? Node<Tag>(leaf: node.leaf) : node
                }.inObjectScope(.transient)
            case .list:
                for number in 0..<LargeApp.partsPerList {
                    container.register(Part<Tag>.self, name: "part\(number)") { _ in Part<Tag>(number) }
                        .inObjectScope(.transient)
                }
                container.register([Part<Tag>].self) { resolver in
                    (0..<LargeApp.partsPerList).map { resolver.resolve(Part<Tag>.self, name: "part\($0)")! }
                }.inObjectScope(.transient)
            case .eager:
                container.register(Leaf<Tag>.self) { _ in Leaf<Tag>() }.inObjectScope(.transient)
                container.register(Eager<Tag>.self) { resolver in Eager<Tag>(leaf: resolver.resolve(Leaf<Tag>.self)!) }
                    .inObjectScope(.container)
            }
        }
    }

    /// Resolves S12's roots: every node, list and eager singleton; counts them.
    struct ResolveLargeAppRoots: LargeAppVisitor {
        let container: Container
        var resolved = 0

        mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
            switch role {
            case .pair: blackHole(container.resolve(Node<Tag>.self)!)
            case .list: blackHole(container.resolve([Part<Tag>].self)!)
            case .eager: blackHole(container.resolve(Eager<Tag>.self)!)
            }
            resolved += 1
        }
    }

    /// Resolves what S13's launch needs: the first screen's nodes, and the eager singletons,
    /// which Graft builds at start-up and Swinject only when asked; counts the nodes.
    struct ResolveFirstScreen: LargeAppVisitor {
        let container: Container
        var resolved = 0

        mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
            switch role {
            case .pair(_, _, onFirstScreen: true):
                blackHole(container.resolve(Node<Tag>.self)!)
                resolved += 1
            case .eager: blackHole(container.resolve(Eager<Tag>.self)!)
            case .pair, .list: return
            }
        }
    }

    /// S13's launch in Swinject: register everything, build the eager singletons, resolve the
    /// first screen's nodes. Returns how many nodes it resolved.
    static func launchLargeApp() -> Int {
        let container = registeredLargeApp()
        var resolve = ResolveFirstScreen(container: container)
        forEachLargeAppTag(&resolve)
        return resolve.resolved
    }

    /// S12's start-up in Swinject: register everything, then resolve every root. Returns how
    /// many roots it resolved.
    static func startLargeApp() -> Int {
        let container = registeredLargeApp()
        var resolve = ResolveLargeAppRoots(container: container)
        forEachLargeAppTag(&resolve)
        return resolve.resolved
    }

    /// A container with S12's graph registered.
    private static func registeredLargeApp() -> Container {
        let container = Container()
        Launch.keep(container)
        var register = RegisterLargeApp(container: container)
        forEachLargeAppTag(&register)
        return container
    }
}
