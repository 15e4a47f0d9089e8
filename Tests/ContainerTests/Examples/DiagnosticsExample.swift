import Container
import ContainerTesting
import Testing

// The graphs and calls that produce each diagnostic the DocC article "Diagnostics" shows: the
// article's example of each identifier is what the error made here prints, byte for byte
// (DiagnosticsArticleTests checks it). The declarations are written for the article: a reader
// sees their sites in the examples.

protocol Gateway: Sendable {}
final class HTTPGateway: Gateway {}
final class Journal: Sendable { init(gateway: any Gateway) {} }
final class CheckoutDesk: Sendable { init(ledger: Journal) {} }
final class Inspector: Sendable { init(checkout: CheckoutDesk) {} }
final class Tray: Sendable {}
final class Register: Sendable { init(basket: Tray) {} }
final class Slip: Sendable { init(till: Register) {} }
struct OrderNumber: Hashable, Sendable { let value: String }
final class Order: Sendable { init(number: OrderNumber) {} }
final class Dispatch: Sendable { init(order: Order) {} }
final class Vault: Sendable { init() async {} }
final class Rack: Sendable { init(archive: Provider<Vault>) {} }
@MainActor final class Headline { init() {} }
final class Marquee: Sendable { init(banner: Headline) {} }
final class Echo: Sendable { init(mirror: Provider<Echo>) throws { _ = try mirror.get() } }
final class Spigot: Sendable {}
struct DiskFull: Error, CustomStringConvertible { var description: String { "the disk is full" } }

/// Each identifier with the error that shows it; see the article.
enum DiagnosticExamples {
    /// The validation problems (G1xx), one graph each.
    static func graphProblems() -> [(DiagnosticID, String)] {
        let graphs: [(DiagnosticID, VersionSelection, @Sendable (Binder) -> Void)] = [
            (
                DiagnosticID("G101"), .latest,
                { binder in
                    binder.bind(Journal.self, to: Journal.init)
                }
            ),
            (
                DiagnosticID("G102"), .latest,
                { binder in
                    binder.bind(Tray.self) { (_: Slip) in Tray() }
                    binder.bind(Register.self, to: Register.init)
                    binder.bind(Slip.self, to: Slip.init)
                }
            ),
            (
                DiagnosticID("G103"), .latest,
                { binder in
                    binder.bind(Tray.self, to: Tray.init).scope(.session)
                    binder.bind(Register.self, to: Register.init).scope(.singleton)
                }
            ),
            (
                DiagnosticID("G104"), .latest,
                { binder in
                    binder.bind(Gateway.self, to: HTTPGateway.init)
                    binder.bind(Gateway.self, to: HTTPGateway.init)
                }
            ),
            (
                DiagnosticID("G105"), .latest,
                { binder in
                    binder.bind(Gateway.self, to: HTTPGateway.init).overriding()
                }
            ),
            (
                DiagnosticID("G106"), VersionSelection(default: "v2", overrides: [.of(Tray.self): "v1"]),
                { binder in
                    binder.bind(Gateway.self, to: HTTPGateway.init).version("v2")
                }
            ),
            (
                DiagnosticID("G107"), VersionSelection(default: "v1"),
                { binder in
                    binder.bind(Gateway.self, to: HTTPGateway.init).version("v2")
                    binder.bind(Journal.self, to: Journal.init)
                }
            ),
            (
                DiagnosticID("G108"), .latest,
                { binder in
                    binder.retire(Gateway.self, from: "v3")
                }
            ),
            (
                DiagnosticID("G109"), .latest,
                { binder in
                    binder.bind(Gateway.self, to: HTTPGateway.init).version("2.0")
                }
            ),
            (
                DiagnosticID("G110"), .latest,
                { binder in
                    binder.bind(Order.self, arguments: OrderNumber.self) { (number: OrderNumber) in
                        Order(number: number)
                    }
                    binder.bind(Dispatch.self, to: Dispatch.init)
                }
            ),
            (
                DiagnosticID("G111"), .latest,
                { binder in
                    binder.decorate(Gateway.self) { (inner: any Gateway) in inner }
                }
            ),
            (
                DiagnosticID("G112"), .latest,
                { binder in
                    binder.bind(Vault.self) { () async in await Vault() }
                    binder.bind(Rack.self, to: Rack.init)
                }
            ),
            (
                DiagnosticID("G113"), .latest,
                { binder in
                    binder.bind(Headline.self, to: Headline.init)
                    binder.bind(Marquee.self, to: Marquee.init)
                }
            ),
            (
                DiagnosticID("G114"), .latest,
                { binder in
                    binder.bind(Tray.self, to: Tray.init).closing { _ in }
                }
            ),
        ]
        return graphs.map { id, versions, body in
            let injector = try? Injector(
                modules: [DiagnosticsModule(body: body)], versions: versions, validating: false)
            var text = "(no problem)"
            do throws(ValidationError) {
                try injector?.validate()
            } catch {
                text = error.problems.first { $0.diagnosticID == id }?.description ?? "\(error)"
            }
            return (id, text)
        }
    }

