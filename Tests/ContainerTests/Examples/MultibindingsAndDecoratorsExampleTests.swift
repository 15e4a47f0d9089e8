import Container
import Testing

/// Keeps the examples of the DocC article "Multibindings and Decorators" true: the article quotes
/// the compiled file, and the examples behave as the article says.
@Suite("Multibindings and Decorators examples")
struct MultibindingsAndDecoratorsExampleTests {
    @Test("Each id serves its selected version, ordered by position then id, as the comment says")
    func versionedItems() throws {
        func sinks(_ version: String) throws -> [String] {
            try Injector(modules: [AuditV1Module(), AuditV2Module()], versions: VersionSelection(default: version))
                .resolve(Auditor.self).sinks.map(\.name)
        }
        #expect(try sinks("v1") == ["file", "console"])
        #expect(try sinks("v2") == ["buffered file", "console", "remote"])
    }

    @Test("The child's spy wraps the parent's logging decorator; the parent keeps only its own")
    func decorators() throws {
        let injector = try Injector(modules: [
            CartLoggingModule(), TestModule { $0.bind(CartService.self) { PlainCart() } },
        ])
        let test = try spyOnTheCart(injector)
        #expect(try injector.resolve(CartService.self).version == "logged(plain)")
        #expect(try test.resolve(CartService.self).version == "spied(logged(plain))")
        #expect(try injector.resolve(CallLog.self).lines == ["version", "version"])
    }
}

/// The undecorated cart the decorators wrap.
private final class PlainCart: CartService { let version = "plain" }
