import Container

// Each call below was written for Graft before the forms that may suspend got names of their
// own (Injector.start, startChild, resolveAsync). Each still compiles, with Swift's warning
// "no 'async' operations occur within 'await' expression", and fails at run time with an
// error that names the new spelling. CI checks both; CHANGELOG.md says to treat the warning as
// an error when upgrading.

final class Store: Sendable {
    init() async {}
}

struct StoreModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Store.self) { () async in await Store() }.scope(.eagerSingleton)
    }
}

struct LazyStoreModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Store.self) { () async in await Store() }
    }
}

func report(_ snippet: String, _ body: () async throws -> Void) async {
    do {
        try await body()
        print("\(snippet): no error")
    } catch {
        print("\(snippet): \(error)")
    }
}

await report("upgrade-1 try await Injector(modules:)") {
    _ = try await Injector(modules: [StoreModule()])
}
await report("upgrade-2 try await injector.resolve(_:)") {
    let injector = try await Injector.start(modules: [LazyStoreModule()])
    _ = try await injector.resolve(Store.self)
}
await report("upgrade-3 try await injector.child { }") {
    let injector = try await Injector.start(modules: [])
    _ = try await injector.child { binder in
        binder.bind(Store.self) { () async in await Store() }.scope(.eagerSingleton)
    }
}