    /// The resolution errors (G2xx) that a graph which validates can still meet.
    static func resolutionErrors() async throws -> [(DiagnosticID, String)] {
        let shop = try Injector(
            modules: [
                DiagnosticsModule { binder in
                    binder.bind(Gateway.self, to: HTTPGateway.init).version("v2").liveOnly()
                    binder.bind(Echo.self, to: Echo.init)
                    binder.bind(Spigot.self) { () throws -> Spigot in throw DiskFull() }
                    binder.bind(Int.self) { 7 }.scope(.weak)
                    binder.bind(Tray.self, needs: Gateway.self) { resolver in
                        _ = try resolver.resolve(Register.self)
                        return Tray()
                    }
                    binder.bind(Order.self, arguments: OrderNumber.self) { (number: OrderNumber) in
                        Order(number: number)
                    }
                    binder.bind(Vault.self) { () async in await Vault() }
                    binder.bind(Headline.self, to: Headline.init)
                }
            ], versions: VersionSelection(default: "v2"))
        var examples: [(DiagnosticID, String)] = []
        func record(_ id: DiagnosticID, _ body: () throws -> Void) {
            do {
                try body()
                examples.append((id, "(no error)"))
            } catch {
                examples.append((id, "\(error)"))
            }
        }
        record(DiagnosticID("G201")) { _ = try shop.resolve(Journal.self) }
        let v1 = try Injector(
            modules: [DiagnosticsModule { binder in binder.bind(Gateway.self, to: HTTPGateway.init).version("v2") }],
            versions: VersionSelection(default: "v1"))
        record(DiagnosticID("G202")) { _ = try v1.resolve(Gateway.self) }
        record(DiagnosticID("G203")) { _ = try shop.resolve(Echo.self) }
        let test = try shop.child(strict: true) { _ in }
        record(DiagnosticID("G204")) { _ = try test.resolve(Gateway.self) }
        record(DiagnosticID("G205")) { _ = try shop.resolve(Spigot.self) }
        record(DiagnosticID("G206")) { _ = try shop.resolve(Int.self) }
        let provider = try Injector(modules: [DiagnosticsModule { $0.bind(Tray.self, to: Tray.init) }])
            .resolve(Provider<Tray>.self)
        record(DiagnosticID("G207")) { _ = try provider.get() }
        record(DiagnosticID("G208")) { _ = try shop.resolve(Tray.self) }
        record(DiagnosticID("G209")) { _ = try shop.resolve(Order.self, arguments: 17) }
        record(DiagnosticID("G210")) { _ = try shop.resolve(Vault.self) }
        let offMainActor = await Task.detached { () -> String in
            do {
                _ = try shop.resolve(Headline.self)
                return "(no error)"
            } catch {
                return "\(error)"
            }
        }.value
        examples.append((DiagnosticID("G211"), offMainActor))
        record(DiagnosticID("G212")) {
            _ = try Injector(modules: [
                DiagnosticsModule { binder in
                    binder.bind(Vault.self) { () async in await Vault() }.scope(.eagerSingleton)
                }
            ])
        }
        let closed = try Injector(modules: [DiagnosticsModule { $0.bind(Tray.self, to: Tray.init) }])
        try await closed.shutdown()
        record(DiagnosticID("G213")) { _ = try closed.resolve(Tray.self) }
        return examples
    }

