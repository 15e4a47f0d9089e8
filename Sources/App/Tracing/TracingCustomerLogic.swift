import Protocols
import TextRules

/// Traces every call to the ``CustomerLogic`` it wraps, hiding passwords, codes and gestures.
struct TracingCustomerLogic: CustomerLogic {
    let inner: any CustomerLogic
    let tracer: Tracer

    func requestSMSCode(mobile: String) async throws(ServiceError) {
        try await tracer.call("CustomerLogic.requestSMSCode(mobile: \(DisplayText.quoted(mobile)))") {
            () throws(ServiceError) in
            try await inner.requestSMSCode(mobile: mobile)
        }
    }

    func register(mobile: String, password: String, smsCode: String) async throws(ServiceError) -> Customer {
        try await tracer.call(
            "CustomerLogic.register(mobile: \(DisplayText.quoted(mobile)), password: \(Tracer.hidden), smsCode: \(Tracer.hidden))"
        ) {
            () throws(ServiceError) in try await inner.register(mobile: mobile, password: password, smsCode: smsCode)
        }
    }

    func login(mobile: String, password: String, branches: LoginBranches) async throws(ServiceError) -> LoginResult {
        try await tracer.call("CustomerLogic.login(mobile: \(DisplayText.quoted(mobile)), password: \(Tracer.hidden))")
        {
            () throws(ServiceError) in try await inner.login(mobile: mobile, password: password, branches: branches)
        }
    }

    func logout() async throws(ServiceError) {
        try await tracer.call("CustomerLogic.logout()") { () throws(ServiceError) in try await inner.logout() }
    }

    func verifyGesture(_ gesture: String) async throws(ServiceError) {
        try await tracer.call("CustomerLogic.verifyGesture(\(Tracer.hidden))") { () throws(ServiceError) in
            try await inner.verifyGesture(gesture)
        }
    }

    func updateGesture(from old: String, to new: String) async throws(ServiceError) {
        try await tracer.call("CustomerLogic.updateGesture(from: \(Tracer.hidden), to: \(Tracer.hidden))") {
            () throws(ServiceError) in
            try await inner.updateGesture(from: old, to: new)
        }
    }

    func forgetGesture() async throws(ServiceError) {
        try await tracer.call("CustomerLogic.forgetGesture()") { () throws(ServiceError) in
            try await inner.forgetGesture()
        }
    }
}
