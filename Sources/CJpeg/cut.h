/// C helpers for cutting a JPEG without re-encoding it: the rect's DCT coefficients are read
/// with jpeg_read_coefficients and written with jpeg_write_coefficients, turned upright block by
/// block. Every symbol carries the `lbx_` prefix; every libjpeg call that may fail is made here,
/// behind a setjmp (libjpeg's error_exit must not return, which Swift cannot express).
#ifndef LIGHTBOX_CJPEG_CUT_H
#define LIGHTBOX_CJPEG_CUT_H

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// The cut was written.
#define LBX_JPEG_CUT_OK 0
/// A kind of JPEG the cut cannot read in one pass (progressive, arithmetic, separate scans); `message` says which.
#define LBX_JPEG_CUT_UNSUPPORTED 1
/// The file could not be read or written; `message` says why.
#define LBX_JPEG_CUT_FAILED 2
/// How many markers besides the ICC profile an output may be given.
#define LBX_JPEG_CUT_MARKERS 16

/// The decoder's coefficient buffer for one component, one iMCU row deep and reused row after row.
typedef struct lbx_jpeg_cut_ring {
    JBLOCKARRAY rows;
    JDIMENSION blocks, depth, current;
} lbx_jpeg_cut_ring;

/// A marker to write into the output: its code (JPEG_APP0 + n, JPEG_COM) and bytes.
typedef struct lbx_jpeg_cut_marker {
    int code;
    unsigned int length;
    JOCTET *data;
} lbx_jpeg_cut_marker;

/// One cut: the source and output libjpeg states, the header's facts, the rect in blocks, the
/// rings the source decodes into and the output's coefficient arrays (libjpeg keeps a pointer
/// to `arrays` until the output is finished).
typedef struct lbx_jpeg_cut {
    struct jpeg_decompress_struct src;
    struct jpeg_compress_struct dst;
    struct jpeg_error_mgr src_errors, dst_errors;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    FILE *input, *output;
    char message[JMSG_LENGTH_MAX];
    int src_created, dst_created, lenient;
    int width, height, block_width, block_height, components;
    int left[MAX_COMPONENTS], top[MAX_COMPONENTS], across[MAX_COMPONENTS], down[MAX_COMPONENTS];
    int transpose, flip_x, flip_y, ring_count, marker_count;
    JDIMENSION rows_needed, rows_copied;
    lbx_jpeg_cut_ring *rings[MAX_COMPONENTS];
    jvirt_barray_ptr arrays[MAX_COMPONENTS];
    JBLOCKARRAY out[MAX_COMPONENTS];
    lbx_jpeg_cut_marker markers[LBX_JPEG_CUT_MARKERS];
} lbx_jpeg_cut;

/// libjpeg's error_exit must not return: keep the message and jump back behind the setjmp.
static inline void lbx_jpeg_cut_error_exit(j_common_ptr cinfo) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, cut->message);
    longjmp(cut->jump, 1);
}

/// A warning (corrupt data, a premature end) fails the cut unless it is lenient (`fail_on` none).
static inline void lbx_jpeg_cut_emit_message(j_common_ptr cinfo, int level) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    if (level >= 0) return;
    if (!cut->lenient) lbx_jpeg_cut_error_exit(cinfo);
    cinfo->err->num_warnings++;
}

/// Sets `message` and jumps out as an error.
static inline void lbx_jpeg_cut_fail(lbx_jpeg_cut *cut, const char *text) {
    snprintf(cut->message, sizeof cut->message, "%s", text);
    longjmp(cut->jump, 1);
}

/// libjpeg keeps a whole image's coefficients (in memory: Debian's build has no backing store);
/// a cut needs only the rect's, so the decoder's arrays are rings of one iMCU row instead.
static inline jvirt_barray_ptr lbx_jpeg_cut_request(
    j_common_ptr cinfo, int pool, boolean pre_zero, JDIMENSION blocks, JDIMENSION rows, JDIMENSION depth) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    (void) pre_zero;
    (void) rows;
    if (cut->ring_count >= MAX_COMPONENTS) lbx_jpeg_cut_fail(cut, "too many coefficient arrays");
    lbx_jpeg_cut_ring *ring = (*cinfo->mem->alloc_small)(cinfo, pool, sizeof(lbx_jpeg_cut_ring));
    ring->rows = NULL;
    ring->blocks = blocks;
    ring->depth = depth;
    ring->current = (JDIMENSION) -1;
    cut->rings[cut->ring_count++] = ring;
    return (jvirt_barray_ptr) ring;
}

