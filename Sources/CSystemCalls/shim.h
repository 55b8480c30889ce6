#ifndef GESTURES_CSYSTEMCALLS_SHIM_H
#define GESTURES_CSYSTEMCALLS_SHIM_H

// The calls of the syscall layer (Sources/SystemCalls) that Swift cannot make itself: `ioctl` and `syscall()` are
// variadic, and Swift imports no variadic C function. One fixed signature each, as the layer's raw calls are. Header
// only: nothing to link.
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int gestures_ioctl_pointer(int descriptor, unsigned long request, void *argument) {
    return ioctl(descriptor, request, argument);
}

static inline int gestures_ioctl_value(int descriptor, unsigned long request, int value) {
    return ioctl(descriptor, request, value);
}

/// `pidfd_open(2)`: a descriptor that becomes readable once the process `pid` (a child) has ended, so that a `poll()`
/// loop reaps it without a `SIGCHLD` handler (Linux 5.3). -1 with `errno` set on failure.
static inline int gestures_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#endif
