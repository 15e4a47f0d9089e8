/// How a login chain went: the steps it finished and, if it stopped early, where and why.
public struct LoginResult: Sendable, Equatable {
    /// The steps of the chain, in order.
    public enum Step: String, Sendable, Equatable {
        case loggedIn
        case gesturePasswordReset
        case gesturePasswordCreated
        case gesturePasswordKept
        case cardBound
        case payPasswordSet
    }

    /// Why the chain stopped before its end.
    public enum Stop: Sendable, Equatable {
        /// The branch's input was declined (or not given).
        case declined(BusinessOperation)
        /// The branch's request failed.
        case failed(BusinessOperation, ServiceError)

        /// The operation that now waits for the next login.
        public var operation: BusinessOperation {
            switch self {
            case .declined(let operation), .failed(let operation, _): operation
            }
        }
    }

    public let customer: Customer
    public let steps: [Step]
    /// `nil` when the chain ran to its end.
    public let stop: Stop?

    public init(customer: Customer, steps: [Step], stop: Stop?) {
        self.customer = customer
        self.steps = steps
        self.stop = stop
    }
}
