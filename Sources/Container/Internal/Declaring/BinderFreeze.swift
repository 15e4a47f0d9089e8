/// Whether a binder's injector is built, shared with the builders it handed out so a late
/// refinement is caught too.
final class BinderFreeze {
    var isFrozen = false

    func check(_ call: @autoclosure () -> String) {
        precondition(
            !isFrozen,
            """
            \(call()) came after its injector was built; the injector's bindings are frozen.
            fix: declare bindings inside Module.configure(_:) or the closure given to child(_:), \
            not in code that runs later
            """)
    }
}
