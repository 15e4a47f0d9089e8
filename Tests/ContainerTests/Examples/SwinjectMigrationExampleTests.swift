import Container
import Testing

/// Keeps the "Migrating from Swinject" example true: the DocC article quotes the compiled file,
/// and it behaves as its comments say.
@Suite("Swinject migration example")
struct SwinjectMigrationExampleTests {
    @Test("Opening a city makes a forecast for it on the one shared network")
    func openingACity() throws {
        let forecast = try openOslo()
        #expect(forecast.city == "Oslo")
        let injector = try Injector(modules: [WeatherModule()])
        let screen = try injector.resolve(ForecastScreen.self)
        let (paris, rome) = (try screen.open("Paris"), try screen.open("Rome"))
        #expect(paris.city == "Paris" && rome.city == "Rome")
        #expect(paris.network === rome.network)
        #expect(paris.network === (try injector.resolve(WeatherNetwork.self)))
    }

    @Test("The named binding serves its name, and only its name")
    func namedUnits() throws {
        let injector = try Injector(modules: [WeatherModule()])
        #expect(try injector.resolve(Units.self, named: "metric").symbol == "°C")
        #expect(throws: ResolutionError.self) { try injector.resolve(Units.self) }
    }

    @Test("The heater's thermostat is the thermostat that holds it")
    func cycleThroughLazy() throws {
        let injector = try Injector(modules: [WeatherModule()])
        let thermostat = try injector.resolve(Thermostat.self)
        #expect(try thermostat.heater.owner() === thermostat)
    }

    @Test("Without the Lazy, the cycle is a validation error before anything is built")
    func cycleWithoutLazy() throws {
        let error = try #require(throws: ValidationError.self) {
            try Injector(modules: [WeatherModule()]).child { binder in
                binder.bind(Heater.self) { (thermostat: Thermostat) in Heater(thermostat: Lazy(Provider { thermostat }))
                }
            }
        }
        #expect(error.description.contains("cycle"))
    }
}
