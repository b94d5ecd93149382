// The CPU cost of metering one JPEG with the shim camsched meters with (`cs_jpeg_levels_of`):
// `meter_cost FILE DENOMINATOR CHROMA STILLS` decodes FILE STILLS times at 1/DENOMINATOR scale
// (1: every pixel, as the meter did before issue 45; 8: each 8x8 block's mean), with chroma (1)
// or luma alone (0), and prints one JSON line: CPU ms per still (this process's user + system
// time over the loop alone, no start-up), the decoded size and the means. bench_meter.py runs it.
#include "CJPEGShim.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: meter_cost FILE DENOMINATOR CHROMA STILLS\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    static uint8_t data[16 << 20];
    size_t size = fread(data, 1, sizeof data, file);
    fclose(file);
    int denominator = atoi(argv[2]), chroma = atoi(argv[3]), stills = atoi(argv[4]);
    cs_jpeg_levels levels;
    char error[256];
    double start = cpu_ms();
    for (int i = 0; i < stills; i++) {
        if (cs_jpeg_levels_of(data, size, denominator, chroma, &levels, error, sizeof error) != 0) {
            fprintf(stderr, "%s: %s\n", argv[1], error);
            return 1;
        }
    }
    double perStill = (cpu_ms() - start) / (stills > 0 ? stills : 1);
    printf("{\"ms_per_still\": %.4f, \"decoded\": \"%dx%d\", \"image\": \"%dx%d\", \"luma\": %.3f, \"cb\": %.3f, \"cr\": %.3f}\n",
           perStill, levels.decodedWidth, levels.decodedHeight, levels.imageWidth, levels.imageHeight, levels.luma,
           levels.cb, levels.cr);
    return 0;
}
