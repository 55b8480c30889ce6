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
            // The folder's files, then the folder (it holds only files this process wrote).
            let path = Scratch.directory
            if let folder = opendir(path) {
                while let entry = readdir(folder) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                    if name != "." && name != ".." { unlink(path + "/" + name) }
                }
                closedir(folder)
            }
            rmdir(path)
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

    /// Removes `name` from the folder, if it is there.
    public static func remove(_ name: String) {
        unlink(directory + "/" + name)
    }
}
