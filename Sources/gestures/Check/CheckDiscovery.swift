import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// A trace to check and the file its output must equal.
package struct CheckedTrace: Equatable, Sendable {
    package var path: FilePath
    /// `NAME.expected.jsonl` beside the trace (NAME as for the layout: the name without its extension).
    package var expected: FilePath
    /// The trace's size in bytes (0 when it cannot be read), for estimating the time left.
    package var size: Int
    /// Why the path cannot be checked at all (a directory that cannot be read): reported as its outcome.
    package var problem: ReplayError?

    package init(path: FilePath) {
        self.path = path
        self.expected = (path.removingExtension() ?? path).appending(".expected.jsonl")
        if case .success(let status) = path.withCString({ fileStatus($0) }) {
            self.size = Int(status.st_size)
        } else {
            self.size = 0
        }
    }

    /// A directory that cannot be read, for `error`.
    init(unreadableDirectory path: FilePath, _ error: Errno) {
        self.path = path
        self.expected = path
        self.size = 0
        self.problem = ReplayError(.unreadable, "\(path): cannot read the directory: \(error)")
    }

    /// An entry of a directory that cannot be reached (a path longer than the system takes, a link that
    /// cannot be followed), for `error`: it may be a trace, or a directory of traces.
    init(unreachable path: FilePath, _ error: Errno) {
        self.path = path
        self.expected = path
        self.size = 0
        self.problem = ReplayError(.unreadable, "\(path): cannot read: \(error)")
    }

    /// The traces to check among `arguments`: a directory stands for every trace below it (recursively,
    /// hidden directories and links to directories aside, so that a link cannot make a loop; regular files
    /// only, or links to them, so that a pipe named like a trace cannot make the check wait forever), a file
    /// for itself. In order: the arguments', each directory's sorted by path. A path that does not exist is
    /// kept, and so is a directory that cannot be read, an entry that cannot be reached at all, and a link
    /// named like a trace that cannot be followed: checking them reports them.
    package static func find(in arguments: [FilePath]) -> [CheckedTrace] {
        var found: [CheckedTrace] = []
        for argument in arguments {
            if case .success(let status) = argument.withCString({ fileStatus($0) }), status.isDirectory {
                found += tracesBelow(argument)
            } else {
                found.append(CheckedTrace(path: argument))
            }
        }
        return found
    }

    private static func tracesBelow(_ directory: FilePath) -> [CheckedTrace] {
        let names: [[UInt8]]
        switch directory.withCString({ directoryEntryNames($0) }) {
        case .success(let found): names = found
        case .failure(let error): return [CheckedTrace(unreadableDirectory: directory, error)]
        }
        var traces: [CheckedTrace] = []
        let prefix = directory.bytes.last == UInt8(ascii: "/") ? directory : directory.appending("/")
        for name in names {
            guard name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] else { continue }
            let path = FilePath(bytes: prefix.bytes + name)
            var status: stat
            switch path.withCString({ fileStatus($0, followingLinks: false) }) {
            case .success(let found): status = found
            case .failure(let error):
                // Gone since the directory was listed: nothing to check. Anything else is said.
                if error.rawValue != ENOENT { traces.append(CheckedTrace(unreachable: path, error)) }
                continue
            }
            if status.isDirectory {
                if name.first != UInt8(ascii: ".") { traces += tracesBelow(path) }
                continue
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                switch path.withCString({ fileStatus($0) }) {
                case .success(let followed): status = followed
                case .failure(let error):
                    if TraceFormat.isNamedLikeTrace(path) { traces.append(CheckedTrace(unreachable: path, error)) }
                    continue
                }
                if status.isDirectory { continue }  // a link to a directory: not followed
            }
            if status.isRegularFile, TraceFormat.isNamedLikeTrace(path) {
                traces.append(CheckedTrace(path: path))
            }
        }
        return traces.sorted { $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) }
    }
}
