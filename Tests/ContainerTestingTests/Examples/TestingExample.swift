import Container
import ContainerTesting
import Synchronization
import Testing
import XCTest

// The example of the DocC articles "Getting Started" and "Testing": the text between the markers
// is quoted there byte for byte (TestingExampleTests and TestingArticleQuoteTests check it), and
// compiled and run here.

protocol PaymentGateway: Sendable { func charge(cents: Int) -> Bool }

/// The real card network, which no test may reach.
final class CardNetworkGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { false }
}

final class Checkout: Sendable {
    let gateway: any PaymentGateway
    init(gateway: any PaymentGateway) { self.gateway = gateway }
    func pay(cents: Int) -> Bool { gateway.charge(cents: cents) }
}

struct PaymentsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(PaymentGateway.self, to: CardNetworkGateway.init).scope(.singleton).liveOnly()
        binder.bind(Checkout.self, to: Checkout.init)
    }
}

// example:begin
/// The app's real composition root, built once; each test gets a strict child of it.
let appInjector = try! Injector(modules: [PaymentsModule()])

/// A fake that remembers what it charged.
final class RecordingGateway: PaymentGateway {
    private let charges = Mutex<[Int]>([])
    var charged: [Int] { charges.withLock { $0 } }
    func charge(cents: Int) -> Bool {
        charges.withLock { $0.append(cents) }
        return true
    }
}

@Suite(
    .injecting(from: appInjector) { binder in
        binder.bind(RecordingGateway.self, to: RecordingGateway.init).scope(.singleton)
            .implements((any PaymentGateway).self) { $0 }  // a new fake for each test
    })
struct CheckoutTests {
    @Inject var checkout: Checkout
    @Inject var gateway: RecordingGateway

    @Test func payingChargesOnce() {
        #expect(checkout.pay(cents: 1200))
        #expect(gateway.charged == [1200])  // only this test's charges, though tests run in parallel
    }

    @Test @MainActor func payingFromTheMainActor() async throws {
        let injector = try #require(Injector.current)  // the test's own injector
        #expect(try injector.resolve(Checkout.self).pay(cents: 300))
        #expect(gateway.charged == [300])
    }
}

@Test func everySelectionValidates() {
    Injector.expectEverySelectionValidates(modules: [PaymentsModule()])  // one issue per failing selection
}

final class CheckoutXCTests: XCTestCase {
    func testPayingChargesOnce() throws {
        let gateway = RecordingGateway()
        try withInjector(from: appInjector) { binder in
            binder.bind(PaymentGateway.self, toInstance: gateway)
        } run: { injector in
            XCTAssertTrue(try injector.resolve(Checkout.self).pay(cents: 1200))
        }
        XCTAssertEqual(gateway.charged, [1200])
    }
}
// example:end
