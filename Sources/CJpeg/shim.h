/// C helpers for the JPEG region source. Every symbol carries the `lbx_` prefix. libjpeg
/// reports errors through an `error_exit` that must not return (setjmp/longjmp), which Swift
/// cannot express, so every libjpeg call that may fail is made here, behind a setjmp.
#ifndef LIGHTBOX_CJPEG_SHIM_H
#define LIGHTBOX_CJPEG_SHIM_H

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include "restart.h"

/// The decoder could serve the rect.
#define LBX_JPEG_REGION_OK 0
/// A kind of JPEG the partial decoder leaves to libvips (progressive, arithmetic, CMYK, 12-bit...).
#define LBX_JPEG_REGION_UNSUPPORTED 1
/// The file could not be read or the rect is outside it.
#define LBX_JPEG_REGION_FAILED 2

/// One partial decode: libjpeg's state, the rect in output pixels and the next row to give; with
/// restart markers (unless `no_restart`), the MCUs still to pass over and libjpeg's own decoder.
typedef struct lbx_jpeg_region {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr errors;
    jmp_buf jump;
    pthread_mutex_t lock;
    FILE *file;
    JSAMPLE *row;
    char message[JMSG_LENGTH_MAX];
    int created, started, finished, left, top, width, height, bands, next_row, no_restart;
    JDIMENSION column, skipped;
    boolean (*decode_mcu)(j_decompress_ptr, JBLOCKROW *);
} lbx_jpeg_region;

/// libjpeg's error_exit must not return: keep the message and jump back behind the setjmp.
static inline void lbx_jpeg_region_error_exit(j_common_ptr cinfo) {
    lbx_jpeg_region *region = (lbx_jpeg_region *) cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, region->message);
    longjmp(region->jump, 1);
}

/// Any warning (corrupt data, premature end) stops the partial decode, so libvips' own policy decides.
static inline void lbx_jpeg_region_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) lbx_jpeg_region_error_exit(cinfo);
}

/// Releases libjpeg's state and the file once no more rows are needed (idempotent).
static inline void lbx_jpeg_region_finish(lbx_jpeg_region *region) {
    if (region->created) jpeg_destroy_decompress(&region->cinfo);
    region->created = 0;
    if (region->file) fclose(region->file);
    region->file = NULL;
    free(region->row);
    region->row = NULL;
    region->finished = 1;
}

/// Frees everything a region holds; the image that streamed from it calls this on close.
static inline void lbx_jpeg_region_close(lbx_jpeg_region *region) {
    if (!region) return;
    lbx_jpeg_region_finish(region);
    pthread_mutex_destroy(&region->lock);
    free(region);
}

/// Whether libjpeg's partial decode serves this file bit-exactly as libvips' decode does.
static inline int lbx_jpeg_region_supported(const struct jpeg_decompress_struct *cinfo) {
    if (cinfo->progressive_mode || cinfo->arith_code || cinfo->data_precision != 8) return 0;
    if (cinfo->num_components == 1) return cinfo->jpeg_color_space == JCS_GRAYSCALE;
    return cinfo->num_components == 3 && cinfo->jpeg_color_space == JCS_YCbCr;
}

/// Reads the header, checks the kind and the rect, and starts a decode cropped to the rect's
/// columns with a margin of one iMCU where the image goes on (the upsampler's context).
static inline int lbx_jpeg_region_start(lbx_jpeg_region *region, int shrink) {
    struct jpeg_decompress_struct *cinfo = &region->cinfo;
    jpeg_read_header(cinfo, TRUE);
    if (!lbx_jpeg_region_supported(cinfo)) return LBX_JPEG_REGION_UNSUPPORTED;
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned int) shrink;
    jpeg_calc_output_dimensions(cinfo);
    if (region->left < 0 || region->top < 0 || region->width <= 0 || region->height <= 0 ||
        (JDIMENSION) (region->left + region->width) > cinfo->output_width ||
        (JDIMENSION) (region->top + region->height) > cinfo->output_height) {
        snprintf(region->message, sizeof region->message, "rect outside the image");
        return LBX_JPEG_REGION_FAILED;
    }
    jpeg_start_decompress(cinfo);
    region->started = 1;
    int margin = cinfo->max_h_samp_factor * cinfo->min_DCT_scaled_size;
    int first = region->left - margin < 0 ? 0 : region->left - margin;
    int end = region->left + region->width + margin;
    if ((JDIMENSION) end > cinfo->output_width) end = (int) cinfo->output_width;
    JDIMENSION offset = (JDIMENSION) first, width = (JDIMENSION) (end - first);
    if (width < cinfo->output_width) jpeg_crop_scanline(cinfo, &offset, &width);
    region->column = (JDIMENSION) region->left - offset;
    region->bands = cinfo->output_components;
    region->row = malloc((size_t) cinfo->output_width * (size_t) region->bands);
    if (!region->row) {
        snprintf(region->message, sizeof region->message, "out of memory");
        return LBX_JPEG_REGION_FAILED;
    }
    return LBX_JPEG_REGION_OK;
}

