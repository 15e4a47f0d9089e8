import Container
import Testing

protocol ExportFormat: Sendable {}
struct PDFExport: ExportFormat {}

@Suite("Types as source writes them")
struct TypeDisplayTests {
    @Test(
        "Keys show collections, dictionaries and optionals with their sugar, and existentials inside them with any",
        arguments: [
            (ServiceKey.of([any ExportFormat].self), "[any ExportFormat]"),
            (.of([String: any ExportFormat].self), "[String: any ExportFormat]"),
            (.of((any ExportFormat)?.self, named: "pdf"), "(any ExportFormat)? named \"pdf\""),
            (.of([Int]?.self), "[Int]?"),
            (.of([[String: [Int]]].self), "[[String: [Int]]]"),
            (.of([Any].self), "[Any]"),
            (.of((any ExportFormat).self), "ExportFormat"),
            (.of(PDFExport.self), "PDFExport"),
            (.of(Provider<PDFExport>.self), "Provider<PDFExport>"),
        ])
    func display(_ key: ServiceKey, _ expected: String) {
        #expect(key.description == expected)
    }

    @Test("A missing list is named as it is written, in the problem and in the graph")
    func inDiagnostics() throws {
        let injector = try makeInjector(validating: false) { binder in
            binder.bind(PDFExport.self) { (_: [any ExportFormat], _: [String: Int]) in PDFExport() }
        }
        let error = #expect(throws: ValidationError.self) { try injector.validate() }
        #expect(
            error?.problems.map(\.message) == ["no binding for [any ExportFormat]", "no binding for [String: Int]"])
        #expect(injector.graph.unbound.map(\.description) == ["[any ExportFormat]", "[String: Int]"])
    }

    @Test("Run-time argument types are named as written in the mismatch error")
    func inArguments() throws {
        let injector = try makeInjector { binder in
            binder.bind(PDFExport.self, arguments: [String].self) { (_: [String]) in PDFExport() }
        }
        let error = #expect(throws: ResolutionError.self) { _ = try injector.resolve(PDFExport.self, arguments: 1) }
        #expect(
            error?.description.hasPrefix(
                "error: PDFExport takes run-time arguments ([String]), but was asked for with (Int)") == true)
    }
}
