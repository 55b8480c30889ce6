/* A fullscreen Wayland window that hands its wl_touch events to the app: the part of Examples/WaylandTouches
 * that speaks Wayland (libwayland-client, xdg-shell, a wl_shm buffer so that the window is shown and gets
 * touch focus). The app polls touch_window_fd() in its own loop. */
#ifndef TOUCH_WINDOW_H
#define TOUCH_WINDOW_H

#include <stddef.h>
#include <stdint.h>

/* What the window's wl_touch says, as libwayland-client gives it: times are the compositor's 32-bit
 * milliseconds, positions surface-local pixels (wl_fixed_t, 1/256 px, made doubles). */
struct touch_window_listener {
	void (*down)(void *data, uint32_t time, int32_t id, double x, double y);
	void (*motion)(void *data, uint32_t time, int32_t id, double x, double y);
	void (*up)(void *data, uint32_t time, int32_t id);
	void (*frame)(void *data);
	void (*cancel)(void *data);
};

struct touch_window;

/* Connects to the compositor ($WAYLAND_DISPLAY), opens a fullscreen window on it and waits until it is shown.
 * NULL on failure, with the reason in error (error_size bytes). */
struct touch_window *touch_window_open(const char *title, const struct touch_window_listener *listener, void *data,
                                       char *error, size_t error_size);

/* The window's size in surface pixels, as the compositor configured it. */
int32_t touch_window_width(const struct touch_window *window);
int32_t touch_window_height(const struct touch_window *window);

/* The output's physical size in mm, as wl_output.geometry gives it: 0 when the compositor does not know it (a
 * headless output). */
int32_t touch_window_output_width_mm(const struct touch_window *window);
int32_t touch_window_output_height_mm(const struct touch_window *window);

/* The connection's descriptor, for poll(). */
int touch_window_fd(const struct touch_window *window);

/* Before poll(): dispatches what is queued and sends what waits. 0, or -1 when the connection is lost. */
int touch_window_prepare(struct touch_window *window);

/* After poll() (readable: poll() reported something on the descriptor): reads the compositor's events and
 * dispatches them to the listener. 0; 1 once the compositor closed the window (xdg_toplevel.close); -1 when the
 * connection is lost. Call it after every touch_window_prepare(), readable or not. */
int touch_window_dispatch(struct touch_window *window, int readable);

void touch_window_close(struct touch_window *window);

#endif
