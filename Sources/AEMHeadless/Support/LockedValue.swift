#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a lock: the package's one lock type, for the places that share mutable
/// state across tasks and threads. The value is reachable only inside `withLock`, so a field
/// touched outside the lock does not compile, and the types that hold one need no
/// `@unchecked Sendable` of their own.
///
/// The value and its lock (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere)
/// share one allocation, made once; locking allocates nothing. Copies share the value.
package struct LockedValue<Value> {
    @usableFromInline let storage: LockedValueStorage<Value>

    package init(_ value: Value) {
        storage = LockedValueStorage.make(value)
    }

    /// Runs `body` with the value while holding the lock. Keep `body` short, and do not lock
    /// the same value again inside it.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    /// Replaces the value and returns the old one.
    @inlinable
    package func exchange(_ newValue: Value) -> Value {
        withLock { current in
            let old = current
            current = newValue
            return old
        }
    }
}

extension LockedValue: @unchecked Sendable where Value: Sendable {}

extension LockedValue where Value: Sendable {
    /// A copy of the value, read under the lock.
    @inlinable
    package var value: Value { withLock { $0 } }
}

#if canImport(Darwin)
@usableFromInline typealias LockPrimitive = os_unfair_lock
#else
@usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

/// The value as the header of a managed buffer, the lock as its one element: the element's
/// address is stable, as a lock's must be.
@usableFromInline
final class LockedValueStorage<Value>: ManagedBuffer<Value, LockPrimitive> {
    @usableFromInline
    static func make(_ value: Value) -> LockedValueStorage {
        let buffer = create(minimumCapacity: 1) { _ in value }
        let storage = unsafeDowncast(buffer, to: LockedValueStorage.self)
        storage.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
            #else
            lock.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(lock, nil)
            precondition(result == 0, "pthread_mutex_init failed: \(result)")
            #endif
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
            #endif
            _ = lock.deinitialize(count: 1)
        }
    }

    @inlinable
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, lock in
            #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
            #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&value.pointee)
        }
    }
}
