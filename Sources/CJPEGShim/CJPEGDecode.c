#include "CJPEGShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct cs_levels_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    int damaged; // a warning that means part of the picture is made up
};

// libjpeg's default error handler exits the process: jump back to cs_jpeg_levels_of instead.
static void cs_levels_error_exit(j_common_ptr info) {
    struct cs_levels_error_manager *manager = (struct cs_levels_error_manager *)info->err;
    longjmp(manager->escape, 1);
}

// libjpeg goes on past missing or corrupt data, filling the rest with grey: a brightness read
// from that would be wrong, so those warnings end the decode. Others (bytes after the picture
// data, as some cameras send) leave the picture whole.
static void cs_levels_emit_message(j_common_ptr info, int level) {
    struct cs_levels_error_manager *manager = (struct cs_levels_error_manager *)info->err;
    int code = info->err->msg_code;
    if (level < 0 && (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER || code == JWRN_HUFF_BAD_CODE || code == JWRN_MUST_RESYNC)) {
        manager->damaged = 1;
        (*info->err->error_exit)(info);
    }
}

// The JPEG in memory, as jpeg_mem_src reads it, except where it ends: a frame whose data is all
// there but whose end marker is missing decodes without a warning (the Huffman decoder reads
// ahead past the last block; the end marker supplied stops it), while data cut short still
// warns (JWRN_HIT_MARKER: the marker came where data was needed). `ranOut` tells the two apart
// when the decode fails.
struct cs_levels_source {
    struct jpeg_source_mgr base;
    int ranOut;
};

static const JOCTET cs_end_marker[2] = {0xFF, JPEG_EOI};

static void cs_source_nothing(j_decompress_ptr info) { (void)info; }

static boolean cs_source_fill(j_decompress_ptr info) {
    struct cs_levels_source *source = (struct cs_levels_source *)info->src;
    if (source->ranOut) WARNMS(info, JWRN_JPEG_EOF); // asked again past the end: cut short
    source->ranOut = 1;
    source->base.next_input_byte = cs_end_marker;
    source->base.bytes_in_buffer = sizeof cs_end_marker;
    return TRUE;
}

static void cs_source_skip(j_decompress_ptr info, long count) {
    struct jpeg_source_mgr *source = info->src;
    if (count <= 0) return;
    while ((size_t)count > source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        cs_source_fill(info);
    }
    source->next_input_byte += count;
    source->bytes_in_buffer -= (size_t)count;
}

// The image pixels decoded pixel `index` of `decoded` stands for, along a side of `length`.
static uint64_t cs_weight(int index, int scale, int length) {
    int rest = length - index * scale;
    return (uint64_t)(rest < scale ? rest : scale);
}

int cs_jpeg_levels_of(const uint8_t *data, size_t size, int scaleDenominator, int withChroma, cs_jpeg_levels *levels,
                      char *error, size_t errorSize) {
    memset(levels, 0, sizeof *levels);
    if (scaleDenominator != 1 && scaleDenominator != 2 && scaleDenominator != 4 && scaleDenominator != 8) {
        snprintf(error, errorSize, "scale 1/%d: libjpeg decodes at 1/1, 1/2, 1/4 or 1/8", scaleDenominator);
        return -1;
    }
    if (size < 4) {
        snprintf(error, errorSize, "%zu bytes are no JPEG", size);
        return -1;
    }
    struct jpeg_decompress_struct info;
    struct cs_levels_error_manager manager;
    info.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = cs_levels_error_exit;
    manager.base.emit_message = cs_levels_emit_message;
    manager.damaged = 0;
    struct cs_levels_source source = {.base = {.next_input_byte = data, .bytes_in_buffer = size, .init_source = cs_source_nothing,
                                               .fill_input_buffer = cs_source_fill, .skip_input_data = cs_source_skip,
                                               .resync_to_restart = jpeg_resync_to_restart, .term_source = cs_source_nothing}};
    uint8_t *row = NULL;
    if (setjmp(manager.escape)) {
        char message[JMSG_LENGTH_MAX];
        (*info.err->format_message)((j_common_ptr)&info, message);
        int damaged = manager.damaged || source.ranOut;
        snprintf(error, errorSize, damaged ? "the JPEG is cut short or damaged (libjpeg: %s)" : "libjpeg: %s", message);
        jpeg_destroy_decompress(&info);
        free(row);
        return damaged ? -2 : -1;
    }
    jpeg_create_decompress(&info);
    info.src = &source.base;
    jpeg_read_header(&info, TRUE);
    int chroma = withChroma && info.num_components == 3;
    // The samples as stored: Y alone, or Y, Cb, Cr without colour conversion; chroma replicated.
    info.out_color_space = chroma ? JCS_YCbCr : JCS_GRAYSCALE;
    info.do_fancy_upsampling = FALSE;
    info.dct_method = JDCT_ISLOW;
    info.scale_num = 1;
    info.scale_denom = (unsigned int)scaleDenominator;
    jpeg_start_decompress(&info);
    int width = (int)info.image_width, height = (int)info.image_height, components = info.output_components;
    int decodedWidth = (int)info.output_width;
    row = malloc((size_t)decodedWidth * (size_t)components);
    if (!row) {
        snprintf(error, errorSize, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    uint64_t sums[3] = {0, 0, 0};
    JSAMPROW rows[1] = {row};
    while (info.output_scanline < info.output_height) {
        uint64_t rowWeight = cs_weight((int)info.output_scanline, scaleDenominator, height);
        jpeg_read_scanlines(&info, rows, 1);
        // Every column but the last stands for `scaleDenominator` pixels; one pass over the row.
        uint64_t inner[3] = {0, 0, 0};
        const uint8_t *end = row + (size_t)(decodedWidth - 1) * (size_t)components;
        if (components == 3) {
            for (const uint8_t *pixel = row; pixel < end; pixel += 3) {
                inner[0] += pixel[0];
                inner[1] += pixel[1];
                inner[2] += pixel[2];
            }
        } else {
            for (const uint8_t *pixel = row; pixel < end; pixel++) inner[0] += pixel[0];
        }
        uint64_t lastWeight = cs_weight(decodedWidth - 1, scaleDenominator, width);
        for (int c = 0; c < components; c++) sums[c] += rowWeight * (inner[c] * (uint64_t)scaleDenominator + lastWeight * end[c]);
    }
    levels->imageWidth = width;
    levels->imageHeight = height;
    levels->decodedWidth = decodedWidth;
    levels->decodedHeight = (int)info.output_height;
    levels->components = components;
    double pixels = (double)width * (double)height;
    levels->luma = (double)sums[0] / pixels;
    levels->cb = components == 3 ? (double)sums[1] / pixels : 128;
    levels->cr = components == 3 ? (double)sums[2] / pixels : 128;
    // Every row is read: what follows (the end marker, which a frame cut just after its data
    // lacks) is not needed, so no jpeg_finish_decompress.
    jpeg_destroy_decompress(&info);
    free(row);
    return 0;
}
