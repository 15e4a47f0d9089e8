import Container
import Testing

private struct OrderID: Hashable, Sendable { let value: String }

private final class OrderDetail: Sendable {
    let id: OrderID
    let api: APIClient
    let serial: Int
    init(id: OrderID, api: APIClient, serial: Int) {
        self.id = id
        self.api = api
        self.serial = serial
    }
}

private final class OrdersScreen: Sendable {
    let makeDetail: Factory<OrderID, OrderDetail>
    init(makeDetail: Factory<OrderID, OrderDetail>) { self.makeDetail = makeDetail }
}

private final class Checkout: Sendable {
    let detail: OrderDetail
    init(detail: OrderDetail) { self.detail = detail }
}

private final class WrongScreen: Sendable {
    let makeDetail: Factory<Int, OrderDetail>
    init(makeDetail: Factory<Int, OrderDetail>) { self.makeDetail = makeDetail }
}

private enum Archive: BindingName { static let name = "archive" }

/// Made from six run-time arguments (four and five under names) and one dependency.
private final class Label: Sendable {
    let text: String
    let api: APIClient
    let serial: Int
    init(text: String, api: APIClient, serial: Int) {
        self.text = text
        self.api = api
        self.serial = serial
    }
}

private enum Four: BindingName { static let name = "four" }
private enum Five: BindingName { static let name = "five" }

private final class LabelPrinter: Sendable {
    let makeFour: Named<Four, Factory<String, Int, Bool, Double, Label>>
    let makeFive: Named<Five, Factory<String, Int, Bool, Double, Character, Label>>
    let makeSix: Factory<String, Int, Bool, Double, Character, UInt8, Label>
    init(
        makeFour: Named<Four, Factory<String, Int, Bool, Double, Label>>,
        makeFive: Named<Five, Factory<String, Int, Bool, Double, Character, Label>>,
        makeSix: Factory<String, Int, Bool, Double, Character, UInt8, Label>
    ) {
        self.makeFour = makeFour
        self.makeFive = makeFive
        self.makeSix = makeSix
    }
}

private final class WrongPrinter: Sendable {
    init(makeSix: Factory<String, Int, Bool, Double, Character, Int, Label>) {}
}

