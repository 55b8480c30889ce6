import FuzzSupport

// The layout loader, then an engine run on the layout it accepts.
runFuzzer { data, size in
    fuzzLayout(FuzzInput(data, size))
    return 0
}
