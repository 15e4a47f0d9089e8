import Protocols
import Synchronization
import Testing

final class Recorder: Sendable {
    private let seen = Mutex<[LoginStatus]>([])
    func record(_ status: LoginStatus) { seen.withLock { $0.append(status) } }
    var statuses: [LoginStatus] { seen.withLock { $0 } }
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
