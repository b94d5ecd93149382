// One camera's configuration, buffers and streaming: the configure/start/wait/requeue/stop
// half of the shim's C interface.
#if __has_include(<libcamera/libcamera.h>)
#include "ShimInternal.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

using namespace libcamera;

namespace csl {

void Camera::requestCompleted(Request *request) {
    // stop() completes the requests still queued as cancelled: nobody waits for those.
    if (request->status() == Request::RequestCancelled) return;
    {
        std::lock_guard<std::mutex> guard(lock);
        completed.push_back(request);
    }
    changed.notify_all();
}

void Camera::cameraDisconnected() {
    {
        std::lock_guard<std::mutex> guard(lock);
        disconnected = true;
    }
    changed.notify_all();
}

int Camera::mapBuffers(char *error, size_t errorSize) {
    for (const std::unique_ptr<FrameBuffer> &buffer : allocator->buffers(stream)) {
        for (const FrameBuffer::Plane &plane : buffer->planes()) {
            int fd = plane.fd.get();
            if (mappings.count(fd)) continue;
            // A dmabuf's size is its end: several planes may share it at offsets.
            off_t length = lseek(fd, 0, SEEK_END);
            if (length <= 0) length = static_cast<off_t>(plane.offset) + plane.length;
            void *address = mmap(nullptr, static_cast<size_t>(length), PROT_READ, MAP_SHARED, fd, 0);
            if (address == MAP_FAILED) {
                int code = errno;
                say(error, errorSize, "mapping a frame buffer failed: %s", strerror(code));
                return -code;
            }
            mappings[fd] = Mapping{ address, static_cast<size_t>(length) };
        }
    }
    return 0;
}

void Camera::unmapBuffers() {
    for (auto &entry : mappings) munmap(entry.second.address, entry.second.length);
    mappings.clear();
}

void Camera::freeBuffers() {
    unmapBuffers();
    requests.clear();
    {
        std::lock_guard<std::mutex> guard(lock);
        completed.clear();
    }
    if (allocator && stream) allocator->free(stream);
    allocator.reset();
    stream = nullptr;
}

}  // namespace csl

using csl::say;

static int makeRequests(csl::Camera *c, char *error, size_t errorSize) {
    c->allocator = std::make_unique<FrameBufferAllocator>(c->camera);
    if (c->allocator->allocate(c->stream) < 0) {
        say(error, errorSize, "libcamera could not allocate the stream's buffers");
        return -ENOMEM;
    }
    const auto &buffers = c->allocator->buffers(c->stream);
    for (size_t i = 0; i < buffers.size(); i++) {
        std::unique_ptr<Request> request = c->camera->createRequest(i);
        if (!request || request->addBuffer(c->stream, buffers[i].get()) < 0) {
            say(error, errorSize, "libcamera could not make a capture request");
            return -ENOMEM;
        }
        c->requests.push_back(std::move(request));
    }
    return c->mapBuffers(error, errorSize);
}

