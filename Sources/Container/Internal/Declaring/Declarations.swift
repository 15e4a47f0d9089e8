/// Everything one binder declared, in declaration order.
struct Declarations {
    let bindings: [Binding]
    let decorators: [Decorator]
    let collections: [CollectionDeclaration]
    let withdrawals: [Withdrawal]
}
