import Container

// A module written for Graft 0.1.0, when Module was not Sendable: it keeps a reference to a
// class that is not. It must fail to compile now, saying why, rather than build and race.

final class AnalyticsConfiguration {
    var endpoint = "https://example.invalid/collect"
}

struct AnalyticsModule: Module {
    let configuration: AnalyticsConfiguration

    func configure(_ binder: Binder) {
        binder.bind(String.self, toInstance: configuration.endpoint)
    }
}
