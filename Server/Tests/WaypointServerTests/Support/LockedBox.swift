import Synchronization

/// A value shared between a test and the closures it runs.
final class LockedBox<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    func get() -> Value { value.withLock { $0 } }
    func set(_ newValue: Value) { value.withLock { $0 = newValue } }
    func update(_ change: (inout Value) -> Void) { value.withLock { change(&$0) } }
}
