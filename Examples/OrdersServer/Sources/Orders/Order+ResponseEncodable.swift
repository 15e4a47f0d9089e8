import Hummingbird

extension Order: ResponseEncodable {}
