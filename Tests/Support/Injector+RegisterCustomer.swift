import Backend
import Container
import Protocols

extension Injector {
    /// Registers a customer as a person does, through this graph's `CustomerLogic`: asks for an
    /// SMS code, reads it from the embedded backend's inbox, and registers with it.
    ///
    /// - Throws: What the logic throws, or ``MissingSMSCode`` when the inbox holds no code.
    public func registerCustomer(_ mobile: String = "13800000001", password: String = "correct horse") async throws {
        let logic = try await resolveAsync((any CustomerLogic).self)
        try await logic.requestSMSCode(mobile: mobile)
        guard let code = try await resolveAsync(EmbeddedServer.self).latestSMSCode(for: mobile) else {
            throw MissingSMSCode(mobile: mobile)
        }
        _ = try await logic.register(mobile: mobile, password: password, smsCode: code)
    }
}
