import TraceFormats

// Reads every event of a trace through `TraceReader.next()` and nothing else, to count the reader's
// instructions per event under callgrind (`valgrind --tool=callgrind reader-cost TRACE`, divided by the
// trace's events; the opening and the header cost a few thousand in all):
//
//     reader-cost TRACE [DESCRIPTION]
//
// Prints the number of events and a sum of their fields, so that nothing read goes unused.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else { fatalError("usage: reader-cost TRACE [DESCRIPTION]") }
do {
    let trace = try TraceReader.open(path: path, device: arguments.count > 1 ? arguments[1] : nil)
    var count = 0
    var sum: Int64 = 0
    while let event = try trace.next() {
        count += 1
        sum &+= event.time.microseconds &+ Int64(event.type) &+ Int64(event.code) &+ Int64(event.value)
    }
    print(count, sum)
} catch {
    fatalError("reader-cost: \(error)")
}
