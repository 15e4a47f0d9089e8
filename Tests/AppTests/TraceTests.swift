@testable import App
import Foundation
import Testing

/// `graft --trace`: decorators around the business services, run through the built binary.
@Suite("graft --trace")
struct TraceTests {
    /// One logged-in home for the tests that only need an account: each login costs the
    /// embedded backend's full password hashing. Made in a task that waits for `graft` on a
    /// thread of its own, not on one the other suites' tasks need.
    static let account = Task {
        let graft = try GraftProcess()
        try await graft.account()
        return graft
    }

    /// The trace lines of standard error, each duration (which varies) replaced by `N`; the
    /// shape of the duration is checked on the way.
    private func traced(_ error: String) -> [String] {
        error.split(separator: "\n").map(String.init).filter { $0.hasPrefix("trace: ") }.map { line in
            line.replacingOccurrences(of: #" in \d+\.\d{3} ms"#, with: " in N ms", options: .regularExpression)
        }
    }

    @Test("Each call to a business service is printed on stderr with its outcome and duration, secrets hidden")
    func callsAndOutcomes() async throws {
        let graft = try GraftProcess()
        let registered = try await graft.run(
            "--trace", "register", "--mobile", "13800000001", "--password", "correct horse")
        #expect(registered.status == 0)
        #expect(
            traced(registered.error) == [
                "trace: CustomerLogic.requestSMSCode(mobile: '13800000001') ok in N ms",
                "trace: CustomerLogic.register(mobile: '13800000001', password: <hidden>, smsCode: <hidden>) ok in N ms",
            ])
        let login = try await graft.run(
            "--trace", "login", "--mobile", "13800000001", "--password", "correct horse", "--gesture", "1235")
        #expect(login.output == "Logged in as 13800000001 (v1).\n  gesture password created\n")
        #expect(
            traced(login.error) == ["trace: CustomerLogic.login(mobile: '13800000001', password: <hidden>) ok in N ms"])
        #expect(!login.error.contains("correct horse") && !login.error.contains("1235"))
        let added = try await graft.run("--trace", "cart", "add", "p7", "--qty", "2")
        #expect(traced(added.error) == ["trace: CartService.add(productID: 'p7', quantity: 2) ok in N ms"])
        let listed = try await graft.run("--trace", "wishlist", "list", "--page", "1")
        #expect(traced(listed.error) == ["trace: WishlistService.page(at: 'page 1') ok in N ms"])
        let products = try await graft.run("--trace", "--impl", "v2", "products", "--page", "2")
        #expect(traced(products.error) == ["trace: ProductCatalog.products(page: 2) ok in N ms"])
        // The durations print to the microsecond, whatever they are.
        let line = try #require(added.error.split(separator: "\n").first { $0.hasPrefix("trace: ") })
        #expect(line.contains(try Regex(#" ok in \d+\.\d{3} ms$"#)))
    }

    @Test("A failed call is traced with the error, and the command fails as without --trace")
    func failure() async throws {
        let graft = try await Self.account.value
        let plain = try await graft.run("cart", "remove", "p1")
        let traced = try await graft.run("--trace", "cart", "remove", "p1")
        #expect(traced.status == plain.status)
        #expect(traced.status == 1)
        #expect(traced.output == plain.output)
        #expect(
            self.traced(traced.error) == [
                "trace: CartService.remove(productID: 'p1') failed in N ms: 'p1' is not in the cart (not found)"
            ])
        #expect(traced.error.hasSuffix(plain.error))
        #expect(plain.error == "Error: 'p1' is not in the cart\n")
        // The command line reference's example of it, its duration masked like the run's.
        let example = try Readme.example(after: "graft --trace cart remove p1")
        #expect(
            self.traced(example.joined(separator: "\n")) + example.filter { !$0.hasPrefix("trace: ") }
                == self.traced(traced.error) + ["Error: 'p1' is not in the cart"])
    }

    @Test("The traced answers are the same as without --trace")
    func sameAnswers() async throws {
        let graft = try await Self.account.value
        let plain = try await graft.run("--json", "cart", "add", "p3")
        let traced = try await graft.run("--json", "--trace", "cart", "list")
        let again = try await graft.run("--json", "cart", "list")
        #expect(plain.status == 0 && traced.status == 0)
        #expect(traced.output == again.output)
        #expect(self.traced(traced.error) == ["trace: CartService.cart() ok in N ms"])
    }

    @Test("explain shows the tracing decorator only with --trace")
    func explained() async throws {
        let graft = try GraftProcess()
        let traced = try await graft.run("--trace", "explain", "WishlistService")
        #expect(
            traced.output.contains(
                "  decorated: WishlistService v1 <- trace (App/TracingModule.swift:19), the last outermost\n"))
        #expect(
            traced.output.contains(
                "  needs: ServiceClient named \"v1\", LoginStatusCenter, SessionStore, WallClock, Tracer\n"))
        let plain = try await graft.run("explain", "WishlistService")
        #expect(!plain.output.contains("decorated:"))
    }

    @Test(
        "Durations print in milliseconds to the microsecond",
        arguments: [
            (Duration.microseconds(412), "0.412 ms"),
            (Duration.milliseconds(1005), "1005.000 ms"),
            (Duration.nanoseconds(999), "0.000 ms"),
            (Duration.seconds(2) + .microseconds(7), "2000.007 ms"),
        ])
    func milliseconds(duration: Duration, expected: String) {
        #expect(Tracer.milliseconds(duration) == expected)
    }
}
