// The marker types that give the model-based test distinct keys: `Node<T0>` … `Node<T23>`.

protocol NodeTag: Sendable {}

enum T0: NodeTag {}
enum T1: NodeTag {}
enum T2: NodeTag {}
enum T3: NodeTag {}
enum T4: NodeTag {}
enum T5: NodeTag {}
enum T6: NodeTag {}
enum T7: NodeTag {}
enum T8: NodeTag {}
enum T9: NodeTag {}
enum T10: NodeTag {}
enum T11: NodeTag {}
enum T12: NodeTag {}
enum T13: NodeTag {}
enum T14: NodeTag {}
enum T15: NodeTag {}
enum T16: NodeTag {}
enum T17: NodeTag {}
enum T18: NodeTag {}
enum T19: NodeTag {}
enum T20: NodeTag {}
enum T21: NodeTag {}
enum T22: NodeTag {}
enum T23: NodeTag {}

/// Protocols that bindings also serve with `.implements(…) { $0 }`; every node conforms.
protocol Face0: LiveInstance {}
protocol Face1: LiveInstance {}
protocol Face2: LiveInstance {}
protocol Face3: LiveInstance {}

extension Node: Face0, Face1, Face2, Face3 {}

/// Face `i` of the model, as the type the container keys it by.
let faceTypes: [any Any.Type] = [(any Face0).self, (any Face1).self, (any Face2).self, (any Face3).self]

/// Tag `i` stands for the model's type `i`.
let nodeTags: [any NodeTag.Type] = [
    T0.self, T1.self, T2.self, T3.self, T4.self, T5.self, T6.self, T7.self, T8.self, T9.self, T10.self, T11.self,
    T12.self, T13.self, T14.self, T15.self, T16.self, T17.self, T18.self, T19.self, T20.self, T21.self, T22.self,
    T23.self,
]
