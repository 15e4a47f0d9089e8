/// Something ``Injector/reset(_:)`` can empty.
@usableFromInline
protocol ResettableCell: Sendable {
    func clear()
}
