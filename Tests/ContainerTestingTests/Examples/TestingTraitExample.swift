import Container
import ContainerTesting
import Testing
import XCTest

// The examples of the DocC article "Testing" on @Inject failures, version selections and
// XCTest: the text between each pair of markers is quoted there byte for byte
// (DocumentationExamplesTests checks it), and compiled and run here.

protocol LabelPrinter: Sendable { func print(grams: Int) -> String }
protocol WeightFormat: Sendable { func text(grams: Int) -> String }

/// The warehouse's real printer, which no test may reach.
final class WarehousePrinter: LabelPrinter {
    func print(grams: Int) -> String { "" }
}

/// A printer that prints to a string.
final class PreviewPrinter: LabelPrinter {
    private let format: any WeightFormat
    init(format: any WeightFormat) { self.format = format }
    func print(grams: Int) -> String { "LABEL \(format.text(grams: grams))" }
}

final class GramsFormat: WeightFormat {
    func text(grams: Int) -> String { "\(grams) g" }
}

final class KilogramsFormat: WeightFormat {
    func text(grams: Int) -> String { "\(Double(grams) / 1000) kg" }
}

struct ShippingModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(WeightFormat.self, to: GramsFormat.init).version("v1")
        binder.bind(WeightFormat.self, to: KilogramsFormat.init).version("v2")
        binder.bind(LabelPrinter.self, to: WarehousePrinter.init).scope(.singleton).liveOnly()
    }
}

/// The app's composition root: its modules, and its injector (latest versions), built once.
enum ShippingComposition {
    static var modules: [any Module] { [ShippingModule()] }
}

let shippingInjector = try! Injector(modules: ShippingComposition.modules)

// example:begin
/// Code that cannot take constructor injection.
final class LabelScreen {
    @Inject var printer: any LabelPrinter

    func label(grams: Int) -> String {
        printer.print(grams: grams)  // stops the program when no printer can be resolved
    }

    func checkedLabel(grams: Int) throws -> String {
        try $printer.get().print(grams: grams)  // throws an InjectError instead
    }
}

/// The fakes of the shipping tests, in a module: each binding reports its own line.
struct ShippingFakes: Module {
    func configure(_ binder: Binder) {
        binder.bind(LabelPrinter.self, to: PreviewPrinter.init)
    }
}

@Suite(.injecting(from: shippingInjector, modules: [ShippingFakes()]))
struct LabelScreenTests {
    @Test func labelsTheWeight() throws {
        let injector = try #require(Injector.current)
        _ = try injector.resolve((any LabelPrinter).self)  // without the fake, fails this test alone
        #expect(LabelScreen().label(grams: 1250) == "LABEL 1.25 kg")
    }
}
// example:end

// example:begin
@Suite(
    .injecting(from: ShippingComposition.modules, versions: VersionSelection(default: "v1")) { binder in
        binder.bind(LabelPrinter.self, to: PreviewPrinter.init)
    })
struct LegacyLabelTests {
    @Test func v1LabelsInGrams() {
        #expect(LabelScreen().label(grams: 1250) == "LABEL 1250 g")
    }
}
// example:end

// example:begin
final class ShippingCompositionTests: XCTestCase {
    func testEveryGenerationValidates() {
        XCTAssertEverySelectionValidates(modules: ShippingComposition.modules)  // one failure per selection shown
    }

    func testV1LabelsInGrams() throws {
        let v1 = try Injector(modules: ShippingComposition.modules, versions: VersionSelection(default: "v1"))
        try withInjector(from: v1) { binder in
            binder.bind(LabelPrinter.self, to: PreviewPrinter.init)
        } run: { _ in
            XCTAssertEqual(LabelScreen().label(grams: 1250), "LABEL 1250 g")
        }
    }
}
// example:end
