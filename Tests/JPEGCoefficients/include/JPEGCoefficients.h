/// Test support: every DCT coefficient and quantization table of a JPEG, read with libjpeg's own
/// jpeg_read_coefficients, so tests can check that a lossless cut copied them.
#ifndef JPEG_COEFFICIENTS_H
#define JPEG_COEFFICIENTS_H

/// The most components read (Y, Cb, Cr, K).
#define JC_COMPONENTS 4

/// A JPEG's coefficients: per component its sampling, size in blocks, blocks row by row (64
/// coefficients each, in natural order) and its quantization table.
typedef struct jc_image {
    int width, height, components, progressive;
    int h_samp[JC_COMPONENTS], v_samp[JC_COMPONENTS];
    int blocks_across[JC_COMPONENTS], blocks_down[JC_COMPONENTS];
    short *coefficients[JC_COMPONENTS];
    unsigned short quantization[JC_COMPONENTS][64];
    char message[200];
} jc_image;

/// Reads `path` into `image`; 0, or -1 with `message` set. Free with jc_free.
int jc_read(const char *path, jc_image *image);

/// Frees what jc_read allocated.
void jc_free(jc_image *image);

#endif
