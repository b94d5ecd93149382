// The shim's one exported symbol, camsched_libcamera_api: the table of C functions over
// libcamera's CameraManager and cameras. Built without libcamera's headers (no libcamera-dev
// when it was compiled), the table's functions say so instead.
#include "../CLibcameraAPI/include/CLibcameraAPI.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CSL_EXPORT extern "C" __attribute__((visibility("default")))

#if __has_include(<libcamera/libcamera.h>)
#include "ShimInternal.h"

using namespace libcamera;
using csl::say;

namespace {
std::mutex managerLock;
std::unique_ptr<CameraManager> manager;  // libcamera allows one per process
int managerUsers = 0;
std::string compiledVersion = std::to_string(LIBCAMERA_VERSION_MAJOR) + "." + std::to_string(LIBCAMERA_VERSION_MINOR) +
                              "." + std::to_string(LIBCAMERA_VERSION_PATCH);

void describeCamera(const Camera &camera, csl_camera_info *info) {
    memset(info, 0, sizeof *info);
    snprintf(info->id, sizeof info->id, "%s", camera.id().c_str());
    const ControlList &properties = camera.properties();
    std::optional<std::string> model = properties.get(properties::Model);
    snprintf(info->model, sizeof info->model, "%s", model ? model->c_str() : "");
    std::optional<int32_t> location = properties.get(properties::Location);
    info->location = location ? *location : CSL_LOCATION_UNKNOWN;
    std::optional<int32_t> rotation = properties.get(properties::Rotation);
    info->rotation = rotation ? *rotation : -1;
}
}  // namespace

extern "C" {
int csl_configure(csl_camera *, csl_configuration *, char *, size_t);
int csl_start(csl_camera *, const csl_value *, int, char *, size_t);
int csl_stop(csl_camera *);
int csl_wait(csl_camera *, int64_t, csl_frame *);
void csl_cancel_wait(csl_camera *);
int csl_frame_metadata(csl_camera *, uint32_t, csl_value *, int);
int csl_requeue(csl_camera *, uint32_t, const csl_value *, int, char *, size_t);
}

static const char *runtimeVersion(void) { return CameraManager::version().c_str(); }
static const char *compiledVersionText(void) { return compiledVersion.c_str(); }

static int managerStart(char *error, size_t errorSize) {
    std::lock_guard<std::mutex> guard(managerLock);
    if (managerUsers > 0) { managerUsers++; return 0; }
    // libcamera logs every start at INFO on stderr; camsched keeps its warnings unless the user
    // chose levels (LIBCAMERA_LOG_LEVELS).
    // libcamera reads the variable when its logger is first made; logSetLevel covers a logger
    // made before (categories that exist then).
    if (!getenv("LIBCAMERA_LOG_LEVELS")) {
        setenv("LIBCAMERA_LOG_LEVELS", "*:ERROR", 0);
        logSetLevel("*", "ERROR");
    }
    auto started = std::make_unique<CameraManager>();
    int rc = started->start();
    if (rc < 0) { say(error, errorSize, "libcamera's camera manager did not start: %s", strerror(-rc)); return rc; }
    manager = std::move(started);
    managerUsers = 1;
    return 0;
}

static void managerStop(void) {
    std::lock_guard<std::mutex> guard(managerLock);
    if (managerUsers == 0 || --managerUsers > 0) return;
    manager->stop();
    manager.reset();
}

static int listCameras(csl_camera_info *infos, int capacity) {
    std::lock_guard<std::mutex> guard(managerLock);
    if (!manager) return -EINVAL;
    std::vector<std::shared_ptr<Camera>> cameras = manager->cameras();
    for (int i = 0; i < capacity && i < static_cast<int>(cameras.size()); i++) describeCamera(*cameras[i], &infos[i]);
    return static_cast<int>(cameras.size());
}

static csl_camera *cameraOpen(const char *id, char *error, size_t errorSize) {
    std::lock_guard<std::mutex> guard(managerLock);
    if (!manager) { say(error, errorSize, "libcamera's camera manager is not started"); return nullptr; }
    std::shared_ptr<Camera> camera;
    if (id && *id) camera = manager->get(id);
    else if (!manager->cameras().empty()) camera = manager->cameras().front();
    if (!camera) {
        if (id && *id) say(error, errorSize, "libcamera has no camera '%s' (%zu camera(s) found)", id, manager->cameras().size());
        else say(error, errorSize, "libcamera found no camera");
        return nullptr;
    }
    auto *c = new csl::Camera();
    c->camera = camera;
    camera->requestCompleted.connect(c, &csl::Camera::requestCompleted);
    camera->disconnected.connect(c, &csl::Camera::cameraDisconnected);
    return reinterpret_cast<csl_camera *>(c);
}

static int releaseCamera(csl_camera *camera) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    csl_stop(camera);
    if (c->abandoned) return -ENODEV;
    c->freeBuffers();
    c->configuration.reset();
    if (!c->acquired) return 0;
    c->acquired = false;
    return c->camera->release();
}

