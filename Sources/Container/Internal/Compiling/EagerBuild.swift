/// The build of one eager singleton, run once its injector exists.
struct EagerBuild: Sendable {
    enum Work: Sendable {
        case synchronous(@Sendable () throws -> Void)
        case asynchronous(@Sendable () async throws -> Void)
        /// A synchronous build that must run on the main actor: where the injector is built
        /// on it, or by hopping to it.
        case mainActor(@Sendable () throws(ResolutionError) -> Void)
    }

    let key: ServiceKey
    let build: Work
}
