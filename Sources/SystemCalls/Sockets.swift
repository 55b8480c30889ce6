#if canImport(Glibc)
import Glibc
#endif

// Unix stream sockets: the service's socket (`gestures serve`), its clients, and the tests' clients. Every descriptor
// is close-on-exec and non-blocking; a send never raises SIGPIPE.

/// `sockaddr_un` of `path`, for `body`; nil when the path does not fit (108 bytes with its NUL).
private func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { room in
        for (index, byte) in bytes.enumerated() { room[index] = byte }
    }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// A new Unix stream socket, close-on-exec and non-blocking.
private func streamSocket() -> Result<Int32, Errno> {
    valueOrErrno { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0) }
}

/// A socket listening at `path`, which only its owner may connect to (mode 0600: made under a umask of 0177).
/// `ENAMETOOLONG` for a path longer than a socket's address holds.
package func listeningSocket(_ path: String, backlog: Int32 = 64) -> Result<Int32, Errno> {
    streamSocket().flatMap { descriptor in
        let previous = umask(0o177)
        let bound = withAddress(path) { address, length in valueOrErrno { bind(descriptor, address, length) } } ?? .failure(Errno(rawValue: ENAMETOOLONG))
        umask(previous)
        let listening = bound.flatMap { _ in valueOrErrno { listen(descriptor, backlog) } }
        if case .failure(let error) = listening {
            _ = closeDescriptor(descriptor)
            return .failure(error)
        }
        return .success(descriptor)
    }
}

/// A socket connected to the one listening at `path` (non-blocking once connected).
package func connectedSocket(_ path: String) -> Result<Int32, Errno> {
    streamSocket().flatMap { descriptor in
        // A connect to a Unix socket completes at once, or fails (EAGAIN: its backlog is full).
        let connected = withAddress(path) { address, length in valueOrErrno { connect(descriptor, address, length) } } ?? .failure(Errno(rawValue: ENAMETOOLONG))
        if case .failure(let error) = connected {
            _ = closeDescriptor(descriptor)
            return .failure(error)
        }
        return .success(descriptor)
    }
}

/// The next connection waiting on `listener` (close-on-exec and non-blocking), nil when none waits.
package func acceptConnection(_ listener: Int32) -> Result<Int32?, Errno> {
    switch valueOrErrno({ accept(listener, nil, nil) }) {
    case .success(let descriptor):
        _ = system_fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = system_fcntl(descriptor, F_SETFL, O_NONBLOCK)
        return .success(descriptor)
    case .failure(let error) where error == .wouldBlock:
        return .success(nil)
    case .failure(let error):
        return .failure(error)
    }
}

/// One `send(2)` of `bytes` without waiting and without SIGPIPE: the bytes sent (fewer when the socket's buffer is
/// nearly full), or the error (EAGAIN when it is full, EPIPE when the peer is gone).
package func sendWithoutWaiting(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
    valueOrErrno { send(descriptor, bytes.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL)) }
}

/// `unlink(2)` of `path`.
package func removeFile(_ path: String) -> Result<Void, Errno> {
    valueOrErrno { unlink(path) }.map { _ in }
}
