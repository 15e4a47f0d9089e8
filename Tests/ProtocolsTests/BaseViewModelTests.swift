import Client
import Container
import ImplV1
import ImplV2
import Protocols
import Synchronization
import Testing
import TestSupport
import WireFormat

final class Calls: Sendable {
    private let log = Mutex<[String]>([])
    func add(_ entry: String) { log.withLock { $0.append(entry) } }
    var entries: [String] { log.withLock { $0 } }
}

final class SessionToken: Sendable {}

/// A transport that holds every request until `count` of them have arrived, then answers each
/// with the body given for its path: two callers' requests are certainly under way together.
final class RendezvousTransport: Transport {
    private struct Waiting {
        var arrived = 0
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let count: Int
    private let answers: [String: String]
    private let waiting = Mutex(Waiting())

    init(count: Int, answers: [String: String]) {
        self.count = count
        self.answers = answers
    }

    func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        await withCheckedContinuation { continuation in
            let released = waiting.withLock { waiting in
                waiting.arrived += 1
                waiting.held.append(continuation)
                guard waiting.arrived >= count else { return [CheckedContinuation<Void, Never>]() }
                defer { waiting.held = [] }
                return waiting.held
            }
            for held in released { held.resume() }
        }
        guard let body = answers[request.path] else { throw .connectionLost }
        return WireResponse(status: 200, body: Array(body.utf8))
    }
}

@Suite("BaseViewModel")
struct BaseViewModelTests {
    private func answer(_ text: String) -> Result<WireResponse, TransportError> {
        .success(WireResponse(status: 200, body: Array(text.utf8)))
    }

    /// A view model and the injector that made it, with the transport faked.
    private func make(
        _ script: [Result<WireResponse, TransportError>], generation: String = "v2",
        lenient: Bool = false
    ) throws -> (BaseViewModel, Injector, LoginStatusCenter) {
        let center = LoginStatusCenter(initial: .loggedIn)
        let injector = try Injector(modules: []).child { binder in
            binder.bind(Transport.self, toInstance: ScriptedTransport(script))
            binder.bind(ServiceClient.self) { (transport: any Transport) in
                APIClient(generation: generation, transport: transport, envelope: generation == "v1" ? .v1 : .v2)
            }
            binder.bind(LoginStatusCenter.self, toInstance: center)
            binder.bind(SessionToken.self, to: SessionToken.init).scope(.session)
            binder.bind(SessionScopeReset.self, to: SessionScopeReset.init).scope(.eagerSingleton)
            // A lenient generation also counts "000001" (accepted, pending review) as success.
            let successCodes: [BusinessCode] = lenient ? [.success, .unknown("000001")] : [.success]
            binder.bind(BaseViewModel.self) { (api: any ServiceClient, center: LoginStatusCenter) in
                BaseViewModel(api: api, loginStatus: center, successCodes: successCodes)
            }
        }
        return (try injector.resolve(BaseViewModel.self), injector, center)
    }

    /// Hands `outcome` to handlers that record, in `calls`, which one ran and with what.
    private func handle<Value>(_ outcome: RequestOutcome<Value>, recordingIn calls: Calls) {
        outcome.handle(
            onSuccess: { calls.add("success \($0)") },
            onFail: { code, message in calls.add("fail \(code): \(message)") },
            onError: { calls.add("error \($0)") })
    }

