/// C helpers for cutting a JPEG without re-encoding it: the rect's DCT coefficients are read
/// with jpeg_read_coefficients and written with jpeg_write_coefficients, turned upright block by
/// block. Every symbol carries the `lbx_` prefix; every libjpeg call that may fail is made here,
/// behind a setjmp (libjpeg's error_exit must not return, which Swift cannot express).
#ifndef LIGHTBOX_CJPEG_CUT_H
#define LIGHTBOX_CJPEG_CUT_H

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include "restart.h"

/// The cut was written.
#define LBX_JPEG_CUT_OK 0
/// A kind of JPEG the cut cannot read in one pass (progressive, arithmetic, separate scans); `message` says which.
#define LBX_JPEG_CUT_UNSUPPORTED 1
/// The file could not be read or written; `message` says why.
#define LBX_JPEG_CUT_FAILED 2
/// How many markers besides the ICC profile an output may be given.
#define LBX_JPEG_CUT_MARKERS 16

/// A component's coefficient buffer, one iMCU row deep and reused row after row: the decoder's,
/// or in a streamed cut the encoder's.
typedef struct lbx_jpeg_cut_ring {
    JBLOCKARRAY rows;
    JDIMENSION blocks, depth, current;
    int component;
} lbx_jpeg_cut_ring;

/// A marker to write into the output: its code (JPEG_APP0 + n, JPEG_COM) and bytes.
typedef struct lbx_jpeg_cut_marker {
    int code;
    unsigned int length;
    JOCTET *data;
} lbx_jpeg_cut_marker;

/// One cut: the source and output libjpeg states, the header's facts, the rect in blocks, and
/// one-row rings for both (libjpeg keeps a pointer to `arrays` until the output is finished).
/// The encoder pulls each output row as it writes it: a cut that keeps the rows' order (no
/// transposition, no vertical mirror) is `streamed`, each row decoded when it is asked for, so
/// nothing is held; any other cut first reads the rect's blocks, in the source's order, into
/// `held`, and each output row is gathered from there. With restart markers (unless `no_restart`)
/// the source starts at the interval holding the rect's first row: `skipped` MCUs before it are
/// passed over unread.
typedef struct lbx_jpeg_cut {
    struct jpeg_decompress_struct src;
    struct jpeg_compress_struct dst;
    struct jpeg_error_mgr src_errors, dst_errors;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    FILE *input, *output;
    char message[JMSG_LENGTH_MAX];
    int src_created, dst_created, lenient, output_failed;
    int width, height, block_width, block_height, components;
    int left[MAX_COMPONENTS], top[MAX_COMPONENTS], across[MAX_COMPONENTS], down[MAX_COMPONENTS];
    int transpose, flip_x, flip_y, streamed, ring_count, out_ring_count, marker_count, no_restart;
    JDIMENSION rows_needed, rows_copied, first_row, first_mcu, end_mcu, mcu_row, mcu_count, rows_sent, skipped;
    boolean (*decode_mcu)(j_decompress_ptr, JBLOCKROW *);
    void (*realize[2])(j_common_ptr);
    lbx_jpeg_cut_ring *rings[MAX_COMPONENTS], *out_rings[MAX_COMPONENTS];
    jvirt_barray_ptr arrays[MAX_COMPONENTS];
    JBLOCKROW held[MAX_COMPONENTS];
    lbx_jpeg_cut_marker markers[LBX_JPEG_CUT_MARKERS];
    JCOEF sign[DCTSIZE2];
} lbx_jpeg_cut;

/// libjpeg's error_exit must not return: keep the message and jump back behind the setjmp.
static inline void lbx_jpeg_cut_error_exit(j_common_ptr cinfo) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, cut->message);
    longjmp(cut->jump, 1);
}

/// Keeps why the output could not be made or written (the system's reason when it gave one),
/// marks the failure as the output's, and jumps back.
static inline void lbx_jpeg_cut_output_fail(lbx_jpeg_cut *cut, const char *what, int code) {
    cut->output_failed = 1;
    if (code != 0) {
        snprintf(cut->message, sizeof cut->message, "%s: %s", what, strerror(code));
    } else {
        snprintf(cut->message, sizeof cut->message, "%s", what);
    }
}

/// The output's error_exit: a failed write (a full disk) names the system's reason, any other
/// error libjpeg's message; either is the output's, not the input's.
static inline void lbx_jpeg_cut_output_error_exit(j_common_ptr cinfo) {
    int code = errno;
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    if (cinfo->err->msg_code == JERR_FILE_WRITE) {
        lbx_jpeg_cut_output_fail(cut, "cannot write the output", code);
    } else {
        (*cinfo->err->format_message)(cinfo, cut->message);
        cut->output_failed = 1;
    }
    longjmp(cut->jump, 1);
}

/// Whether the last failure was the output's (it could not be made or written).
static inline int lbx_jpeg_cut_output_failed(const lbx_jpeg_cut *cut) { return cut->output_failed; }

/// A warning (corrupt data, a premature end) fails the cut unless it is lenient (`fail_on` none);
/// a lenient cut keeps the first one's words in `message` (an error later writes over them).
static inline void lbx_jpeg_cut_emit_message(j_common_ptr cinfo, int level) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    if (level >= 0) return;
    if (!cut->lenient) lbx_jpeg_cut_error_exit(cinfo);
    if (cinfo->err->num_warnings == 0) (*cinfo->err->format_message)(cinfo, cut->message);
    cinfo->err->num_warnings++;
}

/// Sets `message` and jumps out as an error.
static inline void lbx_jpeg_cut_fail(lbx_jpeg_cut *cut, const char *text) {
    snprintf(cut->message, sizeof cut->message, "%s", text);
    longjmp(cut->jump, 1);
}

/// Frees everything a cut holds and closes its files (the output is left for the caller to remove).
static inline void lbx_jpeg_cut_close(lbx_jpeg_cut *cut) {
    if (!cut) return;
    if (cut->src_created) jpeg_destroy_decompress(&cut->src);
    if (cut->dst_created) jpeg_destroy_compress(&cut->dst);
    if (cut->input) fclose(cut->input);
    if (cut->output) fclose(cut->output);
    for (int ci = 0; ci < MAX_COMPONENTS; ci++) free(cut->held[ci]);
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

#include "cut_read.h"
#include "cut_write.h"

#endif
