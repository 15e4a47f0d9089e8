import Container
import Testing

/// Keeps the examples of the DocC article "Validation and Introspection" true: the article quotes
/// the compiled file, shows the error the first example really prints, and the second explains
/// what the article says it does.
@Suite("Validation and Introspection examples")
struct ValidationAndIntrospectionExampleTests {
    static let article = "Sources/Container/Container.docc/ValidationAndIntrospection.md"

    @Test("The error the article shows is the one validation reports, sites and path included")
    func shownError() throws {
        #expect(paymentsProblems().map(\.kind) == [.missingBinding])
        let error = #expect(throws: ValidationError.self) { try Injector.validate(modules: [PaymentsFlowModule()]) }
        let shown = try #require(error).description  // what the example prints
        #expect(shown.hasPrefix("error: no binding for PaymentNetwork [G101]\n"))
        #expect(try repositoryText(Self.article).contains("```\n\(shown)\n```"))
    }

    @Test("The rendered graph lists each binding, and explain names the binding that serves the type")
    func inspection() throws {
        let injector = try Injector(modules: [
            PaymentsFlowModule(), TestModule { $0.bind(PaymentNetwork.self, to: CardNetwork.init) },
        ])
        let explanation = inspect(injector)
        #expect(
            explanation.hasPrefix(
                "PaymentFlow is served by the binding at ContainerTests/ValidationAndIntrospectionExample.swift:"))
        #expect(explanation.contains("\n  needs: PaymentClient"))
        let text = injector.graph.rendered(as: .text)
        #expect(text.contains("PaymentFlow [transient] ContainerTests/ValidationAndIntrospectionExample.swift:"))
        #expect(text.contains("\n  -> PaymentClient\n"))
    }

    @Test("Explaining every service of the graph by its key explains each node as its type would")
    func explainingByKey() throws {
        let injector = try Injector(modules: [
            PaymentsFlowModule(), TestModule { $0.bind(PaymentNetwork.self, to: CardNetwork.init) },
        ])
        let explained = explainEveryService(injector)
        #expect(explained.count == injector.graph.nodes.count)
        #expect(explained.contains(injector.explain(PaymentFlow.self).description))
        #expect(explained.contains(injector.explain(PaymentNetwork.self).description))
    }
}
