import Hummingbird

// example:begin
extension OrdersApplication {
    /// One request's handler, built by hand from the server's services and the request's own
    /// values, which costs far less than a child injector per request (see the Servers article).
    ///
    /// REQUEST SCOPE: Graft has no request scope yet. When it has, the request opens one here
    /// with its id and logger, resolves `OrderHandler` from it, and ends it after responding.
    static func handler(for context: some RequestContext, services: OrderServices) -> OrderHandler {
        // Not `context.id`, which HummingbirdTesting's router tests leave unset (it would trap).
        let requestID = context.logger[metadataKey: "hb.request.id"].map { "\($0)" } ?? "none"
        return OrderHandler(requestID: requestID, logger: context.logger, services: services)
    }
}
// example:end