/// Opens `path` for the rect (in the pixels of the image shrunk 1, 2, 4 or 8 times on load);
/// `status` says whether it can be served, and the region is NULL when it cannot.
static inline lbx_jpeg_region *lbx_jpeg_region_open(const char *path, int left, int top, int width, int height, int shrink, int *status) {
    lbx_jpeg_region *region = calloc(1, sizeof(lbx_jpeg_region));
    if (!region) { *status = LBX_JPEG_REGION_FAILED; return NULL; }
    pthread_mutex_init(&region->lock, NULL);
    region->left = left; region->top = top; region->width = width; region->height = height;
    region->file = fopen(path, "rb");
    if (!region->file) { lbx_jpeg_region_close(region); *status = LBX_JPEG_REGION_FAILED; return NULL; }
    region->cinfo.err = jpeg_std_error(&region->errors);
    region->errors.error_exit = lbx_jpeg_region_error_exit;
    region->errors.emit_message = lbx_jpeg_region_emit_message;
    region->cinfo.client_data = region;
    if (setjmp(region->jump)) {
        lbx_jpeg_region_close(region);
        *status = LBX_JPEG_REGION_FAILED;
        return NULL;
    }
    jpeg_create_decompress(&region->cinfo);
    region->created = 1;
    jpeg_stdio_src(&region->cinfo, region->file);
    *status = lbx_jpeg_region_start(region, shrink);
    if (*status != LBX_JPEG_REGION_OK) { lbx_jpeg_region_close(region); return NULL; }
    return region;
}

/// libjpeg's Huffman decoder, called once per MCU: the MCUs before a restart interval the
/// decoder jumped to are passed over without reading (they lie in rows that are skipped).
static inline boolean lbx_jpeg_region_decode_mcu(j_decompress_ptr cinfo, JBLOCKROW *data) {
    lbx_jpeg_region *region = (lbx_jpeg_region *) cinfo->client_data;
    if (region->skipped > 0) {
        region->skipped--;
        return TRUE;
    }
    return (*region->decode_mcu)(cinfo, data);
}

/// Before skipping `first` rows: when the file has restart markers, jumps to the interval that
/// holds the first iMCU row jpeg_skip_scanlines decodes for real (with context upsampling, the
/// one above the row holding `first`), one iMCU row earlier still for safety, so the rows above
/// cost no entropy decoding at all.
static inline void lbx_jpeg_region_restart(lbx_jpeg_region *region, JDIMENSION first, JDIMENSION row_height) {
    struct jpeg_decompress_struct *cinfo = &region->cinfo;
    JDIMENSION decoded = cinfo->upsample->need_context_rows ? (first - 1) / row_height : first / row_height;
    if (decoded < 2) return;
    region->skipped = lbx_jpeg_restart_jump(cinfo, region->file, decoded - 1);
    if (region->skipped == 0) return;
    region->decode_mcu = cinfo->entropy->decode_mcu;
    cinfo->entropy->decode_mcu = lbx_jpeg_region_decode_mcu;
}

/// Skips to row `row` of the rect the first time: whole iMCU rows above only entropy-decoded (or
/// not at all, from a restart marker), then one iMCU row of margin read and dropped, so the
/// upsampler has its context.
static inline void lbx_jpeg_region_seek(lbx_jpeg_region *region, int row) {
    struct jpeg_decompress_struct *cinfo = &region->cinfo;
    int target = region->top + row;
    if (cinfo->output_scanline == 0) {
        int margin = cinfo->max_v_samp_factor * cinfo->min_DCT_scaled_size;
        int first = target - margin < 0 ? 0 : target - margin;
        if (first > 0 && !region->no_restart) lbx_jpeg_region_restart(region, (JDIMENSION) first, (JDIMENSION) margin);
        if (first > 0) jpeg_skip_scanlines(cinfo, (JDIMENSION) first);
    }
    JSAMPROW pointer = region->row;
    while ((int) cinfo->output_scanline < target) jpeg_read_scanlines(cinfo, &pointer, 1);
}

