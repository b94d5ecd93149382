#include "CJPEGShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct cs_decode_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf escape;
};

// libjpeg's default error handler exits the process: jump back to cs_jpeg_decode_yu12 instead.
static void cs_decode_error_exit(j_common_ptr info) {
    struct cs_decode_error_manager *manager = (struct cs_decode_error_manager *)info->err;
    longjmp(manager->escape, 1);
}

static void cs_decode_output_message(j_common_ptr info) { (void)info; }

int cs_jpeg_decode_yu12(const uint8_t *data, size_t size, uint8_t *out, size_t outCapacity, int *width, int *height,
                        char *error, size_t errorSize) {
    *width = 0;
    *height = 0;
    struct jpeg_decompress_struct info;
    struct cs_decode_error_manager manager;
    info.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = cs_decode_error_exit;
    manager.base.output_message = cs_decode_output_message;
    uint8_t *row = NULL;
    if (setjmp(manager.escape)) {
        char message[JMSG_LENGTH_MAX];
        (*info.err->format_message)((j_common_ptr)&info, message);
        snprintf(error, errorSize, "libjpeg: %s", message);
        jpeg_destroy_decompress(&info);
        free(row);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    int grey = info.num_components == 1;
    // The planes as stored: no colour conversion; chroma replicated (not interpolated), so an
    // even pixel's chroma is the stored sample of 4:2:0, and of 4:2:2's even rows.
    info.out_color_space = grey ? JCS_GRAYSCALE : JCS_YCbCr;
    info.do_fancy_upsampling = FALSE;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    int w = (int)info.output_width & ~1, h = (int)info.output_height & ~1;
    size_t lumaBytes = (size_t)w * (size_t)h;
    if (w < 2 || h < 2 || outCapacity < lumaBytes + lumaBytes / 2) {
        snprintf(error, errorSize, "a %dx%d picture does not fit in %zu bytes", w, h, outCapacity);
        jpeg_destroy_decompress(&info);
        *width = w;
        *height = h;
        return -2;
    }
    int components = info.output_components;
    row = malloc((size_t)info.output_width * (size_t)components);
    if (!row) {
        snprintf(error, errorSize, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    uint8_t *cbPlane = out + lumaBytes, *crPlane = cbPlane + lumaBytes / 4;
    JSAMPROW rows[1] = {row};
    while (info.output_scanline < info.output_height) {
        int y = (int)info.output_scanline;
        jpeg_read_scanlines(&info, rows, 1);
        if (y >= h) continue;
        uint8_t *luma = out + (size_t)y * (size_t)w;
        if (grey) {
            memcpy(luma, row, (size_t)w);
            if ((y & 1) == 0) {
                memset(cbPlane + (size_t)(y / 2) * (size_t)(w / 2), 128, (size_t)(w / 2));
                memset(crPlane + (size_t)(y / 2) * (size_t)(w / 2), 128, (size_t)(w / 2));
            }
            continue;
        }
        for (int x = 0; x < w; x++) luma[x] = row[3 * x];
        if ((y & 1) == 0) {
            uint8_t *cb = cbPlane + (size_t)(y / 2) * (size_t)(w / 2), *cr = crPlane + (size_t)(y / 2) * (size_t)(w / 2);
            for (int x = 0; x < w / 2; x++) {
                cb[x] = row[6 * x + 1];
                cr[x] = row[6 * x + 2];
            }
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *width = w;
    *height = h;
    return 0;
}
