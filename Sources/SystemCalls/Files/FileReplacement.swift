#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written anew (a picture, an expected output), so that no failure destroys the file it replaces:
/// the bytes go into a temporary file beside it, which is renamed over it only once every byte is written
/// and the file closed; until then, and after any failure, the old file stays as it was (SPEC "Command
/// line"). A link is followed: the file it names is replaced, and the link kept (a link that names no file is
/// replaced itself, never followed to make one). A replaced file keeps its permissions, and one that may not be
/// written is not replaced. A path that names no regular file (a device such as `/dev/null`, a pipe), or names a
/// process's descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/…`: `namesADescriptor`), is written in place.
package final class FileReplacement {
    /// Writes `bytes` to the file at `path`, created or replaced as `FileReplacement` replaces it (a failure
    /// leaves an existing file as it was): an `.io` error naming the file. A picture, for instance.
    package static func write(_ bytes: [UInt8], to path: FilePath) throws(FileError) {
        let replacement = try FileReplacement(path)
        _ = bytes.withUnsafeBytes { replacement.write($0) }
        try replacement.commit()
    }

    /// The file, as given (for messages).
    package let path: FilePath
    /// The file renamed over: `path`, or the file a link at `path` names.
    private let target: FilePath
    /// The temporary file beside `target` while it exists; nil when writing in place.
    private var temporary: FilePath?
    private var descriptor: Int32
    /// The first write that failed.
    private var writeError: Errno?

    /// Creates the temporary file (or opens `path` to write in place): `.io` when it cannot.
    package init(_ path: FilePath) throws(FileError) {
        self.path = path
        let status = try? path.withCString({ fileStatus($0) }).get()
        let exists = status != nil
        let kind = (status?.st_mode ?? 0) & S_IFMT
        if exists && kind == S_IFDIR {
            throw FileError(.io, path: path, message: "cannot create: \(Errno(rawValue: EISDIR))")
        }
        if path.bytes.isEmpty {
            throw FileError(.io, path: path, message: "cannot create: \(Errno(rawValue: ENOENT))")
        }
        // A file that may not be written is not replaced, though its directory would let a rename replace it:
        // its write protection holds, as when files were written in place.
        if exists && kind == S_IFREG, case .failure(let error) = valueOrErrno({ path.withCString { access($0, W_OK) } }) {
            throw FileError(.io, path: path, message: "cannot create: \(error)")
        }
        // A recording that a recorder is writing (`EvemuWriter` holds its lock) is not replaced under it.
        if exists && kind == S_IFREG && Self.isBeingRecorded(path) {
            throw FileError(.io, path: path, message: "cannot replace: a recorder is writing it")
        }
        let inPlace = (exists && kind != S_IFREG) || FileReplacement.namesADescriptor(path)
        let opened: Result<Int32, Errno>
        if inPlace {
            target = path
            temporary = nil
            opened = path.withCString { openWithoutWaiting($0, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644) }
        } else {
            let target = Self.resolvingLink(path)
            self.target = target
            // In the same directory (a rename within one file system), hidden, and with a short name of its
            // own, so that a name at the length limit still has a temporary file.
            let directory = target.bytes.lastIndex(of: UInt8(ascii: "/")).map { Array(target.bytes[...$0]) } ?? []
            let temporary = FilePath(bytes: directory + Array(".gestures.tmp-\(getpid())-\(UInt64.random(in: 0 ... .max))".utf8))
            opened = temporary.open(flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
            self.temporary = (try? opened.get()) != nil ? temporary : nil
        }
        switch opened {
        case .success(let opened):
            descriptor = opened
            if !inPlace, let status { _ = fchmod(opened, status.st_mode & 0o7777) }
        case .failure(let error):
            descriptor = -1
            if inPlace && error.rawValue == ENXIO {
                throw FileError(.io, path: path, message: "cannot open: it is a pipe (FIFO) that no process reads")
            }
            throw FileError(.io, path: path, message: "cannot create: \(error)")
        }
    }

    deinit {
        abandon()
    }

    /// Whether a recorder holds the file at `path` (`EvemuWriter`'s exclusive lock).
    private static func isBeingRecorded(_ path: FilePath) -> Bool {
        guard case .success(let descriptor) = path.withCString({ openWithoutWaiting($0, flags: O_RDONLY | O_CLOEXEC) }) else {
            return false
        }
        defer { _ = closeDescriptor(descriptor) }
        if case .failure(let error) = lockWithoutWaiting(descriptor, exclusive: false) { return error.rawValue == EWOULDBLOCK }
        return false
    }

    /// Whether `path` names a file by a process's descriptor open on it (`/dev/stdout` is the file standard output
    /// was opened on: a file renamed over it would not be the one standard output writes): always written in place.
    /// Devices are written in place as any file that is not a regular one; a regular file elsewhere under `/dev/`
    /// (`/dev/shm/`) is replaced as any other (written in place, `check --update` emptied an expected file there
    /// before reading it, and wrote through a link that named no file).
    private static func namesADescriptor(_ path: FilePath) -> Bool {
        ["/dev/stdout", "/dev/stderr"].contains { path.bytes.elementsEqual($0.utf8) }
            || ["/dev/fd/", "/proc/"].contains { path.bytes.starts(with: $0.utf8) }
    }

    /// The file a link at `path` names, else `path`.
    private static func resolvingLink(_ path: FilePath) -> FilePath {
        guard case .success(let status) = path.withCString({ fileStatus($0, followingLinks: false) }), status.st_mode & S_IFMT == S_IFLNK,
              let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return FilePath(bytes: UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                                   count: strlen(resolved)))
    }

    /// Writes all of `bytes`, again after a partial write or an interruption; false once a write failed
    /// (the rest is not written, and `commit()` throws).
    @discardableResult
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard writeError == nil, descriptor >= 0 else { return false }
        if case .failure(let error) = SystemCalls.writeAll(descriptor, bytes) { writeError = error }
        return writeError == nil
    }

    /// Closes the file and, when every write succeeded, renames it over the old one: `.io` otherwise, the
    /// old file left as it was and the temporary one removed.
    package func commit() throws(FileError) {
        let closed = closeDescriptor(descriptor)
        descriptor = -1
        if let writeError { throw failed(writeError) }
        if case .failure(let error) = closed { throw failed(error) }
        guard let temporary else { return }
        if case .failure(let error) = valueOrErrno({ temporary.withCString { from in target.withCString { to in rename(from, to) } } }) {
            throw failed(error)
        }
        self.temporary = nil
    }

    /// Leaves the old file as it was, and removes the temporary one.
    package func abandon() {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
        descriptor = -1
        if let temporary { _ = temporary.withCString { unlink($0) } }
        temporary = nil
    }

    private func failed(_ error: Errno) -> FileError {
        abandon()
        return FileError(.io, path: path, message: "cannot write: \(error)")
    }
}