/// Allocates the rings where libjpeg would allocate its whole-image arrays.
static inline void lbx_jpeg_cut_realize(j_common_ptr cinfo) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    for (int index = 0; index < cut->ring_count; index++) {
        lbx_jpeg_cut_ring *ring = cut->rings[index];
        if (!ring->rows) ring->rows = (*cinfo->mem->alloc_barray)(cinfo, JPOOL_IMAGE, ring->blocks, ring->depth);
    }
}

/// The rows of the iMCU row being decoded: the ring, zeroed when a new row starts (the entropy
/// decoder writes only non-zero coefficients, as libjpeg's pre-zeroed arrays allow).
static inline JBLOCKARRAY lbx_jpeg_cut_access(
    j_common_ptr cinfo, jvirt_barray_ptr array, JDIMENSION start, JDIMENSION count, boolean writable) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    lbx_jpeg_cut_ring *ring = (lbx_jpeg_cut_ring *) array;
    (void) writable;
    if (count > ring->depth || !ring->rows) lbx_jpeg_cut_fail(cut, "an access past the decoder's row");
    if (start != ring->current) {
        for (JDIMENSION row = 0; row < ring->depth; row++) memset(ring->rows[row], 0, ring->blocks * sizeof(JBLOCK));
        ring->current = start;
    }
    return ring->rows;
}

/// One block into the output: coefficients transposed, then odd horizontal (vertical)
/// frequencies negated for a mirror of x (y), which is how a block turns in the DCT domain.
static inline void lbx_jpeg_cut_block(const lbx_jpeg_cut *cut, const JCOEF *in, JCOEF *out) {
    if (!cut->transpose && !cut->flip_x && !cut->flip_y) {
        memcpy(out, in, sizeof(JBLOCK));
        return;
    }
    for (int row = 0; row < DCTSIZE; row++) {
        for (int column = 0; column < DCTSIZE; column++) {
            JCOEF value = cut->transpose ? in[column * DCTSIZE + row] : in[row * DCTSIZE + column];
            int negate = (cut->flip_x && (column & 1)) ^ (cut->flip_y && (row & 1));
            out[row * DCTSIZE + column] = negate ? (JCOEF) -value : value;
        }
    }
}

/// Copies the rect's blocks of the decoded iMCU row `row` from the rings into the output arrays.
static inline void lbx_jpeg_cut_copy_row(lbx_jpeg_cut *cut, JDIMENSION row) {
    for (int ci = 0; ci < cut->components; ci++) {
        lbx_jpeg_cut_ring *ring = cut->rings[ci];
        int across = cut->across[ci], down = cut->down[ci];
        int out_across = cut->transpose ? down : across, out_down = cut->transpose ? across : down;
        for (JDIMENSION depth = 0; depth < ring->depth; depth++) {
            int y = (int) (row * ring->depth + depth) - cut->top[ci];
            if (y < 0 || y >= down) continue;
            JBLOCKROW blocks = ring->rows[depth] + cut->left[ci];
            for (int x = 0; x < across; x++) {
                int ox = cut->transpose ? y : x, oy = cut->transpose ? x : y;
                if (cut->flip_x) ox = out_across - 1 - ox;
                if (cut->flip_y) oy = out_down - 1 - oy;
                lbx_jpeg_cut_block(cut, blocks[x], cut->out[ci][oy][ox]);
            }
        }
    }
}

/// Called by jpeg_read_coefficients before each step, which decodes one iMCU row of a
/// single-scan JPEG: copies the row just decoded, and stops reading after the rect's last row.
static inline void lbx_jpeg_cut_progress(j_common_ptr cinfo) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    JDIMENSION done = cut->src.input_iMCU_row;
    if (done > cut->rows_copied + 1) lbx_jpeg_cut_fail(cut, "the decoder skipped a row");
    if (done == cut->rows_copied + 1) {
        lbx_jpeg_cut_copy_row(cut, cut->rows_copied);
        cut->rows_copied = done;
    }
    if (cut->rows_copied >= cut->rows_needed) longjmp(cut->jump, 2);
}

