// For strerrordesc_np / strerrorname_np (glibc 2.32+): thread-safe errno texts.
#define _GNU_SOURCE
#include "CV4L2Shim.h"
#include <errno.h>
#include <string.h>
#include <libv4l2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <stdint.h>

// libv4l2 logs every ioctl to its log file and flushes it each time: to /dev/null that was a
// write(2) per ioctl (two per frame, ~500 for a cold snapshot). A stream whose writes are
// dropped in the process costs no system call.
static ssize_t cs_discard(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    (void)buffer;
    return (ssize_t)size;
}

static void cs_v4l2_open_null_log(void) {
    if (v4l2_log_file == NULL && getenv("LIBV4L2_LOG_FILENAME") == NULL) {
        cookie_io_functions_t discard = { .read = NULL, .write = cs_discard, .seek = NULL, .close = NULL };
        v4l2_log_file = fopencookie(NULL, "w", discard);
    }
}

int cs_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
void cs_v4l2_quiet_log(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cs_v4l2_open_null_log);
}
int cs_v4l2_fd_open(int fd, int v4l2Flags) { return v4l2_fd_open(fd, v4l2Flags); }
int cs_sys_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }
int cs_v4l2_close(int fd) { return v4l2_close(fd); }
int cs_v4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }
void *cs_v4l2_mmap(size_t length, int fd, int64_t offset) {
    void *p = v4l2_mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
    return p == MAP_FAILED ? NULL : p;
}
int cs_v4l2_munmap(void *start, size_t length) { return v4l2_munmap(start, length); }

const unsigned long CS_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
const unsigned long CS_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
const unsigned long CS_VIDIOC_G_FMT = VIDIOC_G_FMT;
const unsigned long CS_VIDIOC_S_FMT = VIDIOC_S_FMT;
const unsigned long CS_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT;
const unsigned long CS_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
const unsigned long CS_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
const unsigned long CS_VIDIOC_QBUF = VIDIOC_QBUF;
const unsigned long CS_VIDIOC_DQBUF = VIDIOC_DQBUF;
const unsigned long CS_VIDIOC_STREAMON = VIDIOC_STREAMON;
const unsigned long CS_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
const unsigned long CS_VIDIOC_G_PARM = VIDIOC_G_PARM;
const unsigned long CS_VIDIOC_S_PARM = VIDIOC_S_PARM;
const unsigned long CS_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
const unsigned long CS_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
const unsigned long CS_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
const unsigned long CS_VIDIOC_QUERY_EXT_CTRL = VIDIOC_QUERY_EXT_CTRL;
const unsigned long CS_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
const unsigned long CS_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
const unsigned long CS_VIDIOC_S_CTRL = VIDIOC_S_CTRL;
const unsigned long CS_VIDIOC_G_EXT_CTRLS = VIDIOC_G_EXT_CTRLS;
const unsigned long CS_VIDIOC_S_EXT_CTRLS = VIDIOC_S_EXT_CTRLS;
const unsigned long CS_VIDIOC_ENUMINPUT = VIDIOC_ENUMINPUT;
const unsigned long CS_VIDIOC_G_INPUT = VIDIOC_G_INPUT;
const unsigned long CS_VIDIOC_S_INPUT = VIDIOC_S_INPUT;
const unsigned long CS_VIDIOC_G_SELECTION = VIDIOC_G_SELECTION;
const unsigned long CS_VIDIOC_S_SELECTION = VIDIOC_S_SELECTION;

const unsigned int CS_V4L2_CID_FOCUS_AUTO = V4L2_CID_FOCUS_AUTO;
const unsigned int CS_V4L2_CID_FOCUS_ABSOLUTE = V4L2_CID_FOCUS_ABSOLUTE;
const unsigned int CS_V4L2_CID_AUTO_FOCUS_START = V4L2_CID_AUTO_FOCUS_START;
const unsigned int CS_V4L2_CID_EXPOSURE_AUTO = V4L2_CID_EXPOSURE_AUTO;
const unsigned int CS_V4L2_CID_EXPOSURE_ABSOLUTE = V4L2_CID_EXPOSURE_ABSOLUTE;
const unsigned int CS_V4L2_CID_AUTO_WHITE_BALANCE = V4L2_CID_AUTO_WHITE_BALANCE;
const unsigned int CS_V4L2_CID_WHITE_BALANCE_TEMPERATURE = V4L2_CID_WHITE_BALANCE_TEMPERATURE;
const unsigned int CS_V4L2_CID_3A_LOCK = V4L2_CID_3A_LOCK;
const unsigned int CS_V4L2_CID_ZOOM_ABSOLUTE = V4L2_CID_ZOOM_ABSOLUTE;
const unsigned int CS_V4L2_CID_EXPOSURE_BIAS = V4L2_CID_AUTO_EXPOSURE_BIAS;
const unsigned int CS_V4L2_CID_AUTO_EXPOSURE_BIAS = V4L2_CID_AUTO_EXPOSURE_BIAS;
const unsigned int CS_V4L2_CID_POWER_LINE_FREQUENCY = V4L2_CID_POWER_LINE_FREQUENCY;
const unsigned int CS_V4L2_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;
const unsigned int CS_V4L2_CTRL_FLAG_NEXT_COMPOUND = V4L2_CTRL_FLAG_NEXT_COMPOUND;

int64_t cs_v4l2_buffer_timestamp_ns(const struct v4l2_buffer *b) {
    return (int64_t)b->timestamp.tv_sec * 1000000000LL + (int64_t)b->timestamp.tv_usec * 1000LL;
}
uint32_t cs_v4l2_buffer_offset(const struct v4l2_buffer *b) { return b->m.offset; }

const char *cs_v4l2_querymenu_name(const struct v4l2_querymenu *menu) { return (const char *)menu->name; }
int64_t cs_v4l2_querymenu_value(const struct v4l2_querymenu *menu) { return menu->value; }

static int cs_ext_ctrls(int fd, unsigned long request, struct v4l2_ext_control *control) {
    struct v4l2_ext_controls controls;
    memset(&controls, 0, sizeof controls);
    controls.which = V4L2_CTRL_WHICH_CUR_VAL;
    controls.count = 1;
    controls.controls = control;
    return v4l2_ioctl(fd, request, &controls);
}

int cs_v4l2_get_ext_ctrl(int fd, uint32_t id, int is64, int64_t *value) {
    struct v4l2_ext_control control;
    memset(&control, 0, sizeof control);
    control.id = id;
    int result = cs_ext_ctrls(fd, VIDIOC_G_EXT_CTRLS, &control);
    if (result == 0) *value = is64 ? control.value64 : (int64_t)control.value;
    return result;
}

int cs_v4l2_set_ext_ctrl(int fd, uint32_t id, int is64, int64_t value) {
    struct v4l2_ext_control control;
    memset(&control, 0, sizeof control);
    control.id = id;
    if (is64) control.value64 = value; else control.value = (int32_t)value;
    return cs_ext_ctrls(fd, VIDIOC_S_EXT_CTRLS, &control);
}

int cs_v4l2_get_ext_ctrl_string(int fd, uint32_t id, char *buffer, uint32_t size) {
    struct v4l2_ext_control control;
    memset(&control, 0, sizeof control);
    control.id = id;
    control.size = size;
    control.string = buffer;
    return cs_ext_ctrls(fd, VIDIOC_G_EXT_CTRLS, &control);
}

const char *cs_errno_description(int code) {
    const char *text = strerrordesc_np(code);
    return text ? text : "Unknown error";
}
const char *cs_errno_name(int code) { return strerrorname_np(code); }
