// `evemu-reference TRACE`: reads TRACE as the C reference does (CReference) and prints what it found, for the
// process-level comparison with `gestures replay` and the instruction counts (Benchmarks/bench-table.py).
#include "evemu_reference.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: evemu-reference TRACE\n");
        return 64;
    }
    evemu_reference_result result;
    int error = evemu_reference_read(argv[1], &result);
    if (error) {
        fprintf(stderr, "evemu-reference: %s: %s\n", argv[1], strerror(error));
        return 66;
    }
    printf("events %" PRIu64 " frames %" PRIu64 " checksum %" PRIu64 "\n", result.events, result.frames, result.checksum);
    return 0;
}
