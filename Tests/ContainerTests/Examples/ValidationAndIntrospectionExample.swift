import Container

// The examples of the DocC article "Validation and Introspection": the text between each pair of
// markers is quoted there byte for byte (DocumentationExamplesTests checks it, and
// ValidationAndIntrospectionExampleTests that the error the article shows is the one the first
// example prints), and compiled and run here.

// example:begin
struct PaymentsFlowModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(PaymentFlow.self, to: PaymentFlow.init)
        binder.bind(PaymentClient.self, to: PaymentClient.init)  // needs a PaymentNetwork, which nothing binds
    }
}

func paymentsProblems() -> [GraphProblem] {
    do {
        try Injector.validate(modules: [PaymentsFlowModule()])  // what Injector(modules:) checks first
        return []
    } catch {  // error is a ValidationError: every problem at once
        print(error)  // the text below
        return error.problems
    }
}
// example:end

// example:begin
func inspect(_ injector: Injector) -> String {
    print(injector.graph.rendered(as: .text))  // also .dot, .mermaid, .json
    return injector.explain(PaymentFlow.self).description  // which binding, version and scope, and why
}
// example:end

// example:begin
func explainEveryService(_ injector: Injector) -> [String] {
    let graph = injector.graph
    return (graph.nodes.map(\.key) + graph.notServed.map(\.key)).map { key in
        injector.explain(key).description  // its binding, or why a bound service is not served
    }
}
// example:end

protocol PaymentNetwork: Sendable {}
final class CardNetwork: PaymentNetwork {}
final class PaymentClient: Sendable {
    let network: any PaymentNetwork
    init(network: any PaymentNetwork) { self.network = network }
}
final class PaymentFlow: Sendable {
    let client: PaymentClient
    init(client: PaymentClient) { self.client = client }
}
