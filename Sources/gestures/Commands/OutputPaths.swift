import ArgumentParser
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// Refuses an output that names one of the command's inputs (`render TRACE -o TRACE`, `live --record` over
/// its `--layout`): writing it would destroy the input, a recording perhaps not to be made again. The same
/// file is the same device and inode, whatever the paths (a link, `./`); an output that does not exist yet
/// names no input. Status 64, before anything is read or written (SPEC "Command line").
func refuseOutput(_ output: FilePath?, option: String, overwriting inputs: [(path: FilePath, what: String)]) throws {
    guard let output, let written = FileIdentity(output) else { return }
    for (path, what) in inputs where FileIdentity(path) == written {
        Diagnostics.error("\(option) \(output) is \(what) (\(path)): it would be written over; name another file")
        throw ExitCode(CommandError.usage)
    }
}
