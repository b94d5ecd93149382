// Fixed-signature wrappers for libv4l2's variadic calls and the VIDIOC_* request numbers,
// which are function-like macros Swift cannot import.
#ifndef CV4L2SHIM_H
#define CV4L2SHIM_H

#include <linux/videodev2.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#pragma clang assume_nonnull begin

/// `v4l2_open(path, flags)`; returns a file descriptor or -1 with errno set.
int cs_v4l2_open(const char *path, int flags);
/// `v4l2_fd_open(fd, v4l2_flags)`: lets libv4l2 take over an already open descriptor (what
/// `v4l2_open` does after `open`); returns `fd`, or -1 with errno set.
int cs_v4l2_fd_open(int fd, int v4l2Flags);
/// The plain `ioctl(fd, request, arg)` without libv4l2, for probing a node before handing it to
/// libv4l2 (which prints its own complaints about nodes that are not V4L2).
int cs_sys_ioctl(int fd, unsigned long request, void *_Nullable arg);
/// Sends libv4l2's own error messages to /dev/null (the Swift layer reports every failure as a
/// typed error), unless `LIBV4L2_LOG_FILENAME` asks for a log. Idempotent.
void cs_v4l2_quiet_log(void);
/// `v4l2_close(fd)`.
int cs_v4l2_close(int fd);
/// `v4l2_ioctl(fd, request, arg)`, without EINTR retry (the Swift layer retries).
int cs_v4l2_ioctl(int fd, unsigned long request, void *_Nullable arg);
/// `v4l2_mmap`; returns NULL (not MAP_FAILED) on failure with errno set.
void *_Nullable cs_v4l2_mmap(size_t length, int fd, int64_t offset);
/// `v4l2_munmap`.
int cs_v4l2_munmap(void *start, size_t length);

extern const unsigned long CS_VIDIOC_QUERYCAP;
extern const unsigned long CS_VIDIOC_ENUM_FMT;
extern const unsigned long CS_VIDIOC_G_FMT;
extern const unsigned long CS_VIDIOC_S_FMT;
extern const unsigned long CS_VIDIOC_TRY_FMT;
extern const unsigned long CS_VIDIOC_REQBUFS;
extern const unsigned long CS_VIDIOC_QUERYBUF;
extern const unsigned long CS_VIDIOC_QBUF;
extern const unsigned long CS_VIDIOC_DQBUF;
extern const unsigned long CS_VIDIOC_STREAMON;
extern const unsigned long CS_VIDIOC_STREAMOFF;
extern const unsigned long CS_VIDIOC_G_PARM;
extern const unsigned long CS_VIDIOC_S_PARM;
extern const unsigned long CS_VIDIOC_ENUM_FRAMESIZES;
extern const unsigned long CS_VIDIOC_ENUM_FRAMEINTERVALS;
extern const unsigned long CS_VIDIOC_QUERYCTRL;
extern const unsigned long CS_VIDIOC_QUERY_EXT_CTRL;
extern const unsigned long CS_VIDIOC_QUERYMENU;
extern const unsigned long CS_VIDIOC_G_CTRL;
extern const unsigned long CS_VIDIOC_S_CTRL;
extern const unsigned long CS_VIDIOC_G_EXT_CTRLS;
extern const unsigned long CS_VIDIOC_S_EXT_CTRLS;
extern const unsigned long CS_VIDIOC_ENUMINPUT;
extern const unsigned long CS_VIDIOC_G_INPUT;
extern const unsigned long CS_VIDIOC_S_INPUT;
extern const unsigned long CS_VIDIOC_G_SELECTION;
extern const unsigned long CS_VIDIOC_S_SELECTION;

/// V4L2 control ids used by camsched (some are composed with macros Swift does not import).
extern const unsigned int CS_V4L2_CID_FOCUS_AUTO;
extern const unsigned int CS_V4L2_CID_FOCUS_ABSOLUTE;
extern const unsigned int CS_V4L2_CID_AUTO_FOCUS_START;
extern const unsigned int CS_V4L2_CID_EXPOSURE_AUTO;
extern const unsigned int CS_V4L2_CID_EXPOSURE_ABSOLUTE;
extern const unsigned int CS_V4L2_CID_AUTO_WHITE_BALANCE;
extern const unsigned int CS_V4L2_CID_WHITE_BALANCE_TEMPERATURE;
extern const unsigned int CS_V4L2_CID_3A_LOCK;
extern const unsigned int CS_V4L2_CID_ZOOM_ABSOLUTE;
extern const unsigned int CS_V4L2_CID_EXPOSURE_BIAS;
extern const unsigned int CS_V4L2_CID_AUTO_EXPOSURE_BIAS;
extern const unsigned int CS_V4L2_CID_POWER_LINE_FREQUENCY;
extern const unsigned int CS_V4L2_CTRL_FLAG_NEXT_CTRL;
extern const unsigned int CS_V4L2_CTRL_FLAG_NEXT_COMPOUND;

/// `v4l2_buffer.timestamp` as nanoseconds (the struct's timeval layout differs by ABI).
int64_t cs_v4l2_buffer_timestamp_ns(const struct v4l2_buffer *buffer);
/// `v4l2_buffer.m.offset`.
uint32_t cs_v4l2_buffer_offset(const struct v4l2_buffer *buffer);

/// `v4l2_querymenu.name` (the struct is packed and its union anonymous).
const char *cs_v4l2_querymenu_name(const struct v4l2_querymenu *menu);
/// `v4l2_querymenu.value`, for integer menus.
int64_t cs_v4l2_querymenu_value(const struct v4l2_querymenu *menu);

/// One `VIDIOC_G_EXT_CTRLS` call for a single control of the current value; `is64` selects
/// `value64` over `value`. Returns the ioctl's result (-1 with errno set), without EINTR retry.
int cs_v4l2_get_ext_ctrl(int fd, uint32_t id, int is64, int64_t *value);
/// One `VIDIOC_S_EXT_CTRLS` call for a single control; `is64` selects `value64` over `value`.
int cs_v4l2_set_ext_ctrl(int fd, uint32_t id, int is64, int64_t value);
/// One `VIDIOC_G_EXT_CTRLS` call reading a string control into `buffer` of `size` bytes.
int cs_v4l2_get_ext_ctrl_string(int fd, uint32_t id, char *buffer, uint32_t size);

/// The text for an errno value (`strerrordesc_np`, thread-safe, not localised).
const char *cs_errno_description(int code);
/// The symbolic name of an errno value such as "EBUSY", or NULL when unknown.
const char *_Nullable cs_errno_name(int code);

#pragma clang assume_nonnull end

#endif
