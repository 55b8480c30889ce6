import CSystemCalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The package's one syscall layer, after swift-system: the raw calls, one-to-one with C, then calls that return
// a `Result`, retrying on EINTR where that is right. The other modules call these, not C, for what is here.

// MARK: Layer 1: the raw calls (swift-system's `system_*` shims)

// The calls of the hot paths (a live wake-up's poll, read and write; replay's writes) are `@inlinable`, with the raw
// calls they make `@usableFromInline`: across the module boundary each was a call of its own, with its `Result`
// built and switched on, at every wake-up (docs/performance.md).

@usableFromInline package func system_errno() -> Int32 { errno }
package func system_open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
package func system_close(_ descriptor: Int32) -> Int32 { close(descriptor) }
@usableFromInline package func system_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }
@usableFromInline package func system_write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
@usableFromInline package func system_poll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: Int, _ timeout: Int32) -> Int32 {
    poll(descriptors, nfds_t(count), timeout)
}
package func system_stat(_ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>) -> Int32 { stat(path, status) }
package func system_lstat(_ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>) -> Int32 { lstat(path, status) }
package func system_fstat(_ descriptor: Int32, _ status: UnsafeMutablePointer<stat>) -> Int32 { fstat(descriptor, status) }
package func system_fcntl(_ descriptor: Int32, _ command: Int32) -> Int32 { fcntl(descriptor, command) }
package func system_fcntl(_ descriptor: Int32, _ command: Int32, _ value: Int32) -> Int32 { fcntl(descriptor, command, value) }
package func system_flock(_ descriptor: Int32, _ operation: Int32) -> Int32 { flock(descriptor, operation) }
package func system_ftruncate(_ descriptor: Int32, _ length: Int) -> Int32 { ftruncate(descriptor, off_t(length)) }
package func system_pipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }
package func system_ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer?) -> Int32 {
    gestures_ioctl_pointer(descriptor, request, argument)
}
package func system_ioctl(_ descriptor: Int32, _ request: UInt, _ value: Int32) -> Int32 { gestures_ioctl_value(descriptor, request, value) }
package func system_socket(_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32 { socket(domain, type, proto) }
package func system_connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
package func system_geteuid() -> uid_t { geteuid() }

// MARK: Layer 2: calls that return a `Result`

/// The value of a call that returns −1 and sets `errno` on failure; called again after an interruption
/// (EINTR) when `retryOnInterrupt`.
@inlinable package func valueOrErrno<I: FixedWidthInteger>(retryOnInterrupt: Bool = true, _ call: () -> I) -> Result<I, Errno> {
    while true {
        let value = call()
        if value != -1 { return .success(value) }
        let error = Errno.current
        if retryOnInterrupt && error == .interrupted { continue }
        return .failure(error)
    }
}

/// The value of a call that returns a negative errno on failure (libevdev's calls).
@inlinable package func valueOrNegatedErrno(retryOnInterrupt: Bool = true, _ call: () -> Int32) -> Result<Int32, Errno> {
    while true {
        let value = call()
        if value >= 0 { return .success(value) }
        let error = Errno(rawValue: -value)
        if retryOnInterrupt && error == .interrupted { continue }
        return .failure(error)
    }
}

/// `open(2)`: the new descriptor.
package func openDescriptor(_ path: UnsafePointer<CChar>, flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
    valueOrErrno { system_open(path, flags, mode) }
}

/// `open(2)` of a path given as text.
package func openDescriptor(_ path: String, flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
    path.withCString { openDescriptor($0, flags: flags, mode: mode) }
}

/// `open(2)` that never waits: a FIFO opened to read, with no writer yet, or to write, with no reader (`ENXIO`),
/// would block `open` until one comes, with no way to stop it (a FIFO named like a trace, a layout or an expected
/// file; a recording's file). `O_NONBLOCK` is cleared once the file is open: reads and writes wait as usual.
package func openWithoutWaiting(_ path: UnsafePointer<CChar>, flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
    openDescriptor(path, flags: flags | O_NONBLOCK, mode: mode).flatMap { descriptor in
        let cleared = valueOrErrno { system_fcntl(descriptor, F_GETFL) }
            .flatMap { flags in valueOrErrno { system_fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) } }
        if case .failure(let error) = cleared {
            _ = closeDescriptor(descriptor)
            return .failure(error)
        }
        return .success(descriptor)
    }
}

/// `flock(2)` without waiting: `LOCK_EX` (a recorder's) or `LOCK_SH` (one who would replace the file), `.failure`
/// with `EWOULDBLOCK` when another process holds a lock that excludes it. The lock goes with the descriptor's close.
package func lockWithoutWaiting(_ descriptor: Int32, exclusive: Bool) -> Result<Void, Errno> {
    valueOrErrno { system_flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) }.map { _ in }
}

/// `ftruncate(2)`: the file cut to `length` bytes.
package func truncateFile(_ descriptor: Int32, to length: Int) -> Result<Void, Errno> {
    valueOrErrno { system_ftruncate(descriptor, length) }.map { _ in }
}

