import Foundation

/// Runs blocking work — waiting for a process, reading a pipe — on a thread of its own, so a
/// test that waits never holds one of the few threads Swift concurrency shares among all tests,
/// nor one of Dispatch's global threads (on Linux there are about as many as cores, so a few
/// waiting tests would stall every other test's timing).
public enum Blocking {
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