    /// The error of a shutdown (G6xx): a closer that does not finish within the time, and one
    /// that waits for it.
    static func shutdownErrors() async throws -> [(DiagnosticID, String)] {
        let injector = try Injector(modules: [
            DiagnosticsModule { binder in
                binder.bind(Tray.self, to: Tray.init).scope(.singleton).closing { _ in }
                binder.bind(Register.self, to: Register.init).scope(.singleton).closing { _ in
                    try await Task.sleep(for: .seconds(3_600))
                }
            }
        ])
        _ = try injector.resolve(Register.self)
        do {
            try await injector.shutdown(within: .milliseconds(100))
            return [(DiagnosticID("G6??"), "(no error)")]
        } catch {
            return [(error.diagnosticID, error.description)]
        }
    }

    /// The errors of reading an `@Inject` property (G3xx): with no injector (the caller makes
    /// sure the process has no default), and with one that does not bind the property's type.
    static func injectErrors() throws -> [(DiagnosticID, String)] {
        let none = Injector.$current.withValue(nil) { CheckoutScreen().$gateway }
        let unbound = try Injector.$current.withValue(Injector(modules: [])) { CheckoutScreen().$gateway }
        return [none, unbound].map { result in
            switch result {
            case .success: (DiagnosticID("G3??"), "(no error)")
            case .failure(let error): (error.diagnosticID, error.description)
            }
        }
    }

    /// The errors of ContainerTesting's traits (G5xx), as a test written at `trait` meets them.
    static func traitErrors() throws -> [(DiagnosticID, String)] {
        let outer = SourceLocation(
            fileID: "ShopTests/CheckoutTests.swift", filePath: "/ShopTests/CheckoutTests.swift", line: 12, column: 1)
        let trait = SourceLocation(
            fileID: "ShopTests/CheckoutTests.swift", filePath: "/ShopTests/CheckoutTests.swift", line: 30, column: 5)
        let invalid: any Error
        do {
            _ = try Injector(modules: [DiagnosticsModule { $0.bind(Journal.self, to: Journal.init) }])
            return []
        } catch {
            invalid = error
        }
        let read = try Injector.$current.withValue(Injector(modules: [])) { CheckoutScreen().$gateway }
        guard case .failure(let inject) = read else { return [] }
        let errors: [InjectorTraitError] = [
            .noInjectorGiven, .noEnclosingInjector, .nested(outer: outer), .givenInjectorFailed(invalid),
            .modulesFailed(versions: VersionSelection(default: "v1"), invalid), .childFailed(invalid, trait: trait),
            .injectFailed(inject, trait: trait),
        ]
        return errors.map { ($0.diagnosticID, $0.description) }
    }

    /// The errors of reading a version selection (G4xx).
    static func selectionErrors() -> [(DiagnosticID, String)] {
        let graph = Injector.graph(modules: [
            DiagnosticsModule { binder in
                binder.bind(Gateway.self, to: HTTPGateway.init).version("v1")
                binder.bind(Gateway.self, to: HTTPGateway.init).version("v2")
            }
        ])
        let entries = [
            ("G401", ""), ("G402", "=v1"), ("G403", "Gateway="), ("G404", "2"), ("G405", "v3"), ("G406", "Gate=v1"),
        ]
        return entries.map { id, entry in
            do {
                return (DiagnosticID(id), "\(try VersionSelection.Entry(parsing: entry, in: graph))")
            } catch let error as SelectionParseError {
                return (DiagnosticID(id), error.description)
            } catch {
                return (DiagnosticID(id), "\(error)")
            }
        }
    }
}

/// A screen that cannot take constructor injection.
struct CheckoutScreen {
    @Inject var gateway: any Gateway
}

/// A module made of a closure, for the examples.
struct DiagnosticsModule: Module {
    let body: @Sendable (Binder) -> Void
    func configure(_ binder: Binder) { body(binder) }
}
