import Container
import Foundation
import Synchronization
import Testing

// A small shop, enough to exercise every feature of the container.

protocol Transport: Sendable { var name: String { get } }
protocol Clock: Sendable { var now: Int { get } }
protocol CartService: Sendable { var version: String { get } }
protocol WishlistService: Sendable { var version: String { get } }

final class LiveTransport: Transport { let name = "live" }
final class FakeTransport: Transport { let name = "fake" }
final class SystemClock: Clock { let now = 1_000 }
final class FixedClock: Clock {
    let now: Int
    init(now: Int) { self.now = now }
}

final class APIClient: Sendable {
    let transport: any Transport
    init(transport: any Transport) { self.transport = transport }
}

final class CartV1: CartService {
    let api: APIClient
    let version = "v1"
    init(api: APIClient) { self.api = api }
}

final class CartV2: CartService {
    let api: APIClient
    let clock: any Clock
    let version = "v2"
    init(api: APIClient, clock: any Clock) {
        self.api = api
        self.clock = clock
    }
}

final class WishlistV1: WishlistService { let version = "v1" }

/// Counts how many times factories ran, for scope tests.
final class Counter: Sendable {
    private let count = Mutex(0)
    @discardableResult
    func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
    var value: Int { count.withLock { $0 } }
}

final class Session: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// A module made of a closure, so each test declares just the bindings it needs.
struct TestModule: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

struct NetworkModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Transport.self, to: LiveTransport.init).scope(.singleton).liveOnly()
        binder.bind(APIClient.self, to: APIClient.init)
        binder.bind(Clock.self, to: SystemClock.init).liveOnly()
    }
}

struct ShopV1Module: Module {
    func configure(_ binder: Binder) {
        binder.bind(CartService.self, to: CartV1.init).version("v1")
        binder.bind(WishlistService.self, to: WishlistV1.init).version("v1")
    }
}

struct ShopV2Module: Module {
    func configure(_ binder: Binder) {
        binder.bind(CartService.self, to: CartV2.init).version("v2")
    }
}

/// Builds an injector from one closure of bindings.
func makeInjector(
    versions: VersionSelection = .latest, validating: Injector.Validation = .all,
    _ body: @escaping @Sendable (Binder) -> Void
) throws -> Injector {
    try Injector(modules: [TestModule(body)], versions: versions, validating: validating)
}

/// The problems of a graph that fails validation.
func problems(versions: VersionSelection = .latest, _ body: @escaping @Sendable (Binder) -> Void) throws
    -> [GraphProblem]
{
    let injector = try makeInjector(versions: versions, validating: false, body)
    do {
        try injector.validate()
        return []
    } catch {
        return error.problems
    }
}

/// A shop whose cart has v1 and v2 and whose wishlist only v2.1, over unversioned plumbing.
struct VersionedShop: Module {
    func configure(_ binder: Binder) {
        binder.bind(CartService.self, to: CartV1.init).version("v1")
        binder.bind(CartService.self, to: CartV2.init).version("v2")
        binder.bind(WishlistService.self, to: WishlistV1.init).version("v2.1")
        binder.bind(APIClient.self, to: APIClient.init)
        binder.bind(Transport.self, to: FakeTransport.init)
        binder.bind(Clock.self, to: SystemClock.init)
    }
}

/// The root folder of this repository.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The text of a file of this repository, such as `README.md`, for the tests that keep the
/// documentation true.
func repositoryText(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

/// The paths, from the repository's root, of the files in `folder` whose names end in `suffix`.
func repositoryFiles(in folder: String, endingIn suffix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
}

/// The text between the `// example:begin` and `// example:end` lines of a file in
/// `Tests/ContainerTests/Examples`: what the DocC catalog quotes byte for byte.
func exampleText(_ file: String) throws -> String {
    try #require(exampleTexts(file).first, "\(file) has no // example:begin line")
}

/// The text between each pair of `// example:begin` and `// example:end` lines of a file in
/// `Tests/ContainerTests/Examples`, in order.
func exampleTexts(_ file: String) throws -> [String] {
    try exampleTexts(inFile: "Tests/ContainerTests/Examples/\(file)")
}

/// The text between each pair of `// example:begin` and `// example:end` lines of the file at
/// `path` from the repository's root, in order.
func exampleTexts(inFile path: String) throws -> [String] {
    let text = try repositoryText(path)
    return text.components(separatedBy: "// example:begin\n").dropFirst().map { part in
        part.components(separatedBy: "// example:end\n")[0]
    }
}

/// Where the graph of some modules says each binding was declared, as diagnostics print it
/// (`ContainerTests/DiagnosticWordingTests.swift:22`): what a test compares a diagnostic's sites
/// with, rather than `#line + N`, which breaks when a line is added between the anchor and the
/// declaration. That a site is the line of its `bind` is pinned once, in
/// `BindingTests.declarationSites`.
struct Sites {
    private let graph: DependencyGraph

    init(_ body: @escaping @Sendable (Binder) -> Void, versions: VersionSelection = .latest) {
        graph = Injector.graph(modules: [TestModule(body)], versions: versions)
    }

    /// The declaration of `type`'s binding named `name`: the one of `version` when given (or its
    /// retirement from `version`, when `retired`), else its only one.
    subscript<T>(
        _ type: T.Type, named name: String? = nil, version version: String? = nil, retired retired: Bool = false
    ) -> DeclarationSite {
        only(
            all(type, named: name, version: version, retired: retired), of: ServiceKey.of(type, named: name).description
        )
    }

    /// The declaration of the binding the graph displays as `name`, such as `Sink named "audit"[card]`
    /// for an item of a collection: the one of `version` when given, else its only one.
    subscript(displayed name: String, version version: String? = nil) -> DeclarationSite {
        let sites = graph.key(displayedAs: name).map { declarations(of: $0, version: version, retired: false) } ?? []
        return only(sites, of: name)
    }

    /// Every declaration of `type`'s binding named `name` (of `version`, when given), in the
    /// order the graph lists them.
    func all<T>(_ type: T.Type, named name: String? = nil, version: String? = nil, retired: Bool = false)
        -> [DeclarationSite]
    {
        declarations(of: .of(type, named: name), version: version, retired: retired)
    }

    private func declarations(of key: ServiceKey, version: String?, retired: Bool) -> [DeclarationSite] {
        let candidates =
            graph.nodes.first { $0.key == key }?.candidates ?? graph.notServed.first { $0.key == key }?.candidates ?? []
        return candidates.filter { $0.isRetirement == retired && (version == nil || $0.version == version) }.map(\.site)
    }

    private func only(_ sites: [DeclarationSite], of name: String) -> DeclarationSite {
        guard sites.count == 1 else {
            Issue.record("expected one declaration of \(name), found \(sites)")
            return DeclarationSite(fileID: "none", line: 0)
        }
        return sites[0]
    }
}
