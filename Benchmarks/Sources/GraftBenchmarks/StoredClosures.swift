/// The least a container that keeps factories as closures can do: each object made by a
/// closure kept beside the others, its dependencies passed as `any` values, the way a container
/// calls what `bind(_:to: T.init)` was given. No lookup, no scope, no error, no cycle check.
///
/// Against the hand-written row it shows what calling through stored closures costs by itself
/// (copying each existential into an initializer that takes it owned, an indirect call per
/// object); against Graft, what the container adds on top.
struct StoredClosures: Sendable {
    let logger: @Sendable () -> any Logger
    let store: @Sendable () -> any Store
    let network: @Sendable () -> any Network
    let service: @Sendable (any Logger, any Store, any Network) -> any OrderService
    let detail: @Sendable (OrderID, any Logger, any Store, any Network) -> OrderDetail
    let logged: @Sendable (any OrderService, any Logger) -> any OrderService
    let metered: @Sendable (any OrderService) -> any OrderService

    /// Made out of the optimizer's sight, so that it cannot call the initializers directly.
    @inline(never) @_optimize(none)
    static func make() -> StoredClosures {
        StoredClosures(
            logger: ConsoleLogger.init, store: MemoryStore.init, network: LoopbackNetwork.init,
            service: DefaultOrderService.init, detail: OrderDetail.init,
            logged: LoggedOrderService.init, metered: MeteredOrderService.init)
    }

    func makeOrderService() -> any OrderService {
        service(logger(), store(), network())
    }

    func makeOrderDetail(_ id: OrderID) -> OrderDetail {
        detail(id, logger(), store(), network())
    }

    func makeDecoratedOrderService() -> any OrderService {
        metered(logged(makeOrderService(), logger()))
    }
}
