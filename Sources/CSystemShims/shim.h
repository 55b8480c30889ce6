#ifndef GESTURES_CSYSTEMSHIMS_SHIM_H
#define GESTURES_CSYSTEMSHIMS_SHIM_H

// The Linux calls that Swift cannot reach through Glibc's module: `syscall()` is variadic, so the system calls
// without a wrapper of their own are made here. Header only: nothing to link.
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

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
