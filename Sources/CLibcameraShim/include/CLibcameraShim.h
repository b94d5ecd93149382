// camsched's libcamera shim exports one symbol, camsched_libcamera_api (see CLibcameraAPI.h);
// nothing imports this target: it is built as libcamsched-libcamera.so and opened with dlopen.
#include "../../CLibcameraAPI/include/CLibcameraAPI.h"
