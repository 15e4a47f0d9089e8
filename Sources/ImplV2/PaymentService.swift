import Protocols
import WireFormat

/// What the logged-in customer has set up for paying: a bound card and a payment PIN.
///
/// Only V2 has payment (V1 knows no card or PIN), so only V2's module binds this service: under
/// V1 the container does not serve it, and code that can do without it injects
/// `(any PaymentService)?`.
public protocol PaymentService: Sendable {
    /// The customer's payment methods, as the server has them.
    func methods() async throws(ServiceError) -> PaymentMethods
}
