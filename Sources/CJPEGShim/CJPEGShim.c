#include "CJPEGShim.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct cs_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf escape;
};

// libjpeg's default error handler exits the process: jump back to cs_jpeg_encode instead.
static void cs_error_exit(j_common_ptr info) {
    struct cs_error_manager *manager = (struct cs_error_manager *)info->err;
    longjmp(manager->escape, 1);
}

static void cs_output_message(j_common_ptr info) { (void)info; }

static uint8_t lumaTable[256], chromaTable[256];
static pthread_once_t tablesOnce = PTHREAD_ONCE_INIT;

// Built once, whichever thread (a recording's stills, an interval job) encodes first.
static void build_tables(void) {
    for (int v = 0; v < 256; v++) {
        int y = ((v - 16) * 255 + 109) / 219;
        int c = ((v - 128) * 255 + (v >= 128 ? 112 : -112)) / 224 + 128;
        lumaTable[v] = (uint8_t)(y < 0 ? 0 : y > 255 ? 255 : y);
        chromaTable[v] = (uint8_t)(c < 0 ? 0 : c > 255 ? 255 : c);
    }
}

void cs_jpeg_free(unsigned char *data) { free(data); }

int cs_jpeg_encode(cs_jpeg_layout layout, const uint8_t *data, size_t size, int width, int height,
                   int bytesPerLine, int quality, unsigned char **out, unsigned long *outSize,
                   char *error, size_t errorSize) {
    *out = NULL;
    *outSize = 0;
    if (width < 2 || height < 2 || (width & 1) || (height & 1)) {
        snprintf(error, errorSize, "%dx%d: JPEG stills from YUV need an even width and height", width, height);
        return -1;
    }
    int grey = layout == CS_JPEG_GREY;
    int packed = layout == CS_JPEG_YUYV || layout == CS_JPEG_UYVY;
    size_t lumaBytes = (size_t)bytesPerLine * (size_t)height;
    size_t need = packed ? lumaBytes : grey ? lumaBytes : lumaBytes + lumaBytes / 2;
    if (bytesPerLine < (packed ? width * 2 : width) || size < need) {
        snprintf(error, errorSize, "a %dx%d frame needs %zu bytes, it has %zu", width, height, need, size);
        return -1;
    }
    pthread_once(&tablesOnce, build_tables);

    struct jpeg_compress_struct info;
    struct cs_error_manager manager;
    info.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = cs_error_exit;
    manager.base.output_message = cs_output_message;
    // Padded rows (libjpeg reads whole 8x8 blocks); freed on every path out.
    int mcuWidth = grey ? 8 : 16;
    int paddedWidth = (width + mcuWidth - 1) / mcuWidth * mcuWidth;
    int rowsPerPass = grey ? 8 : 8 * (packed ? 1 : 2);
    uint8_t *rows = NULL;
    if (setjmp(manager.escape)) {
        char message[JMSG_LENGTH_MAX];
        (*info.err->format_message)((j_common_ptr)&info, message);
        snprintf(error, errorSize, "libjpeg: %s", message);
        jpeg_destroy_compress(&info);
        free(rows);
        free(*out);
        *out = NULL;
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, outSize);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = grey ? 1 : 3;
    info.in_color_space = grey ? JCS_GRAYSCALE : JCS_YCbCr;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    info.dct_method = JDCT_ISLOW;
    if (!grey) {
        info.raw_data_in = TRUE; // planes as they are: no colour conversion, no resampling
        info.comp_info[0].h_samp_factor = 2;
        info.comp_info[0].v_samp_factor = packed ? 1 : 2;
        info.comp_info[1].h_samp_factor = info.comp_info[1].v_samp_factor = 1;
        info.comp_info[2].h_samp_factor = info.comp_info[2].v_samp_factor = 1;
    }
    int chromaWidth = paddedWidth / 2;
    rows = malloc((size_t)paddedWidth * (size_t)rowsPerPass + 2 * (size_t)chromaWidth * 8);
    if (!rows) {
        snprintf(error, errorSize, "out of memory");
        jpeg_destroy_compress(&info);
        return -1;
    }
    uint8_t *lumaRows = rows, *cbRows = rows + (size_t)paddedWidth * (size_t)rowsPerPass, *crRows = cbRows + (size_t)chromaWidth * 8;
    JSAMPROW lumaPointers[16], cbPointers[8], crPointers[8];
    for (int i = 0; i < rowsPerPass; i++) lumaPointers[i] = lumaRows + (size_t)i * (size_t)paddedWidth;
    for (int i = 0; i < 8; i++) {
        cbPointers[i] = cbRows + (size_t)i * (size_t)chromaWidth;
        crPointers[i] = crRows + (size_t)i * (size_t)chromaWidth;
    }
    JSAMPARRAY planes[3] = {lumaPointers, cbPointers, crPointers};
    jpeg_start_compress(&info, TRUE);
    const uint8_t *chroma = data + lumaBytes;
    int chromaStride = bytesPerLine / 2;
    while (info.next_scanline < info.image_height) {
        int first = (int)info.next_scanline;
        for (int i = 0; i < rowsPerPass; i++) {
            int y = first + i < height ? first + i : height - 1; // repeat the last row past the end
            uint8_t *luma = lumaPointers[i];
            const uint8_t *src = data + (size_t)y * (size_t)bytesPerLine;
            if (grey) {
                memcpy(luma, src, (size_t)width);
            } else if (packed) {
                int yOffset = layout == CS_JPEG_YUYV ? 0 : 1, uOffset = layout == CS_JPEG_YUYV ? 1 : 0;
                uint8_t *cb = cbPointers[i], *cr = crPointers[i];
                for (int x = 0; x < width / 2; x++) {
                    const uint8_t *pair = src + 4 * x;
                    luma[2 * x] = lumaTable[pair[yOffset]];
                    luma[2 * x + 1] = lumaTable[pair[yOffset + 2]];
                    cb[x] = chromaTable[pair[uOffset]];
                    cr[x] = chromaTable[pair[uOffset + 2]];
                }
                memset(cb + width / 2, cb[width / 2 - 1], (size_t)(chromaWidth - width / 2));
                memset(cr + width / 2, cr[width / 2 - 1], (size_t)(chromaWidth - width / 2));
            } else {
                for (int x = 0; x < width; x++) luma[x] = lumaTable[src[x]];
                if ((i & 1) == 0) {
                    int cy = y / 2;
                    uint8_t *cb = cbPointers[i / 2], *cr = crPointers[i / 2];
                    if (layout == CS_JPEG_NV12) {
                        const uint8_t *uv = chroma + (size_t)cy * (size_t)bytesPerLine;
                        for (int x = 0; x < width / 2; x++) {
                            cb[x] = chromaTable[uv[2 * x]];
                            cr[x] = chromaTable[uv[2 * x + 1]];
                        }
                    } else {
                        const uint8_t *u = chroma + (size_t)cy * (size_t)chromaStride;
                        const uint8_t *v = chroma + (size_t)chromaStride * (size_t)(height / 2) + (size_t)cy * (size_t)chromaStride;
                        for (int x = 0; x < width / 2; x++) {
                            cb[x] = chromaTable[u[x]];
                            cr[x] = chromaTable[v[x]];
                        }
                    }
                    memset(cb + width / 2, cb[width / 2 - 1], (size_t)(chromaWidth - width / 2));
                    memset(cr + width / 2, cr[width / 2 - 1], (size_t)(chromaWidth - width / 2));
                }
            }
            memset(luma + width, luma[width - 1], (size_t)(paddedWidth - width));
        }
        if (grey) {
            jpeg_write_scanlines(&info, lumaPointers, (JDIMENSION)rowsPerPass);
        } else {
            jpeg_write_raw_data(&info, planes, (JDIMENSION)rowsPerPass);
        }
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(rows);
    return 0;
}
