@testable import Container
import Testing

private final class Serve: Sendable {
    init(pong: Return) {}
}

private final class Return: Sendable {
    init(ping: Serve) {}
}

@Suite("How much an injector checks while it is built: all, reporting, none")
struct ValidationModeTests {
    /// A graph with one missing binding (`Transport`, which `APIClient` needs) and a loop that
    /// only the check finds before anything is resolved.
    private func broken(_ binder: Binder) {
        binder.bind(APIClient.self, to: APIClient.init)
        binder.bind(Clock.self) { FixedClock(now: 3) }.scope(.singleton)
    }

    @Test("all throws every problem; reporting builds and keeps them; none builds without looking")
    func modes() throws {
        let error = #expect(throws: ValidationError.self) { try makeInjector(validating: .all, broken) }
        #expect(error?.problems.map(\.message) == ["no binding for Transport"])
        let reporting = try makeInjector(validating: .reporting, broken)
        #expect(!reporting.isValid)
        let unchecked = try makeInjector(validating: .skipped, broken)
        // Trusted as proven elsewhere, though nobody looked here.
        #expect(unchecked.isValid)
        #expect((try unchecked.resolve(Clock.self)).now == 3)
        let missing = #expect(throws: ResolutionError.self) { try unchecked.resolve(APIClient.self) }
        #expect(missing?.key == .of(Transport.self))
        #expect(missing?.path.map(\.key) == [.of(APIClient.self)])
        // Checking on demand still finds what start-up skipped.
        let later = #expect(throws: ValidationError.self) { try unchecked.validate() }
        #expect(later?.problems.map(\.message) == ["no binding for Transport"])
    }

    @Test("An unchecked injector that is valid resolves as a checked one does, singletons shared")
    func validGraphUnchecked() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: FakeTransport.init).scope(.singleton)
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let unchecked = try makeInjector(validating: .skipped, body)
        let checked = try makeInjector(body)
        #expect(checked.isValid)
        #expect(unchecked.isValid)
        let first = try unchecked.resolve(APIClient.self)
        let second = try unchecked.resolve(APIClient.self)
        #expect(first !== second)
        let transports = [first.transport, second.transport].map { ObjectIdentifier($0 as AnyObject) }
        #expect(transports[0] == transports[1])
        #expect(type(of: try checked.resolve(APIClient.self).transport) == type(of: first.transport))
    }

    @Test(
        "A child of an unchecked injector trusts its graph, as a checked parent's child does; a reporting one's checks it all"
    )
    func childTrusts() throws {
        let unchecked = try makeInjector(validating: .skipped, broken)
        #expect(unchecked.isValid)
        // Checks only what its Clock changes: the parent's missing Transport is not its to report.
        let child = try unchecked.child { binder in binder.bind(Clock.self) { FixedClock(now: 4) } }
        #expect(try child.resolve(Clock.self).now == 4)
        #expect(throws: ValidationError.self) { try child.validate() }
        let reporting = try makeInjector(validating: .reporting, broken)
        let error = #expect(throws: ValidationError.self) {
            try reporting.child { binder in binder.bind(Clock.self) { FixedClock(now: 4) } }
        }
        #expect(error?.problems.map(\.message) == ["no binding for Transport"])
        let fixed = try reporting.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        // Checked in full and found valid: its own children check only what they change.
        #expect(fixed.isValid)
        #expect(try fixed.resolve(APIClient.self).transport is FakeTransport)
    }

    @Test("A loop in an unchecked graph fails its resolve, naming the whole loop")
    func loopUnchecked() throws {
        let unchecked = try makeInjector(validating: .skipped) { binder in
            binder.bind(Serve.self, to: Serve.init)
            binder.bind(Return.self, to: Return.init)
        }
        let error = #expect(throws: ResolutionError.self) { try unchecked.resolve(Serve.self) }
        guard case .cycle(let loop) = error?.reason else {
            Issue.record("not a cycle: \(String(describing: error))")
            return
        }
        #expect(loop == [.of(Serve.self), .of(Return.self), .of(Serve.self)])
        #expect(
            error?.description.hasPrefix("error: dependency cycle while building Serve: Serve -> Return -> Serve")
                == true)
    }

    @Test("A Bool literal reads as before: true is all, false is reporting")
    func booleanLiterals() {
        let yes: Injector.Validation = true
        let no: Injector.Validation = false
        #expect(yes == .all)
        #expect(no == .reporting)
        #expect([Injector.Validation.all, .reporting, .skipped].map(\.description) == ["all", "reporting", "skipped"])
    }
}