static void cameraClose(csl_camera *camera) {
    if (!camera) return;
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    releaseCamera(camera);
    if (c->abandoned) return;  // see csl_stop: never touched again
    c->camera->requestCompleted.disconnect(c);
    c->camera->disconnected.disconnect(c);
    delete c;
}

static void cameraInfo(csl_camera *camera, csl_camera_info *info) {
    describeCamera(*reinterpret_cast<csl::Camera *>(camera)->camera, info);
}

static int streamFormats(csl_camera *camera, csl_stream_format *formats, int capacity) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    std::vector<StreamRole> roles{ StreamRole::VideoRecording };
    std::unique_ptr<CameraConfiguration> configuration = c->camera->generateConfiguration(roles);
    if (!configuration || configuration->empty()) return 0;
    const StreamFormats &offered = configuration->at(0).formats();
    int n = 0;
    for (const PixelFormat &format : offered.pixelformats()) {
        for (const Size &size : offered.sizes(format)) {
            if (n < capacity) {
                csl_stream_format *out = &formats[n];
                memset(out, 0, sizeof *out);
                out->fourcc = format.fourcc();
                out->modifier = format.modifier();
                snprintf(out->name, sizeof out->name, "%s", format.toString().c_str());
                out->width = size.width;
                out->height = size.height;
            }
            n++;
        }
    }
    return n;
}

static int listControls(csl_camera *camera, csl_control_info *infos, int capacity) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    int n = 0;
    for (const auto &entry : c->camera->controls()) {
        if (n < capacity) csl::toControlInfo(*entry.first, entry.second, &infos[n]);
        n++;
    }
    return n;
}

static int acquireCamera(csl_camera *camera, char *error, size_t errorSize) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    if (c->acquired) return 0;
    int rc = c->camera->acquire();
    if (rc < 0) {
        say(error, errorSize, rc == -EBUSY ? "the camera is in use by another process or camera object"
                                           : "acquiring the camera failed: %s", strerror(-rc));
        return rc;
    }
    c->acquired = true;
    return 0;
}

static const csl_api table = {
    CSL_ABI_VERSION, runtimeVersion, compiledVersionText, managerStart, managerStop, listCameras,
    cameraOpen, cameraClose, cameraInfo, streamFormats, listControls, acquireCamera, releaseCamera,
    csl_configure, csl_start, csl_stop, csl_wait, csl_cancel_wait, csl_frame_metadata, csl_requeue,
};

#else  // built without libcamera-dev: every entry says so

static const char *const missing =
    "camsched was built without libcamera (libcamera-dev was not installed when it was compiled): "
    "install libcamera-dev and build camsched again";
static const char *noVersion(void) { return ""; }
static int managerStart(char *error, size_t errorSize) {
    if (error && errorSize) snprintf(error, errorSize, "%s", missing);
    return -ENOSYS;
}
static void managerStop(void) {}
static int listCameras(csl_camera_info *, int) { return -ENOSYS; }
static csl_camera *cameraOpen(const char *, char *error, size_t errorSize) {
    managerStart(error, errorSize);
    return nullptr;
}
// Every entry is set (Swift calls them unchecked); none past cameraOpen is reached, since no
// camera opens without a manager.
static void noClose(csl_camera *) {}
static void noInfo(csl_camera *, csl_camera_info *) {}
static int noList(csl_camera *, void *, int) { return -ENOSYS; }
static int noCall(csl_camera *) { return -ENOSYS; }
static int noCallWithError(csl_camera *, char *, size_t) { return -ENOSYS; }

static csl_api stubTable() {
    csl_api stub{};
    stub.abi_version = CSL_ABI_VERSION;
    stub.runtime_version = noVersion;
    stub.compiled_version = noVersion;
    stub.manager_start = managerStart;
    stub.manager_stop = managerStop;
    stub.list_cameras = listCameras;
    stub.camera_open = cameraOpen;
    stub.camera_close = noClose;
    stub.camera_info = noInfo;
    stub.stream_formats = [](csl_camera *c, csl_stream_format *f, int n) { return noList(c, f, n); };
    stub.controls = [](csl_camera *c, csl_control_info *i, int n) { return noList(c, i, n); };
    stub.acquire = noCallWithError;
    stub.release = noCall;
    stub.configure = [](csl_camera *c, csl_configuration *, char *e, size_t s) { return noCallWithError(c, e, s); };
    stub.start = [](csl_camera *c, const csl_value *, int, char *e, size_t s) { return noCallWithError(c, e, s); };
    stub.stop = noCall;
    stub.wait = [](csl_camera *, int64_t, csl_frame *) { return static_cast<int>(CSL_WAIT_NOT_STREAMING); };
    stub.cancel_wait = noClose;
    stub.frame_metadata = [](csl_camera *c, uint32_t, csl_value *v, int n) { return noList(c, v, n); };
    stub.requeue = [](csl_camera *c, uint32_t, const csl_value *, int, char *e, size_t s) { return noCallWithError(c, e, s); };
    return stub;
}
static const csl_api table = stubTable();
#endif

CSL_EXPORT const csl_api *camsched_libcamera_api(int32_t abiVersion) {
    return abiVersion == CSL_ABI_VERSION ? &table : nullptr;
}
