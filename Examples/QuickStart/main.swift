// The README's quick start, runnable: `swift run QuickStart`.
import Container

protocol Transport: Sendable { func send(_ path: String) -> String }
protocol CartService: Sendable { func add(_ item: String) -> String }

final class EmbeddedTransport: Transport {
    func send(_ path: String) -> String { "200 OK \(path)" }
}

final class APIClient: Sendable {
    let transport: any Transport
    init(transport: any Transport) { self.transport = transport }
}

final class CartV1: CartService {
    let api: APIClient
    init(api: APIClient) { self.api = api }
    func add(_ item: String) -> String { api.transport.send("/v1/cart/add?item=\(item)") }
}

final class CartV2: CartService {
    let api: APIClient
    init(api: APIClient) { self.api = api }
    func add(_ item: String) -> String { api.transport.send("/v2/cart/batch?items=\(item)") }
}

struct NetworkModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Transport.self, to: EmbeddedTransport.init).scope(.singleton)
        binder.bind(APIClient.self, to: APIClient.init)
    }
}

struct ShopModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(CartService.self, to: CartV1.init).version("v1")
        binder.bind(CartService.self, to: CartV2.init).version("v2")
    }
}

let injector = try Injector(
    modules: [NetworkModule(), ShopModule()],
    versions: VersionSelection(default: "v2"))
print(try injector.resolve(CartService.self).add("apple"))
print(injector.explain(CartService.self))

// A test swaps the transport in a child injector; the parent is untouched.
final class FakeTransport: Transport { func send(_ path: String) -> String { "fake \(path)" } }
let test = try injector.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
print(try test.resolve(CartService.self).add("pear"))

// A graph that cannot work never builds, and says why.
do {
    _ = try Injector(modules: [ShopModule()], versions: VersionSelection(default: "v1"))
} catch {
    print(error)
}
