/// How a login chain went: the steps it finished and, if it stopped early, where and why.
public struct LoginResult: Sendable, Equatable {
    /// A step of the chain that was done. Open, like the chain: a generation whose login
    /// link adds a step declares it beside the link.
    public struct Step: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The step's name, as `--json` prints it: `gesturePasswordCreated`.
        public let rawValue: String

        /// The step named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The password was accepted and the session saved.
        public static let loggedIn = Step(rawValue: "loggedIn")
        /// The forgotten gesture password was replaced.
        public static let gesturePasswordReset = Step(rawValue: "gesturePasswordReset")
        /// A gesture password was created.
        public static let gesturePasswordCreated = Step(rawValue: "gesturePasswordCreated")
        /// The server's gesture password is kept on this device.
        public static let gesturePasswordKept = Step(rawValue: "gesturePasswordKept")

        /// The step's name.
        public var description: String { rawValue }
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

    /// The customer as the server has it after the chain.
    public let customer: Customer
    /// The generation the login's session speaks: `v1`, `v2`. The session file may hold
    /// another by the time the caller reports, if another login saved one meanwhile.
    public let generation: String
    /// The steps done, in order.
    public let steps: [Step]
    /// `nil` when the chain ran to its end.
    public let stop: Stop?

    /// A result of the chain run after a login whose session speaks `generation`.
    public init(customer: Customer, generation: String, steps: [Step], stop: Stop?) {
        self.customer = customer
        self.generation = generation
        self.steps = steps
        self.stop = stop
    }
}