/// `close(2)`, never retried: on Linux the descriptor is closed even when the call is interrupted.
package func closeDescriptor(_ descriptor: Int32) -> Result<Void, Errno> {
    valueOrErrno(retryOnInterrupt: false) { system_close(descriptor) }.map { _ in }
}

/// One `read(2)` of at most `count` bytes into `buffer`, again after an interruption: the bytes read, 0 at the
/// end of the file.
@inlinable package func readDescriptor(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, Errno> {
    valueOrErrno { system_read(descriptor, buffer, count) }
}

/// Writes all of `bytes` to `descriptor`, again after a partial write or an interruption; the first error
/// that is not an interruption ends it, and so does an interruption once a stop was requested (`StopRequest`:
/// a reader that stopped reading cannot hold `gestures live` after SIGINT). No copy: the bytes are written from
/// where they are.
@inlinable package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
    var offset = 0
    while offset < bytes.count {
        switch valueOrErrno(retryOnInterrupt: false, { system_write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }) {
        case .success(let count): offset += count
        case .failure(let error):
            if error == .interrupted && !StopRequest.isRequested { continue }
            return .failure(error)
        }
    }
    return .success(())
}

/// `poll(2)` of `descriptors`, not retried after an interruption: the caller computes its timeout anew.
@inlinable package func pollDescriptors(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Result<Int32, Errno> {
    valueOrErrno(retryOnInterrupt: false) {
        descriptors.withUnsafeMutableBufferPointer { system_poll($0.baseAddress!, $0.count, timeoutMilliseconds) }
    }
}

/// `poll(2)` of one descriptor, not retried after an interruption.
@inlinable package func pollDescriptor(_ descriptor: inout pollfd, timeoutMilliseconds: Int32) -> Result<Int32, Errno> {
    valueOrErrno(retryOnInterrupt: false) { system_poll(&descriptor, 1, timeoutMilliseconds) }
}

/// `ioctl(2)` with a pointer to the request's argument (`EVIOCGBIT`, `EVIOCSFF`): its value, again after an interruption.
package func controlDevice(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Result<Int32, Errno> {
    valueOrErrno { system_ioctl(descriptor, request, argument) }
}

/// `ioctl(2)` with an integer argument (`EVIOCRMFF`'s effect id).
package func controlDevice(_ descriptor: Int32, _ request: UInt, value: Int32) -> Result<Int32, Errno> {
    valueOrErrno { system_ioctl(descriptor, request, value) }
}

/// A Unix stream socket connected to `path`, or to the abstract name `path` when `abstract` (D-Bus's
/// `unix:abstract=`); closed on `exec`. `ENAMETOOLONG` when the name does not fit a `sockaddr_un`.
package func connectUnixSocket(_ path: [UInt8], abstract: Bool) -> Result<Int32, Errno> {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    // A path needs its terminating zero; an abstract name starts with one and has none.
    let length = abstract ? path.count + 1 : path.count
    guard length < capacity || (abstract && length == capacity) else { return .failure(Errno(rawValue: ENAMETOOLONG)) }
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
        for (index, byte) in path.enumerated() { bytes[index + (abstract ? 1 : 0)] = byte }
    }
    let descriptor: Int32
    switch valueOrErrno({ system_socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }) {
    case .success(let opened): descriptor = opened
    case .failure(let error): return .failure(error)
    }
    let size = socklen_t(MemoryLayout<sa_family_t>.size + length)
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            valueOrErrno(retryOnInterrupt: false) { system_connect(descriptor, address, size) }
        }
    }
    if case .failure(let error) = connected {
        _ = closeDescriptor(descriptor)
        return .failure(error)
    }
    return .success(descriptor)
}

/// The effective user id: D-Bus's `AUTH EXTERNAL` names it.
package func effectiveUserID() -> UInt32 { UInt32(system_geteuid()) }

/// `stat(2)` of `path`, or `lstat(2)` unless `followingLinks`.
package func fileStatus(_ path: UnsafePointer<CChar>, followingLinks: Bool = true) -> Result<stat, Errno> {
    var status = stat()
    return valueOrErrno { followingLinks ? system_stat(path, &status) : system_lstat(path, &status) }.map { _ in status }
}

/// `fstat(2)` of an open descriptor.
package func fileStatus(descriptor: Int32) -> Result<stat, Errno> {
    var status = stat()
    return valueOrErrno { system_fstat(descriptor, &status) }.map { _ in status }
}

extension stat {
    /// The file is a directory.
    package var isDirectory: Bool { (st_mode & S_IFMT) == S_IFDIR }
    /// The file is a regular file.
    package var isRegularFile: Bool { (st_mode & S_IFMT) == S_IFREG }
    /// What the file is, in a word, for a message: "a regular file", "a directory", "a pipe (FIFO)", …
    package var kindInWords: String {
        switch st_mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "of an unknown kind"
        }
    }
}

/// The names of the entries of the directory at `path` (`.` and `..` included), as `readdir(3)` gives them.
package func directoryEntryNames(_ path: UnsafePointer<CChar>) -> Result<[[UInt8]], Errno> {
    guard let handle = opendir(path) else { return .failure(.current) }
    defer { closedir(handle) }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
        names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) })
    }
    return .success(names)
}
