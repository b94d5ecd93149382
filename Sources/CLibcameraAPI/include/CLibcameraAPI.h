// The C interface of camsched's libcamera shim (Sources/CLibcameraShim, built as
// libcamsched-libcamera.so against libcamera's C++ API). camsched never links the shim: the
// device layer (CamschedLibcamera) opens it with dlopen when a libcamera camera is asked for and
// takes this table of functions from its one exported symbol, `camsched_libcamera_api`. A
// machine without libcamera therefore runs camsched (and every other camera) unchanged.
//
// Conventions: a function returning int returns 0 or a negative errno; where it takes
// `error`/`error_size` it also writes a sentence saying what failed. Strings are NUL-terminated
// and truncated to their buffers. Durations are in microseconds (libcamera's unit for exposure
// and frame durations), timestamps in nanoseconds of CLOCK_MONOTONIC.
#ifndef CLIBCAMERA_API_H
#define CLIBCAMERA_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Bumped whenever this table or a struct below changes shape: the loader refuses a shim built
/// from another version of this header.
#define CSL_ABI_VERSION 1
#define CSL_API_SYMBOL "camsched_libcamera_api"

/// One camera, found (csl_camera_open) and then acquired, configured and streamed.
typedef struct csl_camera csl_camera;

/// Where the camera is mounted (libcamera's properties::Location), or unknown.
enum csl_location { CSL_LOCATION_UNKNOWN = -1, CSL_LOCATION_FRONT = 0, CSL_LOCATION_BACK = 1, CSL_LOCATION_EXTERNAL = 2 };

typedef struct {
    char id[256];     ///< libcamera's camera id ("platform/vimc.0 Sensor B", "/base/soc/i2c0mux/i2c@1/imx708@1a")
    char model[128];  ///< properties::Model, or "" when the pipeline does not say
    int32_t location; ///< enum csl_location
    int32_t rotation; ///< properties::Rotation in degrees, -1 when unknown
} csl_camera_info;

/// One pixel format at one size the camera's video stream offers.
typedef struct {
    uint32_t fourcc;  ///< DRM fourcc (libcamera's PixelFormat), e.g. 'BG24' for BGR888
    uint64_t modifier;
    char name[32];    ///< libcamera's name, e.g. "BGR888", "YUYV", "MJPEG"
    uint32_t width, height;
} csl_stream_format;

/// libcamera's control types (ControlType), of a control and of a value.
enum csl_type {
    CSL_TYPE_NONE = 0, CSL_TYPE_BOOL, CSL_TYPE_BYTE, CSL_TYPE_INT32, CSL_TYPE_INT64, CSL_TYPE_FLOAT,
    CSL_TYPE_STRING, CSL_TYPE_RECTANGLE, CSL_TYPE_SIZE
};
#define CSL_MAX_ELEMENTS 4

/// A control's value: `count` numbers of `type` (a scalar has count 1; ColourGains 2,
/// FrameDurationLimits 2, a Rectangle 4: x, y, width, height; a Size 2). Numbers of more
/// elements than CSL_MAX_ELEMENTS are cut (`truncated` is 1); strings are not carried.
typedef struct {
    char name[48];    ///< libcamera's control name: "ExposureTime", "AnalogueGain", "ColourGains", …
    uint32_t id;      ///< libcamera's numeric id in the shim's libcamera version (names are stable, ids need not be)
    int32_t type;     ///< enum csl_type
    int32_t count;
    int32_t truncated;
    double values[CSL_MAX_ELEMENTS];
} csl_value;

/// A control the camera offers, with its limits and default (each a csl_value; `has_default`
/// is 0 when the pipeline gives none).
typedef struct {
    char name[48];
    uint32_t id;
    int32_t type;
    int32_t is_array;
    int32_t has_default;
    csl_value min, max, def;
    int32_t enum_count;          ///< for a menu-like control (AfMode), its listed values
    int32_t enum_values[16];
} csl_control_info;

/// The stream configuration asked for and the one applied (libcamera may adjust it).
typedef struct {
    uint32_t fourcc;          ///< 0: the camera's default
    uint32_t width, height;   ///< 0: the camera's default
    uint32_t buffer_count;    ///< 0: the camera's default
    int64_t frame_duration_us;///< 0: the camera's default; else FrameDurationLimits = {d, d} at start
    // Applied (written by csl_configure):
    uint32_t stride;
    uint32_t frame_size;
    int32_t adjusted;         ///< 1 when libcamera changed what was asked
    char format_name[32];
} csl_configuration;

