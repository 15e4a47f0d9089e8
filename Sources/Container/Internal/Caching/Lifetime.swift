/// How long a ``Cell`` keeps what it built: what a binding's scope means once compiled.
@usableFromInline
enum Lifetime: Sendable {
    /// For good: a singleton's instance, or a decorated instance binding's.
    case strong
    /// While somebody else holds it.
    case weak
    /// Until its resettable scope is reset, which advances the generation.
    case scope(ScopeGeneration)
}