/// Decodes `rows` whole output rows straight into `dest` (`stride` bytes apart), as many at a time
/// as libjpeg gives; a read that yields no row (a stream that cannot go on) fails as libjpeg's.
static inline void lbx_jpeg_region_read_whole(lbx_jpeg_region *region, unsigned char *dest, int rows, size_t stride) {
    JSAMPROW targets[16];
    int y = 0;
    while (y < rows) {
        int count = rows - y < 16 ? rows - y : 16;
        for (int i = 0; i < count; i++) targets[i] = dest + (size_t) (y + i) * stride;
        JDIMENSION read = jpeg_read_scanlines(&region->cinfo, targets, (JDIMENSION) count);
        if (read == 0) {
            snprintf(region->message, sizeof region->message, "no rows after row %d", y);
            longjmp(region->jump, 1);
        }
        y += (int) read;
    }
}

/// Decodes rows `top` to `top + rows` of the rect, columns `left` to `left + width` of each,
/// into `dest` (`stride` bytes apart); rows must be asked for in order. Returns 0, or -1 with
/// `message` set. Frees the decoder after the rect's last row.
static inline int lbx_jpeg_region_read(lbx_jpeg_region *region, unsigned char *dest, int left, int top, int width, int rows, size_t stride) {
    pthread_mutex_lock(&region->lock);
    if (region->finished || top < region->next_row || left < 0 || left + width > region->width || top + rows > region->height) {
        snprintf(region->message, sizeof region->message, "out of order read at row %d", top);
        pthread_mutex_unlock(&region->lock);
        return -1;
    }
    if (setjmp(region->jump)) {
        lbx_jpeg_region_finish(region);
        pthread_mutex_unlock(&region->lock);
        return -1;
    }
    lbx_jpeg_region_seek(region, top);
    JSAMPROW pointer = region->row;
    size_t skip = ((size_t) region->column + (size_t) left) * (size_t) region->bands;
    if (skip == 0 && (JDIMENSION) width == region->cinfo.output_width) {
        /* Rows as wide as the decoder's are decoded where they go, several at a time (no copy). */
        lbx_jpeg_region_read_whole(region, dest, rows, stride);
    } else {
        for (int y = 0; y < rows; y++) {
            jpeg_read_scanlines(&region->cinfo, &pointer, 1);
            memcpy(dest + (size_t) y * stride, region->row + skip, (size_t) width * (size_t) region->bands);
        }
    }
    region->next_row = top + rows;
    if (region->next_row >= region->height) lbx_jpeg_region_finish(region);
    pthread_mutex_unlock(&region->lock);
    return 0;
}

/// The restart interval of the JPEG at `path` (its DRI, in MCUs) when the region decoder serves
/// the file and could start at its restart markers, else 0. Reads the header only.
static inline unsigned int lbx_jpeg_region_restart_interval(const char *path) {
    lbx_jpeg_region *region = calloc(1, sizeof(lbx_jpeg_region));
    if (!region) return 0;
    pthread_mutex_init(&region->lock, NULL);
    unsigned int interval = 0;
    region->file = fopen(path, "rb");
    if (region->file && !setjmp(region->jump)) {
        region->cinfo.err = jpeg_std_error(&region->errors);
        region->errors.error_exit = lbx_jpeg_region_error_exit;
        region->errors.emit_message = lbx_jpeg_region_emit_message;
        region->cinfo.client_data = region;
        jpeg_create_decompress(&region->cinfo);
        region->created = 1;
        jpeg_stdio_src(&region->cinfo, region->file);
        jpeg_read_header(&region->cinfo, TRUE);
        if (lbx_jpeg_region_supported(&region->cinfo) && region->cinfo.comps_in_scan == region->cinfo.num_components)
            interval = region->cinfo.restart_interval;
    }
    lbx_jpeg_region_close(region);
    return interval;
}

/// The message of the last failure, for libvips' error buffer.
static inline const char *lbx_jpeg_region_message(const lbx_jpeg_region *region) { return region->message; }

#endif
