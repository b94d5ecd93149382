// Conversions between libcamera's typed control values and the shim's csl_value.
#if __has_include(<libcamera/libcamera.h>)
#include "ShimInternal.h"

#include <cstring>

using namespace libcamera;

namespace csl {

void say(char *error, size_t size, const char *format, ...) {
    if (!error || size == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(error, size, format, args);
    va_end(args);
}

static void copyName(char *to, size_t size, const std::string &name) {
    snprintf(to, size, "%s", name.c_str());
}

template <typename T>
static void copyNumbers(const ControlValue &value, csl_value *out) {
    if (value.isArray()) {
        Span<const T> items = value.get<Span<const T>>();
        out->count = static_cast<int32_t>(std::min<size_t>(items.size(), CSL_MAX_ELEMENTS));
        out->truncated = items.size() > CSL_MAX_ELEMENTS;
        for (int32_t i = 0; i < out->count; i++) out->values[i] = static_cast<double>(items[i]);
    } else {
        out->count = 1;
        out->values[0] = static_cast<double>(value.get<T>());
    }
}

static void copyRectangle(const ControlValue &value, csl_value *out) {
    Rectangle r = value.isArray() ? value.get<Span<const Rectangle>>()[0] : value.get<Rectangle>();
    out->count = 4;
    out->truncated = value.isArray() && value.numElements() > 1;
    out->values[0] = r.x; out->values[1] = r.y; out->values[2] = r.width; out->values[3] = r.height;
}

void toValue(const ControlId *id, unsigned int numericId, const ControlValue &value, csl_value *out) {
    memset(out, 0, sizeof *out);
    out->id = numericId;
    if (id) copyName(out->name, sizeof out->name, id->name());
    else snprintf(out->name, sizeof out->name, "0x%08x", numericId);
    out->type = static_cast<int32_t>(value.type());
    if (value.isNone() || (value.isArray() && value.numElements() == 0)) { out->count = 0; return; }
    switch (value.type()) {
    case ControlTypeBool: copyNumbers<bool>(value, out); break;
    case ControlTypeByte: copyNumbers<uint8_t>(value, out); break;
    case ControlTypeInteger32: copyNumbers<int32_t>(value, out); break;
    case ControlTypeInteger64: copyNumbers<int64_t>(value, out); break;
    case ControlTypeFloat: copyNumbers<float>(value, out); break;
    case ControlTypeRectangle: copyRectangle(value, out); break;
    case ControlTypeSize: {
        Size s = value.isArray() ? value.get<Span<const Size>>()[0] : value.get<Size>();
        out->count = 2; out->values[0] = s.width; out->values[1] = s.height;
        break;
    }
    default: out->count = 0; break;  // strings are not carried
    }
}

template <typename T>
static ControlValue numbers(const csl_value &value, bool array) {
    if (!array) return ControlValue(static_cast<T>(value.values[0]));
    std::vector<T> items;
    for (int32_t i = 0; i < value.count && i < CSL_MAX_ELEMENTS; i++) items.push_back(static_cast<T>(value.values[i]));
    return ControlValue(Span<const T>(items.data(), items.size()));
}

bool fromValue(const ControlId &id, const csl_value &value, ControlValue *out) {
    if (value.count < 1) return false;
    // The control's declared type decides; an array control (ColourGains, FrameDurationLimits)
    // takes every element given, a scalar the first.
    bool array = value.count > 1;
    switch (id.type()) {
    case ControlTypeBool: *out = ControlValue(value.values[0] != 0); return !array;
    case ControlTypeByte: *out = numbers<uint8_t>(value, array); return true;
    case ControlTypeInteger32: *out = numbers<int32_t>(value, array); return true;
    case ControlTypeInteger64: *out = numbers<int64_t>(value, array); return true;
    case ControlTypeFloat: *out = numbers<float>(value, array); return true;
    default: return false;
    }
}

const ControlId *controlNamed(const ControlInfoMap &info, const char *name) {
    for (const auto &entry : info) {
        if (entry.first->name() == name) return entry.first;
    }
    return nullptr;
}

void toControlInfo(const ControlId &id, const ControlInfo &info, csl_control_info *out) {
    memset(out, 0, sizeof *out);
    copyName(out->name, sizeof out->name, id.name());
    out->id = id.id();
    out->type = static_cast<int32_t>(id.type());
    out->is_array = info.min().isArray() || info.max().isArray();
    toValue(&id, id.id(), info.min(), &out->min);
    toValue(&id, id.id(), info.max(), &out->max);
    out->has_default = !info.def().isNone();
    if (out->has_default) toValue(&id, id.id(), info.def(), &out->def);
    for (const ControlValue &item : info.values()) {
        if (out->enum_count >= 16 || item.type() != ControlTypeInteger32 || item.isArray()) break;
        out->enum_values[out->enum_count++] = item.get<int32_t>();
    }
}

bool setControls(const ControlInfoMap &info, ControlList &list, const csl_value *values, int count,
                 char *error, size_t errorSize) {
    for (int i = 0; i < count; i++) {
        const ControlId *id = controlNamed(info, values[i].name);
        if (!id) {
            say(error, errorSize, "the camera has no control %s", values[i].name);
            return false;
        }
        ControlValue value;
        if (!fromValue(*id, values[i], &value)) {
            say(error, errorSize, "control %s does not take %d value(s) of that type", values[i].name, values[i].count);
            return false;
        }
        list.set(id->id(), value);
    }
    return true;
}

}  // namespace csl
#endif