/// Frees everything a cut holds and closes its files (the output is left for the caller to remove).
static inline void lbx_jpeg_cut_close(lbx_jpeg_cut *cut) {
    if (!cut) return;
    if (cut->src_created) jpeg_destroy_decompress(&cut->src);
    if (cut->dst_created) jpeg_destroy_compress(&cut->dst);
    if (cut->input) fclose(cut->input);
    if (cut->output) fclose(cut->output);
    for (int index = 0; index < cut->marker_count; index++) free(cut->markers[index].data);
    free(cut);
}

/// Why the cut cannot read this JPEG in one pass, or NULL when it can.
static inline const char *lbx_jpeg_cut_unsupported(const struct jpeg_decompress_struct *src) {
    if (src->progressive_mode) return "a progressive JPEG (its coefficients come in several scans)";
    if (src->arith_code) return "an arithmetic-coded JPEG";
    if (src->comps_in_scan != src->num_components) return "a JPEG whose colour components are in separate scans";
    return NULL;
}

/// Opens `path` and reads its header, keeping the ICC profile's markers and, when
/// `keep_markers`, EXIF, XMP, IPTC and comments; `lenient` lets warnings pass.
/// `status` says whether it can be cut; the cut is NULL when it cannot, with the reason in `message`.
static inline lbx_jpeg_cut *lbx_jpeg_cut_open(
    const char *path, int keep_markers, int lenient, int *status, char *message, size_t message_size) {
    lbx_jpeg_cut *cut = calloc(1, sizeof(lbx_jpeg_cut));
    if (!cut) { snprintf(message, message_size, "out of memory"); *status = LBX_JPEG_CUT_FAILED; return NULL; }
    cut->lenient = lenient;
    cut->input = fopen(path, "rb");
    *status = LBX_JPEG_CUT_FAILED;
    if (!cut->input) { snprintf(message, message_size, "cannot open the file"); lbx_jpeg_cut_close(cut); return NULL; }
    cut->src.err = jpeg_std_error(&cut->src_errors);
    cut->src_errors.error_exit = lbx_jpeg_cut_error_exit;
    cut->src_errors.emit_message = lbx_jpeg_cut_emit_message;
    cut->src.client_data = cut;
    if (setjmp(cut->jump)) {
        snprintf(message, message_size, "%s", cut->message);
        lbx_jpeg_cut_close(cut);
        return NULL;
    }
    jpeg_create_decompress(&cut->src);
    cut->src_created = 1;
    jpeg_stdio_src(&cut->src, cut->input);
    jpeg_save_markers(&cut->src, JPEG_APP0 + 2, 0xFFFF);
    if (keep_markers) {
        jpeg_save_markers(&cut->src, JPEG_APP0 + 1, 0xFFFF);
        jpeg_save_markers(&cut->src, JPEG_APP0 + 13, 0xFFFF);
        jpeg_save_markers(&cut->src, JPEG_COM, 0xFFFF);
    }
    jpeg_read_header(&cut->src, TRUE);
    const char *reason = lbx_jpeg_cut_unsupported(&cut->src);
    if (reason) {
        snprintf(message, message_size, "%s", reason);
        *status = LBX_JPEG_CUT_UNSUPPORTED;
        lbx_jpeg_cut_close(cut);
        return NULL;
    }
    cut->width = (int) cut->src.image_width;
    cut->height = (int) cut->src.image_height;
    cut->components = cut->src.num_components;
    int single = cut->components == 1;
    cut->block_width = DCTSIZE * (single ? 1 : cut->src.max_h_samp_factor);
    cut->block_height = DCTSIZE * (single ? 1 : cut->src.max_v_samp_factor);
    *status = LBX_JPEG_CUT_OK;
    return cut;
}

/// Adds a marker the output gets after the ICC profile (a copy of `data`); 0, or -1 when full.
static inline int lbx_jpeg_cut_add_marker(lbx_jpeg_cut *cut, int code, const unsigned char *data, unsigned int length) {
    if (cut->marker_count >= LBX_JPEG_CUT_MARKERS || length > 65533) return -1;
    JOCTET *copy = malloc(length ? length : 1);
    if (!copy) return -1;
    memcpy(copy, data, length);
    cut->markers[cut->marker_count++] = (lbx_jpeg_cut_marker) { code, length, copy };
    return 0;
}

#include "cut_write.h"

#endif
