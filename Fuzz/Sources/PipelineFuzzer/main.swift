import FuzzSupport

// The whole pipeline: evemu bytes → TraceReader → GesturePipeline → gesture events, checked.
runFuzzer { data, size in
    fuzzPipeline(FuzzInput(data, size))
    return 0
}
