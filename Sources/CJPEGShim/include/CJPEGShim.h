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

/// What `cs_jpeg_levels_of` measured: the mean samples of a JPEG as stored (full range).
typedef struct {
    int imageWidth, imageHeight;     ///< the JPEG's own size
    int decodedWidth, decodedHeight; ///< the size decoded: the image's at 1/`scaleDenominator`, rounded up
    int components;                  ///< 3: Y, Cb and Cr measured; 1: Y alone (a greyscale JPEG, or chroma not asked)
    double luma, cb, cr;             ///< mean samples 0-255 over the image; `cb` and `cr` 128 when `components` is 1
} cs_jpeg_levels;

/// Measures a JPEG's mean luma (and, with `withChroma`, its mean Cb and Cr) for metering
/// (a camera's MJPEG frame too: libjpeg-turbo supplies the Huffman tables such a frame leaves
/// out). `scaleDenominator` 8 decodes only each 8x8 block's mean (libjpeg's IDCT scaling, 1/64
/// of the pixels; 240x135 of 1920x1080); 1 decodes every pixel. Without chroma the output is
/// greyscale, so the chroma components are not reconstructed. Each decoded pixel counts for
/// the image pixels it stands for (fewer at a right or bottom edge that is no multiple of the
/// scale), so the means are over the image. Returns 0; -2 with a message in `error` when the
/// data is cut short or damaged (the picture would be partly made up); -1 with a message when
/// it is no JPEG libjpeg can read.
int cs_jpeg_levels_of(const uint8_t *data, size_t size, int scaleDenominator, int withChroma, cs_jpeg_levels *levels,
                      char *error, size_t errorSize);

/// Frees what `cs_jpeg_encode` returned.
void cs_jpeg_free(unsigned char *_Nullable data);

#pragma clang assume_nonnull end

#endif
