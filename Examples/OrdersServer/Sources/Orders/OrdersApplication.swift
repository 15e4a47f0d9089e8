import Container
import Hummingbird
import Logging

/// The HTTP side: routes over the services the injector built.
public enum OrdersApplication {
    /// The application for `configuration`, serving with what `injector` built at start-up.
    public static func make(injector: Injector, configuration: ServerConfiguration, logger: Logger) async throws
        -> some ApplicationProtocol
    {
        let services = try await injector.resolveAsync(OrderServices.self)
        return Application(
            router: router(services: services),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "orders"),
            logger: logger)
    }

    /// `POST /orders`, `GET /orders/count`, `GET /orders/{id}` and `GET /health`.
    public static func router(services: OrderServices) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("health") { _, _ in "ok" }
        router.post("orders") { request, context in
            let new = try await request.decode(as: NewOrder.self, context: context)
            do throws(OrderError) {
                let order = try handler(for: context, services: services).place(new)
                return EditedResponse(status: .created, response: order)
            } catch {
                throw HTTPError(.badRequest, message: error.description)
            }
        }
        router.get("orders/count") { _, context in
            OrderCount(count: handler(for: context, services: services).orderCount())
        }
        router.get("orders/{id}") { _, context in
            let id = try context.parameters.require("id", as: Int.self)
            guard let order = handler(for: context, services: services).order(id: id) else {
                throw HTTPError(.notFound, message: "no order \(id)")
            }
            return order
        }
        return router
    }
}
