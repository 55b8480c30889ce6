#if canImport(Glibc)
import Glibc
#endif

/// Why a small file could not be read.
struct FileError: Error {
    var message: String
}

/// Reads a small file (a layout) whole. Refuses anything over 16 MiB: no layout is that big.
func readWholeFile(path: String) throws(FileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(message: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw FileError(message: String(cString: strerror(errno)))
        }
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<count])
        guard bytes.count <= 16 << 20 else { throw FileError(message: "larger than 16 MiB") }
    }
}
