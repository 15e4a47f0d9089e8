/// A weak reference to `Object`, as a value: what a lock's state, or an array, holds where it
/// must not keep an object alive (a weak cell's instance, the finished table of a ``Late``
/// reference, the levels of an ``InjectorFamily``).
struct WeakReference<Object: AnyObject> {
    weak var object: Object?
}
