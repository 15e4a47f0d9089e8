import Container
import Swinject

// S14: an app of many feature modules, shaped like Metro's published start-up benchmark (500
// modules contributing 2,756 bindings and multibindings; the graph created and every list read):
//
// - 1,250 pairs of services (`Leaf<Tag>`, and `Node<Tag>` that needs it), spread over the 500
//   modules: 2,500 bindings;
// - 16 lists of 16 contributions (`Part<Tag>`), each contribution in another module: 256;
// - the start-up builds the graph and reads every list.

enum ManyModules {
    static let modules = 500
    static let pairs = 1_250
    static let lists = 16
    static let partsPerList = 16
    /// Bindings and contributions, as Metro's benchmark counts them.
    static let declarations = pairs * 2 + lists * partsPerList

    /// Calls `visitor` with every tag of S14: first the pairs, then the lists.
    static func forEachTag<V: ManyModulesVisitor>(_ visitor: inout V) {
        var numbered = Numbered(inner: visitor)
        forEachTypePair(count: (pairs + lists) * 2, &numbered)
        visitor = numbered.inner
    }

    /// The module that declares the `number`th declaration of a kind.
    static func module(of number: Int) -> Int { number % modules }

    private struct Numbered<Inner: ManyModulesVisitor>: TypePairVisitor {
        var inner: Inner
        var index = 0

        mutating func visit<Tag>(_ tag: Tag.Type) {
            if index < ManyModules.pairs {
                inner.visitPair(tag, module: ManyModules.module(of: index))
            } else {
                let list = index - ManyModules.pairs
                inner.visitList(
                    tag,
                    modules: (0..<ManyModules.partsPerList).map {
                        ManyModules.module(of: ManyModules.pairs + list * ManyModules.partsPerList + $0)
                    })
            }
            index += 1
        }
    }
}

/// Receives each tag of S14, with the module that declares it.
protocol ManyModulesVisitor {
    mutating func visitPair<Tag>(_ tag: Tag.Type, module: Int)
    /// A list whose `n`th contribution `modules[n]` declares.
    mutating func visitList<Tag>(_ tag: Tag.Type, modules: [Int])
}

extension GraftContender {
    /// One of S14's feature modules: what it declares, gathered before the start-up.
    struct FeatureModule: Module {
        var declarations: [@Sendable (Binder) -> Void] = []
        func configure(_ binder: Binder) { for declare in declarations { declare(binder) } }
    }

    /// Gathers S14's modules and the list reads of its start-up.
    struct ManyModulesApp: ManyModulesVisitor {
        var modules = Array(repeating: FeatureModule(), count: ManyModules.modules)
        var readLists: [@Sendable (Injector) throws -> Int] = []

        mutating func visitPair<Tag>(_ tag: Tag.Type, module: Int) {
            modules[module].declarations.append { binder in
                binder.bind(Leaf<Tag>.self, to: Leaf<Tag>.init)
                binder.bind(Node<Tag>.self, to: Node<Tag>.init)
            }
        }

        mutating func visitList<Tag>(_ tag: Tag.Type, modules: [Int]) {
            for (number, module) in modules.enumerated() {
                self.modules[module].declarations.append { binder in
                    binder.contribute(Part<Tag>.self, id: "part\(number)") { Part<Tag>(number) }
                }
            }
            readLists.append { injector in try injector.resolve([Part<Tag>].self).count }
        }
    }

    /// S14's start-up: gather the modules, build the injector (validating it unless `validating`
    /// is `.skipped`), read every list. Returns how many items the lists held.
    static func startManyModules(validating: Injector.Validation) throws -> Int {
        var app = ManyModulesApp()
        ManyModules.forEachTag(&app)
        let injector = try Injector(modules: app.modules, validating: validating)
        Launch.keep(injector)
        return try app.readLists.reduce(0) { $0 + (try $1(injector)) }
    }
}

extension SwinjectContender {
    /// Gathers S14's registrations by module (Swinject's assemblies, written as closures) and
    /// the list reads of its start-up. Swinject has no multibindings: each list is its named
    /// registrations and a factory, in the module of its first item, that gathers them.
    struct ManyModulesApp: ManyModulesVisitor {
        var modules = Array(repeating: [(Container) -> Void](), count: ManyModules.modules)
        var readLists: [(Container) -> Int] = []

        mutating func visitPair<Tag>(_ tag: Tag.Type, module: Int) {
            modules[module].append { container in
                container.register(Leaf<Tag>.self) { _ in Leaf<Tag>() }.inObjectScope(.transient)
                container.register(Node<Tag>.self) { resolver in Node<Tag>(leaf: resolver.resolve(Leaf<Tag>.self)!) }
                    .inObjectScope(.transient)
            }
        }

        mutating func visitList<Tag>(_ tag: Tag.Type, modules: [Int]) {
            for (number, module) in modules.enumerated() {
                self.modules[module].append { container in
                    container.register(Part<Tag>.self, name: "part\(number)") { _ in Part<Tag>(number) }
                        .inObjectScope(.transient)
                }
            }
            let count = modules.count
            self.modules[modules[0]].append { container in
                container.register([Part<Tag>].self) { resolver in
                    (0..<count).map { resolver.resolve(Part<Tag>.self, name: "part\($0)")! }
                }.inObjectScope(.transient)
            }
            readLists.append { container in container.resolve([Part<Tag>].self)!.count }
        }
    }

    /// S14's start-up in Swinject: gather the modules, register them, read every list.
    /// Returns how many items the lists held.
    static func startManyModules() -> Int {
        var app = ManyModulesApp()
        ManyModules.forEachTag(&app)
        let container = Container()
        Launch.keep(container)
        for module in app.modules { for register in module { register(container) } }
        return app.readLists.reduce(0) { $0 + $1(container) }
    }
}
