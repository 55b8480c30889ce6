// libevdev alone, the floor of `gestures live`'s cost per event (Benchmarks/live-cost.sh): opens DEVICE, then
// reads it with libevdev_next_event in a poll() loop, as any libevdev client does, until SIGINT or SIGTERM; then
// prints the events delivered and the reads that failed. Built by live-cost.sh with the system's cc.
#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/signalfd.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: libevdev-reader DEVICE\n");
        return 64;
    }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int stop = signalfd(-1, &signals, SFD_CLOEXEC);
    int fd = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct libevdev *device = NULL;
    if (stop < 0 || fd < 0 || libevdev_new_from_fd(fd, &device) < 0) {
        fprintf(stderr, "libevdev-reader: cannot open %s\n", argv[1]);
        return 66;
    }
    unsigned long events = 0, failures = 0, checksum = 0;
    struct pollfd descriptors[2] = {{.fd = fd, .events = POLLIN}, {.fd = stop, .events = POLLIN}};
    for (;;) {
        if (poll(descriptors, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (descriptors[1].revents) break;
        unsigned flags = LIBEVDEV_READ_FLAG_NORMAL;
        for (;;) {
            struct input_event event;
            int status = libevdev_next_event(device, flags, &event);
            if (status == LIBEVDEV_READ_STATUS_SUCCESS || status == LIBEVDEV_READ_STATUS_SYNC) {
                events++;
                checksum += (unsigned long)event.value;
                // After a SYN_DROPPED: the device's state, then the normal events again.
                flags = status == LIBEVDEV_READ_STATUS_SYNC ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL;
            } else if (status == -EAGAIN) {
                if (flags == LIBEVDEV_READ_FLAG_SYNC) { flags = LIBEVDEV_READ_FLAG_NORMAL; continue; }
                break;
            } else {
                failures++;
                break;
            }
        }
    }
    printf("events %lu failures %lu checksum %lu\n", events, failures, checksum);
    libevdev_free(device);
    return 0;
}
