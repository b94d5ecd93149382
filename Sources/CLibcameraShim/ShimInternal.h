// Internal declarations of camsched's libcamera shim: the camera object behind csl_camera and
// the value conversions. Compiled only when libcamera's headers are found (pkg-config libcamera).
#pragma once

#include <condition_variable>
#include <cstdarg>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <libcamera/libcamera.h>
#include <libcamera/version.h>

#include "../CLibcameraAPI/include/CLibcameraAPI.h"

// The API spots newer libcamera releases changed. Compiled here: 0.0.3 (Debian 12) only.
#define CSL_LIBCAMERA_AT_LEAST(major, minor) \
    (LIBCAMERA_VERSION_MAJOR > (major) || (LIBCAMERA_VERSION_MAJOR == (major) && LIBCAMERA_VERSION_MINOR >= (minor)))

namespace csl {

/// One mapped plane region: a dmabuf mapped once, however many planes share it.
struct Mapping {
    void *address = nullptr;
    size_t length = 0;
};

/// The camera behind csl_camera: its libcamera object, configuration, buffers, requests and
/// the queue of completed requests its wait takes from.
struct Camera {
    std::shared_ptr<libcamera::Camera> camera;
    bool acquired = false;
    bool streaming = false;
    std::unique_ptr<libcamera::CameraConfiguration> configuration;
    std::unique_ptr<libcamera::FrameBufferAllocator> allocator;
    libcamera::Stream *stream = nullptr;
    std::vector<std::unique_ptr<libcamera::Request>> requests;
    std::map<int, Mapping> mappings;  // by dmabuf fd
    int64_t frameDurationUs = 0;

    std::mutex lock;
    std::condition_variable changed;
    std::deque<libcamera::Request *> completed;
    bool cancelled = false;
    bool disconnected = false;
    /// The last wait ran to its deadline without a frame: the pipeline may be going away.
    bool stalled = false;
    /// Left running and never touched again: its devices vanished without libcamera saying so.
    bool abandoned = false;

    void requestCompleted(libcamera::Request *request);
    void cameraDisconnected();
    int mapBuffers(char *error, size_t errorSize);
    void unmapBuffers();
    void freeBuffers();
};

/// Writes a formatted sentence into a caller's buffer (may be NULL).
void say(char *error, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));

/// libcamera's value as a csl_value (numbers only; at most CSL_MAX_ELEMENTS of them).
void toValue(const libcamera::ControlId *id, unsigned int numericId, const libcamera::ControlValue &value, csl_value *out);
/// The ControlValue for `value` as the control `id` takes it; false when the types cannot match.
bool fromValue(const libcamera::ControlId &id, const csl_value &value, libcamera::ControlValue *out);
/// The control of `info` named `name`, or NULL.
const libcamera::ControlId *controlNamed(const libcamera::ControlInfoMap &info, const char *name);
/// Fills `out` from a ControlInfo.
void toControlInfo(const libcamera::ControlId &id, const libcamera::ControlInfo &info, csl_control_info *out);
/// Sets `values` on `list` (controls of the camera `info`); false with `error` on the first bad one.
bool setControls(const libcamera::ControlInfoMap &info, libcamera::ControlList &list,
                 const csl_value *values, int count, char *error, size_t errorSize);

}  // namespace csl
