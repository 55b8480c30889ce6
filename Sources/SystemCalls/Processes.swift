import CSystemCalls

#if canImport(Glibc)
import Glibc
#endif

// Child processes: started without a shell (`posix_spawnp`), watched through a pidfd, reaped without waiting. The
// service's commands (`gestures serve`'s bindings) run through these.

/// A child process started by `spawnProcess`: its id, and a descriptor that becomes readable once it has ended.
package struct ChildProcess: Hashable, Sendable {
    /// The process id.
    package var pid: pid_t
    /// Its pidfd (`pidfd_open(2)`), readable once it has ended; closed by `reap`. -1 when the system has none (an old
    /// kernel): the child is then reaped at the caller's next wake-up.
    package var descriptor: Int32
}

/// How a child process ended.
public enum ChildEnding: Hashable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It is gone, and how it ended is not known: it was reaped already (the process ignores SIGCHLD, so its children
    /// are reaped by the system).
    case unknown
}

/// Starts `arguments[0]` (looked up in `PATH` when it has no `/`) with `arguments` and `environment` (`NAME=value`
/// each), its standard input `standardInput` (nil: /dev/null), its standard output and error the caller's. The
/// signals the caller ignores or blocks (SIGPIPE, the stop signals) come to the child with their default
/// dispositions, unblocked. The child's other descriptors are the caller's that are not close-on-exec.
package func spawnProcess(_ arguments: [String], environment: [String], standardInput: Int32?) -> Result<ChildProcess, Errno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardInput {
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
    } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGCHLD, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let status = withCStrings(arguments) { argv in
        withCStrings(environment) { envp in posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, envp) }
    }
    guard status == 0 else { return .failure(Errno(rawValue: status)) }
    let descriptor = gestures_pidfd_open(pid)
    if descriptor >= 0 { _ = system_fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return .success(ChildProcess(pid: pid, descriptor: descriptor))
}

/// `waitpid(2)` of `child` without waiting: how it ended, nil while it runs. Once it has ended, its pidfd is closed.
package func reap(_ child: ChildProcess) -> ChildEnding? {
    var status: Int32 = 0
    switch valueOrErrno({ waitpid(child.pid, &status, WNOHANG) }) {
    case .success(let pid) where pid == child.pid:
        break
    case .failure(let error) where error.rawValue == ECHILD:
        if child.descriptor >= 0 { _ = closeDescriptor(child.descriptor) }
        return .unknown
    case .success, .failure:
        return nil
    }
    if child.descriptor >= 0 { _ = closeDescriptor(child.descriptor) }
    // WIFEXITED and friends are macros: the status's low 7 bits are the signal, 0 for an exit.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
}

/// A pipe for a child's standard input: the read end (close-on-exec, for `spawnProcess`'s `standardInput`, closed by
/// the caller once the child has it) and the write end (close-on-exec and non-blocking: a write to a child that does
/// not read fails with EAGAIN rather than waiting).
package func inputPipe() -> Result<(read: Int32, write: Int32), Errno> {
    var ends: [Int32] = [-1, -1]
    return valueOrErrno { system_pipe(&ends) }.map { _ in
        for end in ends { _ = system_fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = system_fcntl(ends[1], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }
}

/// One `write(2)` of `bytes` to a non-blocking descriptor, again after an interruption: the bytes written (fewer when
/// the pipe is nearly full), or the error (EAGAIN when it is full, EPIPE when its reader is gone).
package func writeWithoutWaiting(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
    valueOrErrno { system_write(descriptor, bytes.baseAddress!, bytes.count) }
}

/// `strings` as a NULL-terminated array of C strings, for `body`.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies + [nil])
}

/// The process's environment, `NAME=value` each, as `environ` holds it now.
package func currentEnvironment() -> [String] {
    var entries: [String] = []
    var entry = environ
    while let text = entry.pointee {
        entries.append(String(cString: text))
        entry += 1
    }
    return entries
}
