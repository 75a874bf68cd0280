/// Lightbox's JPEG writer for pixels already in memory: libjpeg set up as libvips 8.14's jpegsave
/// sets it up with `strip` (no JFIF header, no markers), so the bytes are the ones jpegsave
/// writes, without libvips' thread pool around a small picture. Every symbol carries the `lbx_`
/// prefix; libjpeg's `error_exit` must not return, so every call that may fail is made here,
/// behind a setjmp.
#ifndef LIGHTBOX_CJPEG_ENCODE_H
#define LIGHTBOX_CJPEG_ENCODE_H

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

/// One compression: libjpeg's state, the jump back from an error and its message.
typedef struct lbx_jpeg_writer {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errors;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} lbx_jpeg_writer;

/// libjpeg's error_exit must not return: keep the message and jump back behind the setjmp.
static inline void lbx_jpeg_writer_error_exit(j_common_ptr cinfo) {
    lbx_jpeg_writer *writer = (lbx_jpeg_writer *) cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, writer->message);
    longjmp(writer->jump, 1);
}

/// Compresses `height` rows of `width` 8-bit pixels of `bands` (1: grey, 3: RGB), `stride` bytes
/// apart, into a buffer libjpeg allocates (`*out`, `*size`; the caller frees it) as jpegsave does:
/// `quality`, chroma subsampling off when `no_subsample`, Huffman tables optimized when
/// `optimize`, progressive when `progressive`. Returns 0, or -1 with the reason in the writer.
static inline int lbx_jpeg_encode(
    lbx_jpeg_writer *writer, const unsigned char *pixels, size_t stride, int width, int height, int bands,
    int quality, int no_subsample, int optimize, int progressive, unsigned char **out, unsigned long *size
) {
    struct jpeg_compress_struct *cinfo = &writer->cinfo;
    *out = NULL;
    *size = 0;
    cinfo->err = jpeg_std_error(&writer->errors);
    writer->errors.error_exit = lbx_jpeg_writer_error_exit;
    cinfo->client_data = writer;
    if (setjmp(writer->jump)) {
        jpeg_destroy_compress(cinfo);
        free(*out);
        *out = NULL;
        return -1;
    }
    jpeg_create_compress(cinfo);
    jpeg_mem_dest(cinfo, out, size);
    cinfo->image_width = (JDIMENSION) width;
    cinfo->image_height = (JDIMENSION) height;
    cinfo->input_components = bands;
    cinfo->in_color_space = bands == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(cinfo);
    cinfo->optimize_coding = optimize ? TRUE : FALSE;
    jpeg_set_quality(cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(cinfo);
    if (no_subsample) {
        for (int i = 0; i < bands; i++) {
            cinfo->comp_info[i].h_samp_factor = 1;
            cinfo->comp_info[i].v_samp_factor = 1;
        }
    }
    cinfo->write_JFIF_header = FALSE;
    jpeg_start_compress(cinfo, TRUE);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW) (pixels + (size_t) cinfo->next_scanline * stride);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    jpeg_destroy_compress(cinfo);
    return 0;
}

#endif
