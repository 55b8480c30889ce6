#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FilePath {
    /// `open(2)` of the path's bytes.
    package func open(flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
        withCString { openDescriptor($0, flags: flags, mode: mode) }
    }

    /// Opens the file for reading without waiting on a FIFO (`openWithoutWaiting`: one with no writer reads as
    /// empty); a directory or a missing file is `unreadable`.
    package func openForReading() throws(FileError) -> Int32 {
        let fd: Int32
        switch withCString({ openWithoutWaiting($0, flags: O_RDONLY | O_CLOEXEC) }) {
        case .success(let opened): fd = opened
        case .failure(let error): throw FileError(.unreadable, path: description, message: "cannot open: \(error)")
        }
        if case .success(let status) = fileStatus(descriptor: fd), status.isDirectory {
            _ = closeDescriptor(fd)
            throw FileError(.unreadable, path: description, message: "cannot read: it is a directory")
        }
        return fd
    }

    /// The first of `candidates` that exists, a file found beside a trace rather than named (its layout, its
    /// description, its expected output); nil when none does. A directory is no candidate. Anything else that
    /// is not a regular file (or a link to one) is refused, `unreadable`: a FIFO there would be read as empty,
    /// or wait for a writer, and a device such as `/dev/zero` never ends. A candidate that cannot be reached (no
    /// permission on its directory, a name too long) is refused too, not taken for a missing one.
    package static func sidecar(among candidates: [FilePath], what: String) throws(FileError) -> FilePath? {
        for candidate in candidates {
            switch candidate.withCString({ fileStatus($0) }) {
            case .success(let status):
                if status.isDirectory { continue }
                guard status.isRegularFile else {
                    throw FileError(.unreadable, path: candidate,
                                     message: "cannot read \(what): it is \(status.kindInWords), not a regular file")
                }
                return candidate
            case .failure(let error):
                if error.rawValue == ENOENT || error.rawValue == ENOTDIR { continue }
                throw FileError(.unreadable, path: candidate, message: "cannot read \(what): \(error)")
            }
        }
        return nil
    }
}

/// What makes a file the same file, whatever the path to it (a link, `./`, a hard link): its device and inode.
package struct FileIdentity: Hashable, Sendable {
    private var device: UInt64
    private var inode: UInt64

    /// The identity of the file at `path`, a link followed; nil when there is none.
    package init?(_ path: FilePath) {
        guard case .success(let status) = path.withCString({ fileStatus($0) }) else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

extension FileError {
    /// `limit` bytes in words: `16 MiB`, or `1000 bytes`.
    package static func sizeInWords(_ limit: Int) -> String {
        limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }
}

extension FilePath {
    /// Reads a whole file into memory, for small files (a layout). A file of more than `limit` bytes is
    /// `malformed`: it is not what it claims to be.
    package func readWholeFile(limit: Int) throws(FileError) -> [UInt8] {
        let fd = try openForReading()
        defer { _ = closeDescriptor(fd) }
        var bytes: [UInt8] = []
        let chunk = 1 << 16
        while true {
            let old = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let count: Int
            switch bytes.withUnsafeMutableBytes({ buffer in readDescriptor(fd, into: buffer.baseAddress! + old, count: chunk) }) {
            case .success(let read): count = read
            case .failure(let error): throw FileError(.io, path: description, message: "cannot read: \(error)")
            }
            bytes.removeLast(chunk - count)
            if bytes.count > limit {
                throw FileError(.malformed, path: description, message: "expected a file of at most \(FileError.sizeInWords(limit)), found a larger one")
            }
            if count == 0 { return bytes }
        }
    }
}
