import Container

extension GraftContender {
    /// S12's first generation: every pair, every list, every eager singleton, as version "v1".
    struct LargeAppV1Module: Module {
        func configure(_ binder: Binder) {
            struct Bind: LargeAppVisitor {
                let binder: Binder
                mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
                    switch role {
                    case .pair(_, let decorated, _):
                        binder.bind(Leaf<Tag>.self, to: Leaf<Tag>.init).version("v1")
                        binder.bind(Node<Tag>.self, to: Node<Tag>.init).version("v1")
                        if decorated {
                            binder.decorate(Node<Tag>.self) { (inner: Node<Tag>) in Node<Tag>(leaf: inner.leaf) }
                        }
                    case .list:
                        for number in 0..<LargeApp.partsPerList {
                            binder.contribute(Part<Tag>.self, id: "part\(number)") { Part<Tag>(number) }
                        }
                    case .eager(let isAsync):
                        binder.bind(Leaf<Tag>.self, to: Leaf<Tag>.init)
                        if isAsync {
                            binder.bind(Eager<Tag>.self) { (leaf: Leaf<Tag>) async in Eager<Tag>(leaf: leaf) }
                                .scope(.eagerSingleton)
                        } else {
                            binder.bind(Eager<Tag>.self, to: Eager<Tag>.init).scope(.eagerSingleton)
                        }
                    }
                }
            }
            var visitor = Bind(binder: binder)
            forEachLargeAppTag(&visitor)
        }
    }

    /// S12's second generation: binds again, as version "v2", the pairs it changed.
    struct LargeAppV2Module: Module {
        func configure(_ binder: Binder) {
            struct Bind: LargeAppVisitor {
                let binder: Binder
                mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
                    guard case .pair(rebound: true, _, _) = role else { return }
                    binder.bind(Leaf<Tag>.self, to: Leaf<Tag>.init).version("v2")
                    binder.bind(Node<Tag>.self, to: Node<Tag>.init).version("v2")
                }
            }
            var visitor = Bind(binder: binder)
            forEachLargeAppTag(&visitor)
        }
    }

    /// Resolves S12's roots: every node, list and eager singleton; returns how many.
    struct ResolveLargeAppRoots: LargeAppVisitor {
        let injector: Injector
        var resolved = 0
        var failure: (any Error)?

        mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
            do {
                switch role {
                case .pair: blackHole(try injector.resolve(Node<Tag>.self))
                case .list: blackHole(try injector.resolve([Part<Tag>].self))
                case .eager(async: false): blackHole(try injector.resolve(Eager<Tag>.self))
                case .eager(async: true): return  // awaited by the caller
                }
                resolved += 1
            } catch {
                failure = failure ?? error
            }
        }
    }

    /// Collects S12's async roots, to await them after the synchronous ones.
    struct AsyncLargeAppRoots: LargeAppVisitor {
        var roots: [@Sendable (Injector) async throws -> Void] = []
        mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
            guard case .eager(async: true) = role else { return }
            roots.append { injector in blackHole(try await injector.resolveAsync(Eager<Tag>.self)) }
        }
    }

    /// Resolves the nodes of S13's first screen; counts them.
    struct ResolveFirstScreen: LargeAppVisitor {
        let injector: Injector
        var resolved = 0
        var failure: (any Error)?

        mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole) {
            guard case .pair(_, _, onFirstScreen: true) = role else { return }
            do {
                blackHole(try injector.resolve(Node<Tag>.self))
                resolved += 1
            } catch {
                failure = failure ?? error
            }
        }
    }

    /// S13's launch: S12's start-up of the injector, then only the first screen's nodes.
    /// Returns how many nodes it resolved.
    static func launchLargeApp(validating: Injector.Validation) async throws -> Int {
        let injector = try await startLargeAppInjector(validating: validating)
        var resolve = ResolveFirstScreen(injector: injector)
        forEachLargeAppTag(&resolve)
        if let failure = resolve.failure { throw failure }
        return resolve.resolved
    }

    /// S12's start-up: build the injector under the second generation (validating it and
    /// building the eager singletons in parallel), then resolve every root. Returns how many
    /// roots it resolved.
    static func startLargeApp(
        asyncRoots: [@Sendable (Injector) async throws -> Void], validating: Injector.Validation
    ) async throws -> Int {
        let injector = try await startLargeAppInjector(validating: validating)
        var resolve = ResolveLargeAppRoots(injector: injector)
        forEachLargeAppTag(&resolve)
        if let failure = resolve.failure { throw failure }
        for root in asyncRoots { try await root(injector) }
        return resolve.resolved + asyncRoots.count
    }

    /// S12's injector, built under the second generation: validated unless `validating` is
    /// `.skipped`, the eager singletons built in parallel.
    private static func startLargeAppInjector(validating: Injector.Validation) async throws -> Injector {
        let injector = try await Injector.start(
            modules: [LargeAppV1Module(), LargeAppV2Module()], versions: VersionSelection(default: "v2"),
            validating: validating)
        Launch.keep(injector)
        return injector
    }
}
