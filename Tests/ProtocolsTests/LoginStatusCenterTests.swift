import Foundation
import Protocols
import Synchronization
import Testing

final class Recorder: Sendable {
    private let seen = Mutex<[LoginStatus]>([])
    func record(_ status: LoginStatus) { seen.withLock { $0.append(status) } }
    var statuses: [LoginStatus] { seen.withLock { $0 } }
}

/// Keeps the subscriptions a handler makes alive until the test ends.
final class Subscriptions: Sendable {
    private let held = Mutex<[LoginStatusSubscription]>([])
    func keep(_ subscription: LoginStatusSubscription) { held.withLock { $0.append(subscription) } }
}

final class ScreenObserver: LoginStatusObserver {
    let recorder = Recorder()
    func handleUserLogin() { recorder.record(.loggedIn) }
    func handleUserLoginExpired() { recorder.record(.expired) }
    // handleUserLogout and handleUserNotLogin keep their no-op defaults.
}

@Suite("Login-state notifications")
struct LoginStatusCenterTests {
    @Test("A handler sees every status posted, in order, until cancelled")
    func handler() {
        let center = LoginStatusCenter()
        let recorder = Recorder()
        let subscription = center.subscribe(recorder.record)
        center.post(.loggedIn)
        center.post(.expired)
        subscription.cancel()
        center.post(.loggedOut)
        #expect(recorder.statuses == [.loggedIn, .expired])
        #expect(center.current == .loggedOut)
    }

    @Test("Releasing the subscription ends it")
    func releaseEnds() {
        let center = LoginStatusCenter()
        let recorder = Recorder()
        var subscription: LoginStatusSubscription? = center.subscribe(recorder.record)
        center.post(.loggedIn)
        subscription = nil
        center.post(.loggedOut)
        #expect(recorder.statuses == [.loggedIn])
        _ = subscription
    }

    @Test("An observer gets the matching handler, and the defaults do nothing")
    func observer() {
        let center = LoginStatusCenter()
        let screen = ScreenObserver()
        let subscription = center.observe(screen)
        for status in LoginStatus.allCases { center.post(status) }
        #expect(screen.recorder.statuses == [.loggedIn, .expired])
        subscription.cancel()
    }

    @Test("The center holds an observer weakly")
    func weakObserver() {
        let center = LoginStatusCenter()
        weak var released: ScreenObserver?
        var subscription: LoginStatusSubscription?
        do {
            let screen = ScreenObserver()
            released = screen
            subscription = center.observe(screen)
        }
        #expect(released == nil)
        center.post(.loggedIn)
        _ = subscription
    }

    @Test("A handler may post again without deadlocking")
    func reentrant() {
        let center = LoginStatusCenter()
        let recorder = Recorder()
        let subscription = center.subscribe { status in
            recorder.record(status)
            if status == .expired { center.post(.notLoggedIn) }
        }
        center.post(.expired)
        #expect(recorder.statuses == [.expired, .notLoggedIn])
        subscription.cancel()
    }

    @Test("A status posted from a handler reaches every subscriber after the one being delivered")
    func reentrantOrder() {
        let center = LoginStatusCenter()
        let posting = center.subscribe { status in if status == .loggedIn { center.post(.expired) } }
        let recorder = Recorder()
        let recording = center.subscribe(recorder.record)
        center.post(.loggedIn)
        #expect(recorder.statuses == [.loggedIn, .expired])
        #expect(center.current == .expired)
        posting.cancel()
        recording.cancel()
    }

    @Test("A handler may subscribe; the new subscriber gets what is posted after it subscribed")
    func subscribeFromHandler() {
        let center = LoginStatusCenter()
        let late = Recorder()
        let subscriptions = Subscriptions()
        let subscribing = center.subscribe { status in
            guard status == .loggedIn else { return }
            subscriptions.keep(center.subscribe(late.record))
            center.post(.expired)
        }
        center.post(.loggedIn)
        center.post(.loggedOut)
        #expect(late.statuses == [.expired, .loggedOut])
        subscribing.cancel()
    }

    @Test(
        "A post racing one whose handler is running waits for it, and returns once its own status is delivered, after the first"
    )
    func racingPosts() {
        let center = LoginStatusCenter()
        let recorder = Recorder()
        let handling = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let returned = (first: DispatchSemaphore(value: 0), second: DispatchSemaphore(value: 0))
        let seenBySecond = Mutex<[LoginStatus]?>(nil)
        let subscription = center.subscribe { status in
            if status == .loggedIn {
                handling.signal()
                _ = release.wait(timeout: .now() + 10)
            }
            recorder.record(status)
        }
        Thread {
            center.post(.loggedIn)
            returned.first.signal()
        }.start()
        #expect(handling.wait(timeout: .now() + 10) == .success)
        Thread {
            center.post(.loggedOut)
            seenBySecond.withLock { $0 = recorder.statuses }
            returned.second.signal()
        }.start()
        // The second post waits while the first one's handler runs.
        #expect(returned.second.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(center.current == .loggedOut)
        release.signal()
        #expect(returned.first.wait(timeout: .now() + 10) == .success)
        #expect(returned.second.wait(timeout: .now() + 10) == .success)
        #expect(
            seenBySecond.withLock { $0 } == [.loggedIn, .loggedOut],
            "the second post returned before its status was delivered")
        #expect(recorder.statuses == [.loggedIn, .loggedOut])
        subscription.cancel()
    }

    @Test("Many threads posting at once: every subscriber sees the same statuses, the last one current")
    func concurrentPosts() async {
        let center = LoginStatusCenter()
        let first = Recorder()
        let second = Recorder()
        let subscriptions = [center.subscribe(first.record), center.subscribe(second.record)]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<400 {
                group.addTask { center.post(LoginStatus.allCases[index % LoginStatus.allCases.count]) }
            }
        }
        #expect(first.statuses.count == 400)
        #expect(first.statuses == second.statuses)
        #expect(first.statuses.last == center.current)
        for subscription in subscriptions { subscription.cancel() }
    }

    @Test("An AsyncStream yields what is posted after it is made")
    func stream() async {
        let center = LoginStatusCenter(initial: .loggedIn)
        let statuses = center.statuses()
        center.post(.expired)
        center.post(.notLoggedIn)
        var received: [LoginStatus] = []
        for await status in statuses {
            received.append(status)
            if received.count == 2 { break }
        }
        #expect(received == [.expired, .notLoggedIn])
    }
}
