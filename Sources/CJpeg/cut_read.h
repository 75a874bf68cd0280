/// The reading half of the lossless cut (included by cut.h): one-row rings in place of libjpeg's
/// whole-image coefficient arrays, the Huffman decoder told to keep only the rect's MCUs, and the
/// rect's blocks copied, turned, into the output as rows are decoded.
#ifndef LIGHTBOX_CJPEG_CUT_READ_H
#define LIGHTBOX_CJPEG_CUT_READ_H

/// Whether `cinfo` is the cut's source (the decoder) rather than its output.
static inline int lbx_jpeg_cut_is_source(lbx_jpeg_cut *cut, j_common_ptr cinfo) {
    return cinfo == (j_common_ptr) &cut->src;
}

/// libjpeg keeps a whole image's coefficients (in memory: Debian's build has no backing store);
/// a cut needs only the rect's, so the decoder's arrays, and the output's, are rings of
/// one iMCU row instead. Arrays are requested one per component, in order.
static inline jvirt_barray_ptr lbx_jpeg_cut_request(
    j_common_ptr cinfo, int pool, boolean pre_zero, JDIMENSION blocks, JDIMENSION rows, JDIMENSION depth) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    int source = lbx_jpeg_cut_is_source(cut, cinfo);
    int *count = source ? &cut->ring_count : &cut->out_ring_count;
    (void) pre_zero;
    (void) rows;
    if (*count >= MAX_COMPONENTS) lbx_jpeg_cut_fail(cut, "too many coefficient arrays");
    lbx_jpeg_cut_ring *ring = (*cinfo->mem->alloc_small)(cinfo, pool, sizeof(lbx_jpeg_cut_ring));
    ring->rows = NULL;
    ring->blocks = blocks;
    ring->depth = depth;
    ring->current = (JDIMENSION) -1;
    ring->component = *count;
    (source ? cut->rings : cut->out_rings)[(*count)++] = ring;
    return (jvirt_barray_ptr) ring;
}

/// Allocates the rings where libjpeg would allocate its whole-image arrays (and lets libjpeg
/// realize any array of its own).
static inline void lbx_jpeg_cut_realize(j_common_ptr cinfo) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    int source = lbx_jpeg_cut_is_source(cut, cinfo);
    (*cut->realize[source])(cinfo);
    int count = source ? cut->ring_count : cut->out_ring_count;
    for (int index = 0; index < count; index++) {
        lbx_jpeg_cut_ring *ring = (source ? cut->rings : cut->out_rings)[index];
        if (!ring->rows) ring->rows = (*cinfo->mem->alloc_barray)(cinfo, JPOOL_IMAGE, ring->blocks, ring->depth);
    }
}

/// libjpeg's Huffman decoder, called once per MCU: MCUs outside the rect are decoded without
/// keeping their coefficients (a NULL buffer, as jpeg_skip_scanlines does), which is about half
/// the work of keeping them, and those before a restart interval jumped to not at all. The MCU's
/// column is counted, since the decoder does not say it.
static inline boolean lbx_jpeg_cut_decode_mcu(j_decompress_ptr cinfo, JBLOCKROW *data) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    if (cinfo->input_iMCU_row != cut->mcu_row) {
        cut->mcu_row = cinfo->input_iMCU_row;
        cut->mcu_count = 0;
    }
    JDIMENSION column = cut->mcu_count++ % cinfo->MCUs_per_row;
    int kept = cinfo->input_iMCU_row >= cut->first_row && column >= cut->first_mcu && column < cut->end_mcu;
    if (cut->skipped > 0) {
        if (kept) lbx_jpeg_cut_fail(cut, "a restart jump passed over a kept MCU");
        cut->skipped--;
        return TRUE;
    }
    if (!(*cut->decode_mcu)(cinfo, kept ? data : NULL)) lbx_jpeg_cut_fail(cut, "the JPEG data was suspended");
    return TRUE;
}

