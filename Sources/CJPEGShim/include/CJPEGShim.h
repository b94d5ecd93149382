// JPEG stills through libjpeg(-turbo), straight from a camera's YUV layout, and back.
#ifndef CJPEGSHIM_H
#define CJPEGSHIM_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// Pixel layouts `cs_jpeg_encode` reads.
typedef enum {
    CS_JPEG_YUYV = 1, ///< packed 4:2:2, Y0 U Y1 V (encoded as 4:2:2)
    CS_JPEG_UYVY = 2, ///< packed 4:2:2, U Y0 V Y1 (encoded as 4:2:2)
    CS_JPEG_NV12 = 3, ///< Y plane, then interleaved U V at half height (encoded as 4:2:0)
    CS_JPEG_I420 = 4, ///< Y plane, then U and V planes at half size (YU12; encoded as 4:2:0)
    CS_JPEG_GREY = 5, ///< Y only (encoded as greyscale)
} cs_jpeg_layout;

/// Encodes one picture as a baseline JFIF JPEG at libjpeg `quality` (1-100). Camera YUV is
/// limited range (16-235/240); it is expanded to the full range JFIF means. Returns 0 and a
/// malloc'ed `*out` of `*outSize` bytes (free it with `cs_jpeg_free`), or -1 with a message in
/// `error`. `bytesPerLine` is the stride of the first plane; planar chroma follows the luma
/// plane directly with half that stride.
int cs_jpeg_encode(cs_jpeg_layout layout, const uint8_t *data, size_t size, int width, int height,
                   int bytesPerLine, int quality, unsigned char *_Nullable *_Nonnull out,
                   unsigned long *outSize, char *error, size_t errorSize);

/// Decodes a JPEG (a camera's MJPEG frame too: libjpeg-turbo supplies the Huffman tables such a
/// frame leaves out) into `out` as YU12 of its size rounded down to even: the Y plane, then U and
/// V at half width and height, full range as stored, each chroma sample the stored one at an even
/// pixel. Returns 0 with `*width` and `*height`; -2 when `outCapacity` is too small (the size is
/// set); -1 with a message in `error`.
int cs_jpeg_decode_yu12(const uint8_t *data, size_t size, uint8_t *out, size_t outCapacity, int *width, int *height,
                        char *error, size_t errorSize);

/// Frees what `cs_jpeg_encode` returned.
void cs_jpeg_free(unsigned char *_Nullable data);

#pragma clang assume_nonnull end

#endif
