import FuzzSupport

// The libinput-record reader: its streamed path checked against Yams' reading of the whole document.
runFuzzer { data, size in
    fuzzLibinputRecord(FuzzInput(data, size))
    return 0
}
