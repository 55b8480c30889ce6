// The yardstick of replay's speed (issue 12): a bare C reader of an evemu trace's `E:` lines that tracks the
// contacts of a protocol-B touchscreen (ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y per slot) and counts
// the frames (SYN_REPORT). No validation beyond what it needs, no gestures, no output: what any program that reads
// the same file has to do at the least.
#ifndef EVEMU_REFERENCE_H
#define EVEMU_REFERENCE_H

#include <stdint.h>

/// What a read of a trace found.
typedef struct {
    /// `E:` lines read.
    uint64_t events;
    /// SYN_REPORT events.
    uint64_t frames;
    /// The sum over the frames of their contacts' positions and time, so that none of the work can be left out.
    uint64_t checksum;
} evemu_reference_result;

/// Reads the evemu trace at `path`. Returns 0, or an errno value when the file cannot be opened or read.
int evemu_reference_read(const char *path, evemu_reference_result *result);

#endif