    @Test("Success, refusal and transport error each reach their own handler")
    func threeWays() async throws {
        let (viewModel, _, _) = try make([
            answer(#"{"code":200,"msg":"success","data":{"items":[]}}"#),
            answer(#"{"code":40401,"msg":"no such product","data":null}"#),
            .failure(.notConnected),
        ])
        let calls = Calls()
        let first = await viewModel.request("GET", "/products", as: Page.self)
        handle(first, recordingIn: calls)
        let second = await viewModel.request("GET", "/products/x", as: Page.self)
        handle(second, recordingIn: calls)
        let third = await viewModel.request("GET", "/products", as: Page.self)
        handle(third, recordingIn: calls)
        #expect(
            calls.entries == [
                "success Page(items: [])",
                "fail not found: no such product",
                "error this device is not connected to a network",
            ])
        #expect(try first.get() == Page(items: []))
        #expect(throws: ServiceError.refused(.notFound, message: "no such product")) { try second.get() }
        #expect(throws: ServiceError.transport(.notConnected)) { try third.get() }
    }

    @Test("Two callers of one session-scoped view model each get their own outcome, in their own handlers")
    func handlersBelongToOneCall() async throws {
        let transport = RendezvousTransport(
            count: 2,
            answers: [
                "/v2/first": #"{"code":200,"msg":"success","data":{"items":[{"id":"a","price":1}]}}"#,
                "/v2/second": #"{"code":40401,"msg":"no such page","data":null}"#,
            ])
        let injector = try Injector(modules: []).child { binder in
            binder.bind(
                ServiceClient.self, toInstance: APIClient(generation: "v2", transport: transport, envelope: .v2))
            binder.bind(LoginStatusCenter.self, toInstance: LoginStatusCenter(initial: .loggedIn))
            binder.bind(BaseViewModel.self) { (api: any ServiceClient, center: LoginStatusCenter) in
                BaseViewModel(api: api, loginStatus: center)
            }.scope(.session)
        }
        let shared = try injector.resolve(BaseViewModel.self)
        #expect(try injector.resolve(BaseViewModel.self) === shared)
        let first = Calls()
        let second = Calls()
        let firstCaller = Task {
            let outcome = await shared.request("GET", "/first", as: Page.self)
            handle(outcome, recordingIn: first)
            return outcome
        }
        let secondCaller = Task {
            let outcome = await shared.request("GET", "/second", as: Page.self)
            handle(outcome, recordingIn: second)
            return outcome
        }
        let firstOutcome = await firstCaller.value
        let secondOutcome = await secondCaller.value
        #expect(first.entries == [#"success Page(items: [TestSupport.Item(id: "a", price: 1)])"#])
        #expect(second.entries == ["fail not found: no such page"])
        #expect(try firstOutcome.get() == Page(items: [Item(id: "a", price: 1)]))
        #expect(throws: ServiceError.refused(.notFound, message: "no such page")) { try secondOutcome.get() }
    }

    @Test("The outcome's handlers run once each, only the one that fits, and hand the outcome back")
    func handleReturnsTheOutcome() async throws {
        let (viewModel, _, _) = try make([answer(#"{"code":40401,"msg":"no such product","data":null}"#)])
        let calls = Calls()
        let outcome = await viewModel.request("GET", "/products/x", as: Page.self).handle(
            onSuccess: { calls.add("success \($0)") },
            onFail: { code, message in calls.add("fail \(code): \(message)") },
            onError: { calls.add("error \($0)") })
        #expect(calls.entries == ["fail not found: no such product"])
        #expect(throws: ServiceError.refused(.notFound, message: "no such product")) { try outcome.get() }
    }

    @Test("Login expired posts .expired, and the session scope is emptied")
    func expiry() async throws {
        let (viewModel, injector, center) = try make(
            [answer(#"{"status":"100002","desc":"please log in again"}"#)], generation: "v1")
        let before = try await injector.resolveAsync(SessionToken.self)
        #expect(try await injector.resolveAsync(SessionToken.self) === before)
        let outcome = await viewModel.request("GET", "/cart", as: Page.self)
        #expect(throws: ServiceError.refused(.loginExpired, message: "please log in again")) { try outcome.get() }
        #expect(center.current == .expired)
        #expect(try await injector.resolveAsync(SessionToken.self) !== before)
    }

    @Test("A generation may count more codes as success")
    func successCodeList() async throws {
        let (viewModel, _, _) = try make(
            [answer(#"{"status":"000001","desc":"accepted","data":{"items":[]}}"#)],
            generation: "v1", lenient: true)
        let outcome = await viewModel.request("POST", "/orders", as: Page.self)
        #expect(try outcome.get() == Page(items: []))
    }

    @Test("A success without its payload is an undecodable body, naming data")
    func successWithoutPayload() async throws {
        let (viewModel, _, _) = try make(
            [answer(#"{"status":"000001","desc":"accepted"}"#)], generation: "v1", lenient: true)
        let outcome = await viewModel.request("POST", "/orders", as: Page.self)
        #expect(
            throws: ServiceError.transport(.undecodableBody(field: "data", reason: "missing for a successful answer"))
        ) {
            try outcome.get()
        }
    }
}