/// Each output coefficient's sign: after the transposition, odd horizontal (vertical)
/// frequencies are negated for a mirror of x (y), which is how a block turns in the DCT domain.
/// Set once per cut.
static inline void lbx_jpeg_cut_plan_blocks(lbx_jpeg_cut *cut) {
    for (int row = 0; row < DCTSIZE; row++) {
        for (int column = 0; column < DCTSIZE; column++) {
            int k = row * DCTSIZE + column;
            cut->sign[k] = ((cut->flip_x && (column & 1)) ^ (cut->flip_y && (row & 1))) ? -1 : 1;
        }
    }
}

/// One block into the output, transposed when asked, then signed as `lbx_jpeg_cut_plan_blocks`
/// planned (two plain loops the compiler can vectorize).
static inline void lbx_jpeg_cut_block(const lbx_jpeg_cut *cut, const JCOEF *in, JCOEF *out) {
    if (!cut->transpose && !cut->flip_x && !cut->flip_y) {
        memcpy(out, in, sizeof(JBLOCK));
        return;
    }
    if (cut->transpose) {
        for (int row = 0; row < DCTSIZE; row++) {
            for (int column = 0; column < DCTSIZE; column++) out[row * DCTSIZE + column] = in[column * DCTSIZE + row];
        }
    } else {
        memcpy(out, in, sizeof(JBLOCK));
    }
    for (int k = 0; k < DCTSIZE2; k++) out[k] = (JCOEF) (out[k] * cut->sign[k]);
}

/// Copies the rect's blocks of the decoded iMCU row `row` from the source's rings: turned into
/// the output's rings (streamed), or as they are into `held`.
static inline void lbx_jpeg_cut_copy_row(lbx_jpeg_cut *cut, JDIMENSION row) {
    for (int ci = 0; ci < cut->components; ci++) {
        lbx_jpeg_cut_ring *ring = cut->rings[ci];
        int across = cut->across[ci];
        for (JDIMENSION depth = 0; depth < ring->depth; depth++) {
            int y = (int) (row * ring->depth + depth) - cut->top[ci];
            if (y < 0 || y >= cut->down[ci]) continue;
            JBLOCKROW blocks = ring->rows[depth] + cut->left[ci];
            if (!cut->streamed) {
                memcpy(cut->held[ci] + (size_t) y * (size_t) across, blocks, (size_t) across * sizeof(JBLOCK));
                continue;
            }
            JBLOCKROW target = cut->out_rings[ci]->rows[depth];
            for (int x = 0; x < across; x++) lbx_jpeg_cut_block(cut, blocks[x], target[cut->flip_x ? across - 1 - x : x]);
        }
    }
}

/// A held cut's output row `row` (in iMCUs): each output block found back in `held` (the
/// mirrors undone, then the transposition) and turned into the output's rings.
static inline void lbx_jpeg_cut_gather_row(lbx_jpeg_cut *cut, JDIMENSION row) {
    for (int ci = 0; ci < cut->components; ci++) {
        lbx_jpeg_cut_ring *ring = cut->out_rings[ci];
        int across = cut->across[ci], down = cut->down[ci];
        int out_across = cut->transpose ? down : across, out_down = cut->transpose ? across : down;
        for (JDIMENSION depth = 0; depth < ring->depth; depth++) {
            int oy = (int) (row * ring->depth + depth);
            if (oy >= out_down) continue;
            int y = cut->flip_y ? out_down - 1 - oy : oy;
            for (int ox = 0; ox < out_across; ox++) {
                int x = cut->flip_x ? out_across - 1 - ox : ox;
                size_t source = cut->transpose ? (size_t) x * (size_t) across + (size_t) y
                                               : (size_t) y * (size_t) across + (size_t) x;
                lbx_jpeg_cut_block(cut, cut->held[ci][source], ring->rows[depth][ox]);
            }
        }
    }
}

/// Puts libjpeg's Huffman decoder behind `lbx_jpeg_cut_decode_mcu` (once modules exist, before
/// any entropy data is read), and jumps to the restart interval holding the rect's first row.
static inline void lbx_jpeg_cut_hook_decoder(lbx_jpeg_cut *cut) {
    if (cut->decode_mcu) return;
    cut->decode_mcu = cut->src.entropy->decode_mcu;
    cut->src.entropy->decode_mcu = lbx_jpeg_cut_decode_mcu;
    cut->mcu_row = (JDIMENSION) -1;
    if (!cut->no_restart) cut->skipped = lbx_jpeg_restart_jump(&cut->src, cut->input, cut->first_row);
}

