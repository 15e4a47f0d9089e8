import Container

// The named-collection example of the DocC articles "Multibindings and Decorators" and "Getting
// Started": the text between the markers is quoted there byte for byte
// (DocumentationExamplesTests checks it), and compiled and run here.

// example:begin
enum Compliance: BindingName { static let name = "compliance" }

struct TrackingModule: Module {
    func configure(_ binder: Binder) {
        binder.contribute(Tracker.self, id: "console") { ConsoleTracker() }
        // .named puts an item in the list of that name, apart from the unnamed list.
        binder.contribute(Tracker.self, id: "console") { ConsoleTracker() }.named(Compliance.self)
        binder.contribute(Tracker.self, id: "ledger", position: -1) { LedgerTracker() }
            .named(Compliance.self).version("v2")
        binder.bind(ComplianceTrail.self) { (trackers: Named<Compliance, [any Tracker]>) in
            ComplianceTrail(trackers: trackers.value)
        }
    }
}

func trackers() throws -> (compliance: [any Tracker], everyday: [any Tracker]) {
    let injector = try Injector(modules: [TrackingModule()])
    print(injector.explain([any Tracker].self, named: Compliance.name))
    // [any Tracker] named "compliance" is made from its items
    //   why: made from the 2 contributions chosen for the selection
    //   scope: transient, made on each request from its items, each of which keeps its own scope
    //   items:
    //     ledger: v2 (ContainerTests/NamedCollectionsExample.swift:15), no selection given, so the latest bound version, v2
    //     console: unversioned (ContainerTests/NamedCollectionsExample.swift:14), bound without a version, so it serves every selection
    let compliance = try injector.resolve(ComplianceTrail.self).trackers  // ledger, console
    let everyday = try injector.resolve([any Tracker].self)  // console
    return (compliance, everyday)
}
// example:end

protocol Tracker: Sendable { var name: String { get } }
final class ConsoleTracker: Tracker { let name = "console" }
final class LedgerTracker: Tracker { let name = "ledger" }
final class ComplianceTrail: Sendable {
    let trackers: [any Tracker]
    init(trackers: [any Tracker]) { self.trackers = trackers }
}
