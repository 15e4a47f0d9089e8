import Container

// The example of the DocC article "Migrating from Swinject": the text between the markers is
// quoted there byte for byte (DocumentationExamplesTests checks it), and compiled and run
// here. Each line's comment is the Swinject registration it replaces.

protocol WeatherNetwork: AnyObject, Sendable {}
final class URLSessionWeatherNetwork: WeatherNetwork { init() {} }

protocol Units: Sendable { var symbol: String { get } }
final class MetricUnits: Units {
    let symbol = "°C"
    init() {}
}

final class Forecast: Sendable {
    let city: String
    let network: any WeatherNetwork
    init(city: String, network: any WeatherNetwork) {
        self.city = city
        self.network = network
    }
}

// example:begin
/// Heater and Thermostat need each other: Swinject sets one side in `initCompleted`; here the
/// heater reads its thermostat when it first needs it.
final class Thermostat: Sendable {
    let heater: Heater
    init(heater: Heater) { self.heater = heater }
}

final class Heater: Sendable {
    private let thermostat: Lazy<Thermostat>
    init(thermostat: Lazy<Thermostat>) { self.thermostat = thermostat }
    func owner() throws -> Thermostat { try thermostat.value }
}

/// A screen that makes forecasts for cities it learns at run time.
final class ForecastScreen: Sendable {
    private let makeForecast: Factory<String, Forecast>
    init(makeForecast: Factory<String, Forecast>) { self.makeForecast = makeForecast }
    func open(_ city: String) throws -> Forecast { try makeForecast(city) }
}

struct WeatherModule: Module {  // an Assembly
    func configure(_ binder: Binder) {  // assemble(container:)
        // register(WeatherNetwork.self) { _ in URLSessionWeatherNetwork() }.inObjectScope(.container)
        binder.bind(WeatherNetwork.self, to: URLSessionWeatherNetwork.init).scope(.singleton)
        // register(Units.self, name: "metric") { _ in MetricUnits() }
        binder.bind(Units.self, to: MetricUnits.init).named("metric")
        // register(Forecast.self) { r, city in Forecast(city: city, network: r.resolve(WeatherNetwork.self)!) }
        binder.bind(Forecast.self, arguments: String.self) { (city: String, network: any WeatherNetwork) in
            Forecast(city: city, network: network)
        }
        // register(ForecastScreen.self) { r in ForecastScreen(makeForecast: { r.resolve(Forecast.self, argument: $0)! }) }
        binder.bind(ForecastScreen.self, to: ForecastScreen.init)
        // register(Thermostat.self) { r in Thermostat(heater: r.resolve(Heater.self)!) }.inObjectScope(.container)
        //     .initCompleted { r, thermostat in thermostat.heater.thermostat = thermostat }
        binder.bind(Thermostat.self, to: Thermostat.init).scope(.singleton)
        binder.bind(Heater.self, to: Heater.init)
    }
}

// let assembler = Assembler([WeatherModule()]); assembler.resolver.resolve(ForecastScreen.self)!
func openOslo() throws -> Forecast {
    let injector = try Injector(modules: [WeatherModule()])  // checks the whole graph first
    return try injector.resolve(ForecastScreen.self).open("Oslo")  // throws, never nil
}
// example:end
