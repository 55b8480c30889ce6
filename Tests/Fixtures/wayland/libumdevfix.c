/* From ../shared/reference/wayland/ (the working recipe this project was given), unchanged but this line.
 * libumdevfix.so: LD_PRELOAD shim that gives umockdev 0.17.16 (Debian 12) the
 * two behaviours libinput needs and that only later umockdev releases have:
 *
 *  1. /run/udev/data/<id> is read from $UMOCKDEV_DIR/run/udev/data/<id>
 *     (umockdev >= 0.17.18 traps this path itself).  Without a udev database
 *     entry, sd-device reports the device as not initialized and libinput's
 *     path backend gives up: "libinput bug: udev device never initialized".
 *  2. fstat() on an fd of an emulated device returns the emulated
 *     major:minor instead of the PTY's 136:N (umockdev >= 0.19.2 wraps
 *     fstat).  libinput's evdev_device_have_same_syspath() compares
 *     udev_device_new_from_devnum(fstat(fd).st_rdev) with the device it
 *     opened and fails with "failed to create input device" otherwise.
 *
 * Only active while $UMOCKDEV_DIR is set.  Must come BEFORE umockdev's preload,
 * which resolves libc with dlsym(dlopen("libc.so.6")) and so would skip us:
 *   LD_PRELOAD="/tmp/umdev/libumdevfix.so:$LD_PRELOAD"   (inside umockdev-run)
 * Build: gcc -O2 -Wall -shared -fPIC -o libumdevfix.so libumdevfix.c -ldl
 * Debug: UMDEV_FIX_DEBUG=1
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define REAL(name) static __typeof__(name) *real_##name; \
	if (!real_##name) real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

static int dbg(void)
{
	static int d = -1;
	if (d < 0)
		d = getenv("UMDEV_FIX_DEBUG") != NULL;
	return d;
}

/* /run/udev/data/X -> $UMOCKDEV_DIR/run/udev/data/X */
static const char *redirect(const char *path, char *buf, size_t n)
{
	const char *root = getenv("UMOCKDEV_DIR");
	if (!root || !path || strncmp(path, "/run/udev/data/", 15) != 0)
		return path;
	snprintf(buf, n, "%s%s", root, path);
	if (dbg())
		fprintf(stderr, "umdevfix: %s -> %s\n", path, buf);
	return buf;
}

static void adjust_rdev(int fd, struct stat *st)
{
	REAL(readlink);
	const char *root = getenv("UMOCKDEV_DIR");
	char p[64], link[PATH_MAX], map[PATH_MAX + 64], mm[32];
	ssize_t l;
	unsigned ma, mi;

	if (!root || !S_ISCHR(st->st_mode))
		return;
	snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
	l = real_readlink(p, link, sizeof link - 1);
	if (l <= 0)
		return;
	link[l] = '\0';
	if (strncmp(link, "/dev/pts/", 9) != 0)
		return;
	for (char *c = link; *c; c++)
		if (*c == '/')
			*c = '_';
	snprintf(map, sizeof map, "%s/dev/.ptymap/%s", root, link);
	l = real_readlink(map, mm, sizeof mm - 1);
	if (l <= 0)
		return;
	mm[l] = '\0';
	if (sscanf(mm, "%u:%u", &ma, &mi) == 2) {
		if (dbg())
			fprintf(stderr, "umdevfix: fstat(%d) rdev %u:%u -> %u:%u\n", fd,
				major(st->st_rdev), minor(st->st_rdev), ma, mi);
		st->st_rdev = makedev(ma, mi);
	}
}

int fstat(int fd, struct stat *st)
{
	REAL(fstat);
	int r = real_fstat(fd, st);
	if (r == 0)
		adjust_rdev(fd, st);
	return r;
}

int fstat64(int fd, struct stat64 *st)
{
	REAL(fstat64);
	int r = real_fstat64(fd, st);
	if (r == 0)
		adjust_rdev(fd, (struct stat *)st);   /* identical layout on LP64 */
	return r;
}

#define OPEN_MODE(flags) \
	mode_t mode = 0; \
	if ((flags) & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }

int open(const char *path, int flags, ...)
{
	REAL(open);
	char buf[PATH_MAX];
	OPEN_MODE(flags);
	return real_open(redirect(path, buf, sizeof buf), flags, mode);
}

int open64(const char *path, int flags, ...)
{
	REAL(open64);
	char buf[PATH_MAX];
	OPEN_MODE(flags);
	return real_open64(redirect(path, buf, sizeof buf), flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	REAL(openat);
	char buf[PATH_MAX];
	OPEN_MODE(flags);
	return real_openat(dirfd, redirect(path, buf, sizeof buf), flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	REAL(openat64);
	char buf[PATH_MAX];
	OPEN_MODE(flags);
	return real_openat64(dirfd, redirect(path, buf, sizeof buf), flags, mode);
}

FILE *fopen(const char *path, const char *m)
{
	REAL(fopen);
	char buf[PATH_MAX];
	return real_fopen(redirect(path, buf, sizeof buf), m);
}

FILE *fopen64(const char *path, const char *m)
{
	REAL(fopen64);
	char buf[PATH_MAX];
	return real_fopen64(redirect(path, buf, sizeof buf), m);
}

int access(const char *path, int mode)
{
	REAL(access);
	char buf[PATH_MAX];
	return real_access(redirect(path, buf, sizeof buf), mode);
}
