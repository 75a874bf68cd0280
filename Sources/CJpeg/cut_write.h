/// The writing half of the lossless cut (included by cut.h): the output's parameters and
/// coefficient arrays, the read of the source down to the rect's last iMCU row, the finish.
#ifndef LIGHTBOX_CJPEG_CUT_WRITE_H
#define LIGHTBOX_CJPEG_CUT_WRITE_H

/// `value` rounded up to a multiple of `unit`.
static inline JDIMENSION lbx_jpeg_cut_round_up(int value, int unit) {
    return (JDIMENSION) ((value + unit - 1) / unit * unit);
}

/// The stored rect (on the iMCU grid) in each component's blocks.
static inline void lbx_jpeg_cut_blocks(lbx_jpeg_cut *cut, int left, int top, int width, int height) {
    int unit_x = DCTSIZE * cut->src.max_h_samp_factor, unit_y = DCTSIZE * cut->src.max_v_samp_factor;
    for (int ci = 0; ci < cut->components; ci++) {
        int h = cut->src.comp_info[ci].h_samp_factor, v = cut->src.comp_info[ci].v_samp_factor;
        cut->left[ci] = left * h / unit_x;
        cut->top[ci] = top * v / unit_y;
        cut->across[ci] = (width * h + unit_x - 1) / unit_x;
        cut->down[ci] = (height * v + unit_y - 1) / unit_y;
    }
}

/// A transposing turn transposes each quantization table too, as the coefficients are.
static inline void lbx_jpeg_cut_transpose_tables(struct jpeg_compress_struct *dst) {
    for (int index = 0; index < NUM_QUANT_TBLS; index++) {
        JQUANT_TBL *table = dst->quant_tbl_ptrs[index];
        if (!table) continue;
        for (int row = 0; row < DCTSIZE; row++) {
            for (int column = 0; column < row; column++) {
                UINT16 value = table->quantval[row * DCTSIZE + column];
                table->quantval[row * DCTSIZE + column] = table->quantval[column * DCTSIZE + row];
                table->quantval[column * DCTSIZE + row] = value;
            }
        }
    }
}

/// The source's ICC profile into the output, when it has one.
static inline void lbx_jpeg_cut_write_icc(lbx_jpeg_cut *cut) {
    JOCTET *icc = NULL;
    unsigned int length = 0;
    if (!jpeg_read_icc_profile(&cut->src, &icc, &length)) return;
    jpeg_write_icc_profile(&cut->dst, icc, length);
    free(icc);
}

/// Starts the output: the source's critical parameters (quantization tables, sampling, colour
/// space) turned with the cut, libjpeg's standard Huffman tables (optimizing them costs a second
/// pass, about 40% of the cut's time, for about 10% less size), the markers written, and the
/// output's one-row rings, which the encoder fills through `lbx_jpeg_cut_pump`.
static inline void lbx_jpeg_cut_start_output(lbx_jpeg_cut *cut, int width, int height, int keep_icc) {
    struct jpeg_compress_struct *dst = &cut->dst;
    dst->err = jpeg_std_error(&cut->dst_errors);
    cut->dst_errors.error_exit = lbx_jpeg_cut_output_error_exit;
    dst->client_data = cut;
    jpeg_create_compress(dst);
    cut->dst_created = 1;
    jpeg_stdio_dest(dst, cut->output);
    jpeg_copy_critical_parameters(&cut->src, dst);
    dst->image_width = (JDIMENSION) (cut->transpose ? height : width);
    dst->image_height = (JDIMENSION) (cut->transpose ? width : height);
    for (int ci = 0; ci < cut->components; ci++) {
        jpeg_component_info *comp = &dst->comp_info[ci];
        int h = comp->h_samp_factor, v = comp->v_samp_factor;
        comp->h_samp_factor = cut->components == 1 ? 1 : cut->transpose ? v : h;
        comp->v_samp_factor = cut->components == 1 ? 1 : cut->transpose ? h : v;
    }
    if (cut->transpose) lbx_jpeg_cut_transpose_tables(dst);
    dst->optimize_coding = FALSE;
    lbx_jpeg_cut_use_rings(cut, (j_common_ptr) dst);
    jvirt_barray_ptr *arrays = cut->arrays;
    for (int ci = 0; ci < cut->components; ci++) {
        jpeg_component_info *comp = &dst->comp_info[ci];
        int across = cut->transpose ? cut->down[ci] : cut->across[ci];
        int down = cut->transpose ? cut->across[ci] : cut->down[ci];
        arrays[ci] = (*dst->mem->request_virt_barray)(
            (j_common_ptr) dst, JPOOL_IMAGE, FALSE, lbx_jpeg_cut_round_up(across, comp->h_samp_factor),
            lbx_jpeg_cut_round_up(down, comp->v_samp_factor), (JDIMENSION) comp->v_samp_factor);
    }
    jpeg_write_coefficients(dst, arrays);
    if (keep_icc) lbx_jpeg_cut_write_icc(cut);
    for (int index = 0; index < cut->marker_count; index++) {
        lbx_jpeg_cut_marker *marker = &cut->markers[index];
        jpeg_write_marker(dst, marker->code, marker->data, marker->length);
    }
}

