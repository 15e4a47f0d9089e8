import Client
import Container
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

/// A V1 view model whose generation also counts "000001" (accepted, pending review) as success.
final class LenientViewModel: BaseViewModel, @unchecked Sendable {
    override var successCodes: [BusinessCode] { [.success, .unknown("000001")] }
}

final class SessionToken: Sendable {}

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
            if lenient {
                binder.bind(BaseViewModel.self) { (api: any ServiceClient, center: LoginStatusCenter) in
                    LenientViewModel(api: api, loginStatus: center)
                }
            } else {
                binder.bind(BaseViewModel.self) { (api: any ServiceClient, center: LoginStatusCenter) in
                    BaseViewModel(api: api, loginStatus: center)
                }
            }
        }
        return (try injector.resolve(BaseViewModel.self), injector, center)
    }

    private func handlers(on viewModel: BaseViewModel, _ calls: Calls) {
        viewModel.onSuccess = { calls.add("success \($0)") }
        viewModel.onFail = { code, message in calls.add("fail \(code): \(message)") }
        viewModel.onError = { calls.add("error \($0)") }
    }

    @Test("Success, refusal and transport error each reach their own handler")
    func threeWays() async throws {
        let (viewModel, _, _) = try make([
            answer(#"{"code":200,"msg":"success","data":{"items":[]}}"#),
            answer(#"{"code":40401,"msg":"no such product","data":null}"#),
            .failure(.notConnected),
        ])
        let calls = Calls()
        handlers(on: viewModel, calls)
        let first = await viewModel.request("GET", "/products", as: Page.self)
        handlers(on: viewModel, calls)
        let second = await viewModel.request("GET", "/products/x", as: Page.self)
        handlers(on: viewModel, calls)
        let third = await viewModel.request("GET", "/products", as: Page.self)
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

    @Test("Handlers are cleared once their request completes")
    func handlersCleared() async throws {
        let ok = answer(#"{"code":200,"msg":"success","data":{"items":[]}}"#)
        let (viewModel, _, _) = try make([ok, ok])
        let calls = Calls()
        handlers(on: viewModel, calls)
        await viewModel.request("GET", "/products", as: Page.self)
        #expect(viewModel.onSuccess == nil && viewModel.onFail == nil && viewModel.onError == nil)
        await viewModel.request("GET", "/products", as: Page.self)
        #expect(calls.entries.count == 1)
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
