import Backend
import Container
import ImplV2
import Protocols
import Testing

/// Keeps the README's example of mixed generations true: the README quotes the compiled file, and
/// the example logs in with V1's flow while V2 serves the cart.
@Suite("README mixed-generations example")
struct MixedGenerationsExampleTests {
    @Test("V1's login flow runs, and the cart is V2's")
    func mixedGenerations() async throws {
        let injector = try await v1WithTheV2Cart()
        let logic = try await injector.resolveAsync((any CustomerLogic).self)
        try await logic.requestSMSCode(mobile: "13800000001")
        let code = try #require(try await injector.resolveAsync(EmbeddedServer.self).latestSMSCode(for: "13800000001"))
        _ = try await logic.register(mobile: "13800000001", password: "correct horse", smsCode: code)
        #expect(try await logIn(injector).steps == [.loggedIn, .gesturePasswordCreated])
        #expect(try await injector.resolveAsync((any CartService).self) is CartServiceV2)
    }
}
