/// Restart markers, shared by the region decoder (shim.h) and the lossless cut (cut.h). After a
/// DRI segment the entropy data is cut every `restart_interval` MCUs by RST0..RST7 (cycling), and
/// at each one the decoder resets its DC predictors and bit reader: decoding can start at any
/// interval with no entropy work for the data before it. Every symbol carries the `lbx_` prefix.
#ifndef LIGHTBOX_CJPEG_RESTART_H
#define LIGHTBOX_CJPEG_RESTART_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jpegint.h> // no include guard of its own: included here only, for shim.h and cut.h

/// MCUs in one iMCU row of a file whose intervals can be jumped to (one baseline scan, every
/// component in it, a restart interval), else 0. Call after jpeg_start_decompress (or once the
/// input pass has started), before any entropy data is read.
static inline JDIMENSION lbx_jpeg_restart_row_mcus(j_decompress_ptr cinfo) {
    if (cinfo->restart_interval == 0 || cinfo->progressive_mode || cinfo->arith_code) return 0;
    if (cinfo->inputctl->has_multiple_scans || cinfo->comps_in_scan != cinfo->num_components) return 0;
    if (cinfo->unread_marker != 0 || cinfo->input_iMCU_row != 0) return 0;
    // A one-component scan has one block per MCU; its iMCU row is one MCU row only when v = 1.
    if (cinfo->comps_in_scan == 1 && cinfo->cur_comp_info[0]->v_samp_factor != 1) return 0;
    return cinfo->MCUs_per_row;
}

/// The file offset where restart interval `wanted` starts, found by a byte scan of the entropy
/// data from `start` to the end-of-image marker, or -1 when the markers are not exactly as the
/// header promises: each one RSTn with n counting 0..7 in turn, `intervals - 1` of them (some
/// cameras write one more, just before the end: allowed when nothing follows it), then EOI, with
/// nothing else but stuffed bytes (`FF 00`) and fill bytes (`FF FF`). No Huffman work.
static inline long lbx_jpeg_restart_locate(int fd, long start, unsigned long intervals, unsigned long wanted) {
    unsigned char buffer[1 << 16];
    unsigned long count = 0;
    long found = wanted == 0 ? start : -1, position = start;
    int after_ff = 0, trailing = 0;
    for (;;) {
        ssize_t got = pread(fd, buffer, sizeof buffer, position);
        if (got <= 0) return -1;
        for (ssize_t index = 0; index < got; index++) {
            unsigned char byte = buffer[index];
            if (!after_ff) {
                unsigned char *next = memchr(buffer + index, 0xFF, (size_t) (got - index));
                if (trailing && next != buffer + index) return -1;
                if (!next) break;
                index = next - buffer;
                after_ff = 1;
                continue;
            }
            if (byte == 0xFF) continue;
            after_ff = 0;
            if (byte == JPEG_EOI) return count + 1 == intervals ? found : -1;
            if (byte == 0x00 && !trailing) continue;
            if (byte < 0xD0 || byte > 0xD7 || byte != 0xD0 + (count & 7) || trailing) return -1;
            if (count + 1 == intervals) {
                trailing = 1;
                continue;
            }
            count++;
            if (count == wanted) found = position + index + 1;
        }
        position += got;
    }
}

/// Moves `cinfo`'s stdio source (reading `file`) to the last restart interval that starts at or
/// before the first MCU of iMCU row `row`, and returns how many MCUs come before it: the caller's
/// Huffman decoder must pass over that many without reading (nothing of them is shown). Returns
/// 0, with nothing moved, when there is nothing to gain or the file's markers are not as expected.
static inline JDIMENSION lbx_jpeg_restart_jump(j_decompress_ptr cinfo, FILE *file, JDIMENSION row) {
    JDIMENSION row_mcus = lbx_jpeg_restart_row_mcus(cinfo);
    if (row_mcus == 0 || row == 0) return 0;
    unsigned long interval = cinfo->restart_interval;
    unsigned long total = (unsigned long) row_mcus * cinfo->total_iMCU_rows;
    unsigned long wanted = (unsigned long) row * row_mcus / interval;
    if (wanted == 0) return 0;
    long start = ftell(file);
    if (start < 0 || (size_t) start < cinfo->src->bytes_in_buffer) return 0;
    start -= (long) cinfo->src->bytes_in_buffer;
    long offset = lbx_jpeg_restart_locate(fileno(file), start, (total + interval - 1) / interval, wanted);
    if (offset < 0 || fseek(file, offset, SEEK_SET) != 0) return 0;
    cinfo->src->bytes_in_buffer = 0;
    cinfo->marker->next_restart_num = (int) (wanted & 7);
    return (JDIMENSION) (wanted * interval);
}

#endif