extern "C" int csl_configure(csl_camera *camera, csl_configuration *cfg, char *error, size_t errorSize) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    if (!c->acquired) { say(error, errorSize, "the camera is not acquired"); return -EPERM; }
    if (c->streaming) { say(error, errorSize, "the camera is streaming: stop it first"); return -EBUSY; }
    c->freeBuffers();
    // StreamRoles is a vector in 0.0.3 and a Span from 0.1 on: a vector converts to both.
    std::vector<StreamRole> roles{ StreamRole::VideoRecording };
    c->configuration = c->camera->generateConfiguration(roles);
    if (!c->configuration || c->configuration->empty()) {
        say(error, errorSize, "libcamera offers no video stream on this camera");
        return -EINVAL;
    }
    StreamConfiguration &stream = c->configuration->at(0);
    if (cfg->fourcc) stream.pixelFormat = PixelFormat(cfg->fourcc);
    if (cfg->width && cfg->height) stream.size = Size(cfg->width, cfg->height);
    if (cfg->buffer_count) stream.bufferCount = cfg->buffer_count;
    CameraConfiguration::Status status = c->configuration->validate();
    if (status == CameraConfiguration::Invalid) {
        say(error, errorSize, "libcamera refuses the configuration %ux%u", cfg->width, cfg->height);
        return -EINVAL;
    }
    int rc = c->camera->configure(c->configuration.get());
    if (rc < 0) { say(error, errorSize, "configuring the camera failed: %s", strerror(-rc)); return rc; }
    c->stream = stream.stream();
    if ((rc = makeRequests(c, error, errorSize)) < 0) { c->freeBuffers(); return rc; }
    cfg->adjusted = status == CameraConfiguration::Adjusted;
    cfg->fourcc = stream.pixelFormat.fourcc();
    cfg->width = stream.size.width;
    cfg->height = stream.size.height;
    cfg->buffer_count = static_cast<uint32_t>(c->requests.size());
    cfg->stride = stream.stride;
    cfg->frame_size = stream.frameSize;
    snprintf(cfg->format_name, sizeof cfg->format_name, "%s", stream.pixelFormat.toString().c_str());
    // FrameDurationLimits at start, where the camera has it; 0 tells the caller it was not applied.
    if (!csl::controlNamed(c->camera->controls(), "FrameDurationLimits")) cfg->frame_duration_us = 0;
    c->frameDurationUs = cfg->frame_duration_us;
    return 0;
}

extern "C" int csl_start(csl_camera *camera, const csl_value *values, int count, char *error, size_t errorSize) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    if (c->requests.empty()) { say(error, errorSize, "the camera is not configured"); return -EINVAL; }
    if (c->streaming) return 0;
    ControlList controls(c->camera->controls());
    if (c->frameDurationUs > 0) {
        int64_t limits[2] = { c->frameDurationUs, c->frameDurationUs };
        controls.set(controls::FrameDurationLimits, Span<const int64_t, 2>(limits));
    }
    if (!csl::setControls(c->camera->controls(), controls, values, count, error, errorSize)) return -EINVAL;
    {
        std::lock_guard<std::mutex> guard(c->lock);
        c->completed.clear();
    }
    int rc = c->camera->start(&controls);
    if (rc < 0) { say(error, errorSize, "starting the camera failed: %s", strerror(-rc)); return rc; }
    c->streaming = true;
    for (auto &request : c->requests) {
        request->reuse(Request::ReuseBuffers);
        if ((rc = c->camera->queueRequest(request.get())) < 0) {
            say(error, errorSize, "queueing a request failed: %s", strerror(-rc));
            c->camera->stop();
            c->streaming = false;
            return rc;
        }
    }
    return 0;
}

// libcamera 0.0.3 asserts (aborting the process) when a camera whose devices are gone is
// stopped before it has learnt that they are gone: the pipeline cannot take its queued requests
// back ("data->queuedRequests_.empty()" in PipelineHandler::stop). Once its `disconnected` has
// come, stop() refuses with ENODEV instead. So a stream that stalled waits — up to
// kDisconnectWait, on the signal, not a poll — for that news before stopping; a camera that is
// gone is not stopped at all, and one that stalled with no news (vimc unbound: 0.0.3 sent none)
// is abandoned — left as it is, never stopped, released or freed (a small leak per loss) —
// rather than risk the abort. A stalled camera whose devices are still there is then busy to
// this process until it ends; a lost one comes back as a new camera.
static constexpr auto kDisconnectWait = std::chrono::seconds(1);

extern "C" int csl_stop(csl_camera *camera) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    if (!c->streaming) return 0;
    {
        std::unique_lock<std::mutex> guard(c->lock);
        if (c->stalled && !c->disconnected)
            c->changed.wait_for(guard, kDisconnectWait, [c] { return c->disconnected; });
        if (c->disconnected || c->stalled) {
            c->abandoned = !c->disconnected;
            c->streaming = false;
            c->completed.clear();
            return -ENODEV;
        }
    }
    int rc = c->camera->stop();
    c->streaming = false;
    std::lock_guard<std::mutex> guard(c->lock);
    c->completed.clear();
    return rc;
}