/// Called by jpeg_read_coefficients before each step, which decodes one iMCU row of a
/// single-scan JPEG. Held: copies the row just decoded into `held`, and jumps back (2) after
/// the rect's last row, so nothing below is read. Streamed: jumps back (3) before any row, the
/// decoder ready for `lbx_jpeg_cut_pump`.
static inline void lbx_jpeg_cut_progress(j_common_ptr cinfo) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    lbx_jpeg_cut_hook_decoder(cut);
    if (cut->streamed) longjmp(cut->jump, 3);
    JDIMENSION done = cut->src.input_iMCU_row;
    if (done > cut->rows_copied + 1) lbx_jpeg_cut_fail(cut, "the decoder skipped a row");
    if (done == cut->rows_copied + 1) {
        lbx_jpeg_cut_copy_row(cut, cut->rows_copied);
        cut->rows_copied = done;
    }
    if (cut->rows_copied >= cut->rows_needed) longjmp(cut->jump, 2);
}

/// The output's row `row` (in iMCUs) into its rings: gathered from `held`, or (streamed) the
/// source decoded down to the matching row and its blocks copied. Rows come in order, once each.
static inline void lbx_jpeg_cut_pump(lbx_jpeg_cut *cut, JDIMENSION row) {
    if (row < cut->rows_sent) return;
    if (row > cut->rows_sent) lbx_jpeg_cut_fail(cut, "the encoder skipped a row");
    if (!cut->streamed) {
        lbx_jpeg_cut_gather_row(cut, row);
        cut->rows_sent = row + 1;
        return;
    }
    JDIMENSION target = cut->first_row + row;
    while (cut->src.input_iMCU_row <= target) {
        int status = (*cut->src.inputctl->consume_input)(&cut->src);
        if (status == JPEG_SUSPENDED || status == JPEG_REACHED_EOI) {
            lbx_jpeg_cut_fail(cut, "the JPEG data ends before the cut's last row");
        }
    }
    lbx_jpeg_cut_copy_row(cut, target);
    cut->rows_sent = row + 1;
}

/// The rows of an iMCU row. The decoder's ring is zeroed when a row of the rect starts (the
/// entropy decoder writes only non-zero coefficients, as libjpeg's pre-zeroed arrays allow);
/// the encoder's ring is filled from the source first.
static inline JBLOCKARRAY lbx_jpeg_cut_access(
    j_common_ptr cinfo, jvirt_barray_ptr array, JDIMENSION start, JDIMENSION count, boolean writable) {
    lbx_jpeg_cut *cut = (lbx_jpeg_cut *) cinfo->client_data;
    lbx_jpeg_cut_ring *ring = (lbx_jpeg_cut_ring *) array;
    (void) writable;
    if (count > ring->depth || !ring->rows) lbx_jpeg_cut_fail(cut, "an access past the buffered row");
    if (!lbx_jpeg_cut_is_source(cut, cinfo)) {
        lbx_jpeg_cut_pump(cut, start / ring->depth);
        return ring->rows;
    }
    if (start != ring->current) {
        ring->current = start;
        if (cut->src.input_iMCU_row < cut->first_row) return ring->rows;
        for (JDIMENSION row = 0; row < ring->depth; row++) memset(ring->rows[row], 0, ring->blocks * sizeof(JBLOCK));
    }
    return ring->rows;
}

/// Puts the rings in place of `cinfo`'s whole-image arrays.
static inline void lbx_jpeg_cut_use_rings(lbx_jpeg_cut *cut, j_common_ptr cinfo) {
    struct jpeg_memory_mgr *mem = cinfo->mem;
    cut->realize[lbx_jpeg_cut_is_source(cut, cinfo)] = mem->realize_virt_arrays;
    mem->request_virt_barray = lbx_jpeg_cut_request;
    mem->realize_virt_arrays = lbx_jpeg_cut_realize;
    mem->access_virt_barray = lbx_jpeg_cut_access;
}

#endif
