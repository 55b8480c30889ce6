#if canImport(Glibc)
import Glibc
#endif

/// A folder of the process's own (the readers take paths, and the bytes of each input are written to a file
/// there), removed when the process exits. It is made in `$FUZZ_SCRATCH` when set (scripts/fuzz.sh sets it
/// to a folder of the run, which it removes: a process that crashes cannot), else in /dev/shm when there
/// is one, else in /tmp.
public enum Scratch {
    /// The folder, created on first use.
    public static let directory: String = {
        let base = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp")
        var template = Array("\(base)/touch-gestures-fuzz-XXXXXX".utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let path = made else { fatalError("cannot create a scratch folder in \(base): \(String(cString: strerror(errno)))") }
        atexit {
            // The folder's files, then the folder (it holds only files and links this process wrote).
            for name in Scratch.names() { Scratch.remove(name) }
            rmdir(Scratch.directory)
        }
        return path
    }()

    /// Writes `bytes` to `name` in the folder, replacing it, and returns its path.
    @discardableResult
    public static func write(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let path = directory + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                fatalError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += count
        }
        close(fd)
        return path
    }

    /// Writes `text` to `name` in the folder, replacing it, and returns its path.
    @discardableResult
    public static func write(_ name: String, _ text: String) -> String {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { write(name, $0) }
    }

    /// Removes `name` from the folder, if it is there (a link, not what it names).
    public static func remove(_ name: String) {
        unlink(directory + "/" + name)
    }

    /// Makes `name` in the folder a symbolic link to `target` (a name in the folder, or any path), replacing it.
    @discardableResult
    public static func symlink(_ name: String, to target: String) -> String {
        let path = directory + "/" + name
        unlink(path)
        guard Glibc.symlink(target, path) == 0 else { fatalError("cannot link \(path): \(String(cString: strerror(errno)))") }
        return path
    }

    /// Makes `name` in the folder a hard link to the file `existing` of the folder, replacing it.
    @discardableResult
    public static func hardLink(_ name: String, to existing: String) -> String {
        let path = directory + "/" + name
        unlink(path)
        guard link(directory + "/" + existing, path) == 0 else { fatalError("cannot link \(path): \(String(cString: strerror(errno)))") }
        return path
    }

    /// The names in the folder (files, links, whatever is there), sorted.
    public static func names() -> [String] {
        guard let folder = opendir(directory) else { fatalError("cannot list \(directory): \(String(cString: strerror(errno)))") }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of the file `name` names in the folder (a link followed); nil when there is none.
    public static func read(_ name: String) -> [UInt8]? {
        let fd = open(directory + "/" + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                fatalError("cannot read \(directory)/\(name): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