static void describe(csl::Camera *c, Request *request, csl_frame *frame) {
    memset(frame, 0, sizeof *frame);
    frame->request = static_cast<uint32_t>(request->cookie());
    FrameBuffer *buffer = request->findBuffer(c->stream);
    const FrameMetadata &meta = buffer->metadata();
    frame->status = meta.status == FrameMetadata::FrameSuccess ? 0 : 1;
    frame->sequence = meta.sequence;
    frame->buffer_timestamp = meta.timestamp;
    std::optional<int64_t> sensor = request->metadata().get(controls::SensorTimestamp);
    frame->sensor_timestamp = sensor ? *sensor : -1;
    frame->metadata_count = static_cast<int32_t>(request->metadata().size());
    const auto &planes = buffer->planes();
    frame->plane_count = static_cast<int32_t>(std::min<size_t>(planes.size(), CSL_MAX_PLANES));
    for (int32_t i = 0; i < frame->plane_count; i++) {
        const csl::Mapping &mapping = c->mappings[planes[i].fd.get()];
        frame->planes[i] = static_cast<const uint8_t *>(mapping.address) + planes[i].offset;
        frame->plane_bytes[i] = i < static_cast<int32_t>(meta.planes().size()) ? meta.planes()[i].bytesused : planes[i].length;
    }
}

extern "C" int csl_wait(csl_camera *camera, int64_t timeoutNs, csl_frame *frame) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    if (c->requests.empty()) return CSL_WAIT_NOT_STREAMING;
    // steady_clock is CLOCK_MONOTONIC: the deadline does not move with the wall clock.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::nanoseconds(std::max<int64_t>(timeoutNs, 0));
    std::unique_lock<std::mutex> guard(c->lock);
    c->changed.wait_until(guard, deadline, [c] { return !c->completed.empty() || c->cancelled || c->disconnected; });
    if (c->cancelled) { c->cancelled = false; return CSL_WAIT_CANCELLED; }
    if (!c->completed.empty()) {
        Request *request = c->completed.front();
        c->completed.pop_front();
        c->stalled = false;
        guard.unlock();
        describe(c, request, frame);
        return CSL_WAIT_FRAME;
    }
    if (c->disconnected) return CSL_WAIT_DISCONNECTED;
    c->stalled = true;
    return CSL_WAIT_TIMEOUT;
}

extern "C" void csl_cancel_wait(csl_camera *camera) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    {
        std::lock_guard<std::mutex> guard(c->lock);
        c->cancelled = true;
    }
    c->changed.notify_all();
}

extern "C" int csl_frame_metadata(csl_camera *camera, uint32_t index, csl_value *values, int capacity) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    if (index >= c->requests.size()) return -EINVAL;
    const ControlList &metadata = c->requests[index]->metadata();
    const ControlIdMap *ids = metadata.idMap();
    int n = 0;
    for (const auto &entry : metadata) {
        if (n < capacity) {
            const ControlId *id = nullptr;
            if (ids) {
                auto found = ids->find(entry.first);
                if (found != ids->end()) id = found->second;
            }
            csl::toValue(id, entry.first, entry.second, &values[n]);
        }
        n++;
    }
    return n;
}

extern "C" int csl_requeue(csl_camera *camera, uint32_t index, const csl_value *values, int count, char *error, size_t errorSize) {
    auto *c = reinterpret_cast<csl::Camera *>(camera);
    if (index >= c->requests.size()) { say(error, errorSize, "no request %u", index); return -EINVAL; }
    if (!c->streaming) return 0;  // stopped: start queues every request again
    Request *request = c->requests[index].get();
    request->reuse(Request::ReuseBuffers);
    if (!csl::setControls(c->camera->controls(), request->controls(), values, count, error, errorSize)) return -EINVAL;
    int rc = c->camera->queueRequest(request);
    if (rc < 0) say(error, errorSize, "queueing a request failed: %s", strerror(-rc));
    return rc;
}
#endif