/// The answer of csl_wait.
enum csl_wait_result { CSL_WAIT_FRAME = 1, CSL_WAIT_TIMEOUT = 0, CSL_WAIT_CANCELLED = -1, CSL_WAIT_DISCONNECTED = -2, CSL_WAIT_NOT_STREAMING = -3 };

#define CSL_MAX_PLANES 3

/// One completed request: its buffer's planes (mapped, valid until the request is requeued or
/// the camera is released) and its metadata (read with csl_frame_metadata).
typedef struct {
    uint32_t request;         ///< the request's index: give it back to csl_requeue
    int32_t status;           ///< 0 complete; 1 the buffer is marked as an error
    uint32_t sequence;        ///< the buffer's frame sequence number
    uint64_t buffer_timestamp;///< the buffer's timestamp (ns, CLOCK_MONOTONIC)
    int64_t sensor_timestamp; ///< controls::SensorTimestamp (ns, CLOCK_MONOTONIC), -1 when absent
    int32_t metadata_count;   ///< the entries csl_frame_metadata can read
    int32_t plane_count;
    const uint8_t *_Nullable planes[CSL_MAX_PLANES];
    uint32_t plane_bytes[CSL_MAX_PLANES];  ///< bytes used
} csl_frame;

#pragma clang assume_nonnull begin
/// The shim's functions (every entry set: Swift calls them without checking). Calls on one camera are made from one thread at a time, except
/// csl_cancel_wait, which may be called from any thread while another waits.
typedef struct {
    int32_t abi_version;
    /// libcamera's version string at run time, and the one the shim was compiled against.
    const char *_Nonnull (*_Nonnull runtime_version)(void);
    const char *_Nonnull (*_Nonnull compiled_version)(void);
    /// Starts the process's one CameraManager (counted: every start has its stop).
    int (*_Nonnull manager_start)(char *error, size_t error_size);
    void (*_Nonnull manager_stop)(void);
    /// The cameras the running manager knows; writes up to `capacity`, returns how many exist.
    int (*_Nonnull list_cameras)(csl_camera_info *infos, int capacity);
    /// Finds a camera by libcamera id (NULL: the first). Not yet acquired.
    csl_camera *_Nullable (*_Nonnull camera_open)(const char *_Nullable id, char *error, size_t error_size);
    void (*_Nonnull camera_close)(csl_camera *camera);
    void (*_Nonnull camera_info)(csl_camera *camera, csl_camera_info *info);
    int (*_Nonnull stream_formats)(csl_camera *camera, csl_stream_format *formats, int capacity);
    int (*_Nonnull controls)(csl_camera *camera, csl_control_info *infos, int capacity);
    int (*_Nonnull acquire)(csl_camera *camera, char *error, size_t error_size);
    int (*_Nonnull release)(csl_camera *camera);
    int (*_Nonnull configure)(csl_camera *camera, csl_configuration *configuration, char *error, size_t error_size);
    /// Starts streaming with `controls` (may be NULL) and queues every request.
    int (*_Nonnull start)(csl_camera *camera, const csl_value *_Nullable controls, int count, char *error, size_t error_size);
    int (*_Nonnull stop)(csl_camera *camera);
    /// Waits until a request completes, `timeout_ns` passes, or csl_cancel_wait is called.
    int (*_Nonnull wait)(csl_camera *camera, int64_t timeout_ns, csl_frame *frame);
    void (*_Nonnull cancel_wait)(csl_camera *camera);
    /// The completed request's metadata: up to `capacity` entries, returns how many it has.
    int (*_Nonnull frame_metadata)(csl_camera *camera, uint32_t request, csl_value *values, int capacity);
    /// Queues the request again with `controls` set on it (may be NULL).
    int (*_Nonnull requeue)(csl_camera *camera, uint32_t request, const csl_value *_Nullable controls, int count, char *error, size_t error_size);
} csl_api;

/// The shim's one exported symbol: the table, or NULL when `abi_version` is not its own.
typedef const csl_api *_Nullable (*_Nonnull csl_api_entry)(int32_t abi_version);
#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif
