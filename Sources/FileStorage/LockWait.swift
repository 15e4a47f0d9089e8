/// How long a ``JSONFile`` waits for another process's lock, and whom it tells while it waits.
public struct LockWait: Sendable {
    /// After this long, `notice` is called once with what is being waited for.
    public var noticeAfter: Duration
    /// After this long, the wait ends with ``LocalFileError/busy(path:lockPath:seconds:)``.
    public var limit: Duration
    /// Told, once, that the wait is taking long: a line a person can read.
    public var notice: @Sendable (String) -> Void

    /// A wait that gives notice after `noticeAfter` and gives up after `limit`.
    public init(
        noticeAfter: Duration = .seconds(2), limit: Duration = .seconds(30),
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.noticeAfter = noticeAfter
        self.limit = limit
        self.notice = notice
    }
}