/// Starts reading the source into the rings, keeping only the rect's MCUs. Held: the progress
/// hook copies the rect's blocks into `held` and jumps back (2) after the rect's last iMCU row,
/// so nothing below is read. Streamed: the hook jumps back (3) at once. Either way the encoder
/// then pulls each row through `lbx_jpeg_cut_pump` while the output is finished.
static inline void lbx_jpeg_cut_read(lbx_jpeg_cut *cut, int left, int top, int width, int height) {
    for (int ci = 0; ci < cut->components && !cut->streamed; ci++) {
        cut->held[ci] = malloc((size_t) cut->across[ci] * (size_t) cut->down[ci] * sizeof(JBLOCK));
        if (!cut->held[ci]) lbx_jpeg_cut_fail(cut, "out of memory for the rect's coefficients");
    }
    lbx_jpeg_cut_use_rings(cut, (j_common_ptr) &cut->src);
    cut->progress.progress_monitor = lbx_jpeg_cut_progress;
    cut->src.progress = &cut->progress;
    int row_height = DCTSIZE * cut->src.max_v_samp_factor;
    int mcu_width = DCTSIZE * (cut->components == 1 ? 1 : cut->src.max_h_samp_factor);
    cut->rows_needed = (JDIMENSION) ((top + height + row_height - 1) / row_height);
    cut->first_row = (JDIMENSION) (top / row_height);
    cut->first_mcu = (JDIMENSION) (left / mcu_width);
    cut->end_mcu = (JDIMENSION) ((left + width + mcu_width - 1) / mcu_width);
    jpeg_read_coefficients(&cut->src);
    lbx_jpeg_cut_fail(cut, "the JPEG data ends before the cut's last row");
}

/// Writes the stored rect `left`, `top`, `width` x `height` (on the iMCU grid, or ending at the
/// image's edge) to `path`, each block transposed and then mirrored as asked, with the ICC
/// profile when `keep_icc` and the markers added. Returns LBX_JPEG_CUT_OK, or
/// LBX_JPEG_CUT_FAILED with `message` set; the caller removes a failed output. Call once.
static inline int lbx_jpeg_cut_write(
    lbx_jpeg_cut *cut, const char *path, int left, int top, int width, int height, int transpose, int flip_x,
    int flip_y, int keep_icc) {
    if (left < 0 || top < 0 || width <= 0 || height <= 0 || left + width > cut->width || top + height > cut->height) {
        snprintf(cut->message, sizeof cut->message, "the cut lies outside the image");
        return LBX_JPEG_CUT_FAILED;
    }
    cut->transpose = transpose;
    cut->flip_x = flip_x;
    cut->flip_y = flip_y;
    int whole_blocks = cut->components > 1 ||
        (cut->src.comp_info[0].h_samp_factor == 1 && cut->src.comp_info[0].v_samp_factor == 1);
    cut->streamed = !transpose && !flip_y && whole_blocks;
    lbx_jpeg_cut_plan_blocks(cut);
    cut->output = fopen(path, "wb");
    if (!cut->output) {
        lbx_jpeg_cut_output_fail(cut, "cannot create the output", errno);
        return LBX_JPEG_CUT_FAILED;
    }
    switch (setjmp(cut->jump)) {
    case 0:
        lbx_jpeg_cut_blocks(cut, left, top, width, height);
        lbx_jpeg_cut_start_output(cut, width, height, keep_icc);
        lbx_jpeg_cut_read(cut, left, top, width, height);
        break;
    case 1:
        return LBX_JPEG_CUT_FAILED;
    default:
        break;
    }
    if (setjmp(cut->jump)) return LBX_JPEG_CUT_FAILED;
    jpeg_finish_compress(&cut->dst);
    FILE *output = cut->output;
    cut->output = NULL;
    if (fflush(output) != 0 || ferror(output)) {
        int code = errno;
        fclose(output);
        lbx_jpeg_cut_output_fail(cut, "cannot write the output", code);
        return LBX_JPEG_CUT_FAILED;
    }
    if (fclose(output) != 0) {
        lbx_jpeg_cut_output_fail(cut, "cannot write the output", errno);
        return LBX_JPEG_CUT_FAILED;
    }
    return LBX_JPEG_CUT_OK;
}

/// The message of the last failure.
static inline const char *lbx_jpeg_cut_message(const lbx_jpeg_cut *cut) { return cut->message; }

/// How many warnings libjpeg gave while a lenient cut read the input (the first is `message` after a success).
static inline long lbx_jpeg_cut_warning_count(const lbx_jpeg_cut *cut) { return cut->src_errors.num_warnings; }

#endif