@Suite("Run-time arguments")
struct RunTimeArgumentTests {
    private func shop(_ scope: Scope, counter: Counter) -> @Sendable (Binder) -> Void {
        { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
                OrderDetail(id: id, api: api, serial: counter.next())
            }.scope(scope)
            binder.bind(OrdersScreen.self, to: OrdersScreen.init)
        }
    }

    @Test(
        "An injected factory builds with the argument and the autowired dependencies; scopes keep one instance per argument value",
        arguments: [Scope.transient, .singleton, .weak, .session, .resettable("order")])
    func injectedFactory(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector(shop(scope, counter: counter))
        let screen = try injector.resolve(OrdersScreen.self)
        let first = try screen.makeDetail(OrderID(value: "A"))
        let again = try screen.makeDetail.make(OrderID(value: "A"))
        let other = try injector.resolve(OrderDetail.self, arguments: OrderID(value: "B"))
        #expect(first.id == OrderID(value: "A"))
        #expect(other.id == OrderID(value: "B"))
        #expect(first.api.transport.name == "fake")
        #expect((first === again) == (scope != .transient))
        #expect(first !== other)
        #expect(counter.value == (scope == .transient ? 3 : 2))
    }

    private func labels(_ scope: Scope, counter: Counter, version: String? = nil) -> @Sendable (Binder) -> Void {
        { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            let prefix = version.map { "\($0):" } ?? ""
            let four = binder.bind(Label.self, arguments: String.self, Int.self, Bool.self, Double.self) {
                (a: String, b: Int, c: Bool, d: Double, api: APIClient) in
                Label(text: "\(prefix)\(a)\(b)\(c)\(d)", api: api, serial: counter.next())
            }.named(Four.self).scope(scope)
            let five = binder.bind(Label.self, arguments: String.self, Int.self, Bool.self, Double.self, Character.self)
            {
                (a: String, b: Int, c: Bool, d: Double, e: Character) in
                Label(
                    text: "\(prefix)\(a)\(b)\(c)\(d)\(e)", api: APIClient(transport: FakeTransport()),
                    serial: counter.next())
            }.named(Five.self).scope(scope)
            let six = binder.bind(
                Label.self, arguments: String.self, Int.self, Bool.self, Double.self, Character.self, UInt8.self
            ) {
                (a: String, b: Int, c: Bool, d: Double, e: Character, f: UInt8, api: APIClient) in
                Label(text: "\(prefix)\(a)\(b)\(c)\(d)\(e)\(f)", api: api, serial: counter.next())
            }.scope(scope)
            if let version {
                four.version(version)
                five.version(version)
                six.version(version)
            }
            binder.bind(LabelPrinter.self, to: LabelPrinter.init)
        }
    }

    @Test(
        "Four, five and six arguments: injected as typed factories and resolved; scopes keep one instance per distinct set of values",
        arguments: [Scope.transient, .singleton, .weak, .session])
    func higherArities(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector(labels(scope, counter: counter))
        let printer = try injector.resolve(LabelPrinter.self)
        let six = try printer.makeSix("a", 1, true, 2.5, "e", 6)
        #expect(six.text == "a1true2.5e6")
        #expect(six.api.transport.name == "fake")
        let four = try printer.makeFour.value("a", 1, true, 2.5)
        let five = try printer.makeFive.value("a", 1, true, 2.5, "e")
        let again = try injector.resolve(Label.self, arguments: "a", 1, true, 2.5, Character("e"), UInt8(6))
        let other = try injector.resolve(Label.self, arguments: "a", 1, true, 2.5, Character("e"), UInt8(7))
        let fourAgain = try injector.resolve(Label.self, named: Four.name, arguments: "a", 1, true, 2.5)
        let fiveAgain = try injector.resolve(Label.self, named: Five.name, arguments: "a", 1, true, 2.5, Character("e"))
        #expect((six === again) == (scope != .transient))
        #expect(six !== other)
        #expect(other.text == "a1true2.5e7")
        #expect(four.text == "a1true2.5" && five.text == "a1true2.5e")
        #expect((four === fourAgain) == (scope != .transient) && (five === fiveAgain) == (scope != .transient))
        #expect(counter.value == (scope == .transient ? 7 : 4))
    }

    @Test(
        "Six arguments: the selected version builds; a child's override reaches what the factory builds; a reset drops what it kept"
    )
    func higherArityVersionsChildrenReset() throws {
        let counter = Counter()
        let injector = try Injector(
            modules: [
                TestModule(labels(.session, counter: counter, version: "v1")),
                TestModule { binder in
                    binder.bind(
                        Label.self, arguments: String.self, Int.self, Bool.self,
                        Double.self, Character.self, UInt8.self
                    ) {
                        (a: String, _: Int, _: Bool, _: Double, _: Character, _: UInt8) in
                        Label(text: "v2:\(a)", api: APIClient(transport: FakeTransport()), serial: 0)
                    }.version("v2")
                },
            ],
            versions: VersionSelection(default: "v1"))
        let first = try injector.resolve(Label.self, arguments: "a", 1, true, 2.5, Character("e"), UInt8(6))
        #expect(first.text == "v1:a1true2.5e6")
        let child = try injector.child { binder in binder.bind(Transport.self, to: LiveTransport.init) }
        let inChild = try child.resolve(LabelPrinter.self).makeSix("a", 1, true, 2.5, "e", 6)
        #expect(inChild.api.transport.name == "live")
        #expect(try injector.resolve(Label.self, arguments: "a", 1, true, 2.5, Character("e"), UInt8(6)) === first)
        injector.reset(.session)
        #expect(try injector.resolve(Label.self, arguments: "a", 1, true, 2.5, Character("e"), UInt8(6)) !== first)
        let latest = try Injector(modules: [
            TestModule(labels(.transient, counter: counter, version: "v1")),
            TestModule { binder in
                binder.bind(
                    Label.self, arguments: String.self, Int.self, Bool.self,
                    Double.self, Character.self, UInt8.self
                ) {
                    (a: String, _: Int, _: Bool, _: Double, _: Character, _: UInt8) in
                    Label(text: "v2:\(a)", api: APIClient(transport: FakeTransport()), serial: 0)
                }.version("v2")
            },
        ])
        #expect(try latest.resolve(Label.self, arguments: "a", 1, true, 2.5, Character("e"), UInt8(6)).text == "v2:a")
    }

    @Test("Six arguments: a strict child refuses a live-only dependency when the factory is called")
    func higherArityStrictChild() throws {
        let parent = try makeInjector { binder in
            self.labels(.singleton, counter: Counter())(binder)
            binder.bind(Transport.self, to: LiveTransport.init).liveOnly().overriding()
        }
        let strict = try parent.child(strict: true) { _ in }
        let printer = try strict.resolve(LabelPrinter.self)
        let error = try #require(throws: ResolutionError.self) { try printer.makeSix("a", 1, true, 2.5, "e", 6) }
        guard case .liveOnly = error.reason else {
            Issue.record("expected a live-only refusal, got \(error)")
            return
        }
        #expect(error.key == .of(Transport.self))
        let faked = try parent.child(strict: true) { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try faked.resolve(LabelPrinter.self).makeSix("a", 1, true, 2.5, "e", 6).api.transport.name == "fake")
    }

    @Test("Six arguments are validated like one: a factory with other types, and a resolve with other values")
    func higherArityValidation() throws {
        let found = try problems { binder in
            self.labels(.transient, counter: Counter())(binder)
            binder.bind(WrongPrinter.self, to: WrongPrinter.init)
        }
        #expect(
            found.map(\.message) == [
                "WrongPrinter injects Factory<String, Int, Bool, Double, Character, Int, Label>, but Label takes run-time arguments (String, Int, Bool, Double, Character, UInt8)"
            ])
        #expect(
            found.first?.fix
                == "inject Factory<String, Int, Bool, Double, Character, UInt8, Label>, or bind Label with arguments (String, Int, Bool, Double, Character, Int)"
        )
        let injector = try makeInjector(labels(.transient, counter: Counter()))
        let error = try #require(throws: ResolutionError.self) {
            try injector.resolve(Label.self, arguments: "a", 1, true, 2.5, Character("e"), 6)
        }
        #expect(
            error.description.hasPrefix(
                "error: Label takes run-time arguments (String, Int, Bool, Double, Character, UInt8), but was asked for with (String, Int, Bool, Double, Character, Int)"
            ))
    }

    @Test(
        "A child that binds a type with other run-time arguments, or with none, hides its parent's binding in every form"
    )
    func childChangesForm() throws {
        let parent = try makeInjector { binder in
            binder.bind(Int.self, arguments: String.self) { (text: String) in text.count }
            binder.bind(Double.self) { 1.5 }
            binder.bind(Float.self, arguments: Int.self) { (n: Int) in Float(n) }
        }
        let child = try parent.child { binder in
            binder.bind(Int.self) { 42 }
            binder.bind(Double.self, arguments: Int.self, Int.self) { (a: Int, b: Int) in Double(a * b) }
            binder.bind(Float.self, arguments: Int.self, Int.self) { (a: Int, b: Int) in Float(a + b) }
        }
        #expect(try child.resolve(Int.self) == 42)
        #expect(try child.resolve(Double.self, arguments: 2, 3) == 6)
        #expect(try child.resolve(Float.self, arguments: 2, 3) == 5)
        let stale = try #require(throws: ResolutionError.self) { try child.resolve(Int.self, arguments: "abc") }
        #expect(
            stale.description.hasPrefix(
                "error: Int takes no run-time arguments, but was asked for with (String) [G209]\n"))
        let plain = try #require(throws: ResolutionError.self) { try child.resolve(Double.self) }
        #expect(
            plain.description.hasPrefix(
                "error: Double takes run-time arguments (Int, Int), but was asked for without arguments [G209]\n"))
        #expect(throws: ResolutionError.self) { try child.resolve(Provider<Double>.self) }
        let fewer = try #require(throws: ResolutionError.self) { try child.resolve(Float.self, arguments: 2) }
        #expect(
            fewer.description.hasPrefix(
                "error: Float takes run-time arguments (Int, Int), but was asked for with (Int) [G209]\n"))
        #expect(try parent.resolve(Int.self, arguments: "abc") == 3)
        #expect(try parent.resolve(Double.self) == 1.5)
        #expect(try parent.resolve(Float.self, arguments: 2) == 2)
    }

    @Test("A reset drops every instance a resettable argument binding kept")
    func reset() throws {
        let counter = Counter()
        let injector = try makeInjector(shop(.session, counter: counter))
        let before = try injector.resolve(OrderDetail.self, arguments: OrderID(value: "A"))
        injector.reset(.session)
        let after = try injector.resolve(OrderDetail.self, arguments: OrderID(value: "A"))
        #expect(before !== after)
        #expect(counter.value == 2)
    }

    @Test("Two and three arguments, and a named argument binding, injected and resolved")
    func arities() throws {
        let injector = try makeInjector { binder in
            binder.bind(String.self, arguments: Int.self, Bool.self) { (count: Int, loud: Bool) in
                String(repeating: loud ? "A" : "a", count: count)
            }
            binder.bind(Double.self, arguments: Int.self, Int.self, Int.self) { (a: Int, b: Int, c: Int) in
                Double(a + b + c)
            }
            binder.bind(Int.self, arguments: String.self) { (text: String) in text.count }.named(Archive.self)
        }
        #expect(try injector.resolve(String.self, arguments: 3, true) == "AAA")
        #expect(try injector.resolve(Factory<Int, Bool, String>.self)(2, false) == "aa")
        #expect(try injector.resolve(Double.self, arguments: 1, 2, 3) == 6)
        #expect(try injector.resolve(Int.self, named: Archive.name, arguments: "four") == 4)
        #expect(try injector.resolve(Named<Archive, Factory<String, Int>>.self).value("abc") == 3)
    }

    @Test(
        "One argument and four dependencies, and two arguments and four: the pack forms pass each dependency in its place"
    )
    func argumentsWithManyDependencies() throws {
        let injector = try makeInjector { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Clock.self) { FixedClock(now: 7) }
            binder.bind(Bool.self) { true }
            binder.bind(String.self, arguments: Int.self) {
                (n: Int, transport: any Transport, api: APIClient, clock: any Clock, flag: Bool) in
                "\(n) \(transport.name) \(api.transport.name) \(clock.now) \(flag)"
            }
            binder.bind(Double.self, arguments: Int.self, Int.self) {
                (a: Int, b: Int, transport: any Transport, api: APIClient, clock: any Clock, flag: Bool) in
                Double(a * 10 + b + clock.now) + (flag && transport.name == api.transport.name ? 0.5 : 0)
            }
        }
        #expect(try injector.resolve(String.self, arguments: 1) == "1 fake fake 7 true")
        #expect(try injector.resolve(Double.self, arguments: 2, 3) == 30.5)
    }

    @Test("Resolving with the wrong argument types, or without arguments, names what was expected and given")
    func wrongArguments() throws {
        let injector = try makeInjector(shop(.transient, counter: Counter()))
        let wrong = try #require(throws: ResolutionError.self) { try injector.resolve(OrderDetail.self, arguments: 42) }
        let site = try #require(injector.graph.nodes.first { $0.key == .of(OrderDetail.self) }?.site)
        #expect(
            wrong.description == """
                error: OrderDetail takes run-time arguments (OrderID), but was asked for with (Int) [G209]
                  binding OrderDetail (\(site))
                  fix: resolve(OrderDetail.self, arguments: …) with (OrderID), or inject Factory<OrderID, OrderDetail>
                """)
        let none = try #require(throws: ResolutionError.self) { try injector.resolve(OrderDetail.self) }
        guard case .arguments(let expected, let given) = none.reason else {
            Issue.record("expected an arguments error, got \(none)")
            return
        }
        #expect(expected == ["OrderID"])
        #expect(given == [])
        #expect(throws: ResolutionError.self) { try injector.resolve(Provider<OrderDetail>.self) }
    }

    @Test(
        "Validation: an injected factory with other argument types, a plain edge to an argument binding, and an eager one"
    )
    func validation() throws {
        let found = try problems { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
                OrderDetail(id: id, api: api, serial: 0)
            }
            binder.bind(WrongScreen.self, to: WrongScreen.init)
            binder.bind(Checkout.self, to: Checkout.init)
            binder.bind(Int.self, arguments: String.self) { (text: String) in text.count }.scope(.eagerSingleton)
            binder.bind(Bool.self) { (_: Factory<String, Double>) in true }
        }
        #expect(found.map(\.kind) == [.missingBinding, .runTimeArguments, .runTimeArguments, .runTimeArguments])
        #expect(
            found.map(\.message) == [
                "no binding for Double",
                "WrongScreen injects Factory<Int, OrderDetail>, but OrderDetail takes run-time arguments (OrderID)",
                "Checkout needs OrderDetail, but OrderDetail takes run-time arguments (OrderID)",
                "eager singleton Int takes run-time arguments, so it cannot be built before they are known",
            ])
        #expect(found[1].fix == "inject Factory<OrderID, OrderDetail>, or bind OrderDetail with arguments (Int)")
        #expect(found[2].fix == "inject Factory<OrderID, OrderDetail> and call it with the arguments")
    }

    @Test("A factory injected for a binding without arguments is reported")
    func factoryOfPlainBinding() throws {
        let found = try problems { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(Bool.self) { (_: Factory<Int, any Clock>) in true }
        }
        #expect(found.map(\.message) == ["Bool injects Factory<Int, Clock>, but Clock takes no run-time arguments"])
    }

    @Test("A dependency of an argument binding is validated like any other: missing, captive")
    func dependenciesValidated() throws {
        let found = try problems { binder in
            binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
                OrderDetail(id: id, api: api, serial: 0)
            }.scope(.singleton)
            binder.bind(APIClient.self, to: APIClient.init).scope(.session)
        }
        #expect(found.map(\.kind) == [.missingBinding, .captiveDependency])
        #expect(
            found.last?.message
                == "captive dependency: singleton OrderDetail holds session-scoped APIClient, which would outlive its scope"
        )
    }

    @Test("A child's override of a dependency reaches what its factories build; the parent's stay as they were")
    func children() throws {
        let counter = Counter()
        let parent = try makeInjector(shop(.singleton, counter: counter))
        let child = try parent.child { binder in binder.bind(Transport.self, to: LiveTransport.init) }
        let inParent = try parent.resolve(OrderDetail.self, arguments: OrderID(value: "A"))
        let inChild = try child.resolve(OrdersScreen.self).makeDetail(OrderID(value: "A"))
        #expect(inParent.api.transport.name == "fake")
        #expect(inChild.api.transport.name == "live")
        #expect(inParent !== inChild)
        #expect(try parent.resolve(OrderDetail.self, arguments: OrderID(value: "A")) === inParent)
    }

    @Test("A strict child refuses a live-only dependency of an argument binding when the factory is called")
    func strictChild() throws {
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
                OrderDetail(id: id, api: api, serial: 0)
            }
            binder.bind(OrdersScreen.self, to: OrdersScreen.init)
        }
        let strict = try parent.child(strict: true) { _ in }
        let screen = try strict.resolve(OrdersScreen.self)
        let error = try #require(throws: ResolutionError.self) { try screen.makeDetail(OrderID(value: "A")) }
        guard case .liveOnly = error.reason else {
            Issue.record("expected a live-only refusal, got \(error)")
            return
        }
        #expect(error.key == .of(Transport.self))
    }

    @Test("A factory called from an initializer that leads back to itself is a cycle error, not endless recursion")
    func cycleThroughFactory() throws {
        final class Loop: Sendable {
            init(id: Int, again: Factory<Int, Loop>) throws { if id > 0 { _ = try again(id) } }
        }
        let injector = try makeInjector { binder in
            binder.bind(Loop.self, arguments: Int.self) { (id: Int, again: Factory<Int, Loop>) in
                try Loop(id: id, again: again)
            }
        }
        let error = try #require(throws: ResolutionError.self) { try injector.resolve(Loop.self, arguments: 1) }
        guard case .cycle(let keys) = error.reason else {
            Issue.record("expected a cycle, got \(error)")
            return
        }
        #expect(keys == [.of(Loop.self), .of(Loop.self)])
    }

    @Test("The graph and explain show a binding's arguments and a factory edge's")
    func introspection() throws {
        let injector = try makeInjector(shop(.singleton, counter: Counter()))
        let node = try #require(injector.graph.nodes.first { $0.key == .of(OrderDetail.self) })
        #expect(node.arguments == ["OrderID"])
        let text = injector.graph.rendered(as: .text)
        #expect(text.contains("OrderDetail [singleton, arguments (OrderID)] \(node.site)\n  -> APIClient"))
        #expect(text.contains("OrdersScreen [transient]") && text.contains("  -> OrderDetail (factory(OrderID))"))
        let explanation = injector.explain(OrderDetail.self).description
        #expect(
            explanation.contains(
                "  arguments: (OrderID), passed by Factory<OrderID, OrderDetail> or resolve(_:arguments:)"))
        #expect(injector.explain(OrdersScreen.self).description.contains("needs: factory OrderDetail with (OrderID)"))
        #expect(injector.graph.rendered(as: .json).contains(#""arguments":["OrderID"]"#))
    }
}
