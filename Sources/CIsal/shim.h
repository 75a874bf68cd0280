/// C helpers for Intel's ISA-L (Debian's libisal), whose igzip deflate Lightbox's PNG encoder
/// uses for photo-like strips: about four times zlib's fastest on filtered photo rows (zlib's
/// run-length strategy), and unlike libdeflate it can end a strip with a sync flush, so strips
/// deflated apart join into one stream. Every symbol carries the `lbx_` prefix.
#ifndef LIGHTBOX_CISAL_SHIM_H
#define LIGHTBOX_CISAL_SHIM_H

#include <stdlib.h>
#include <string.h>
#include <isa-l/igzip_lib.h>

/// The igzip level used: its level 2 is as fast as 1 and a little smaller on photos.
#define LBX_ISAL_LEVEL 2

/// Deflates one strip as raw deflate blocks that the next strip's follow in the same stream:
/// `dictionary` (the stream's last bytes before the strip, up to 32 KB) preset, ended by a sync
/// flush (an empty stored block: byte-aligned, not final) or, when `last`, the final block.
/// Returns a malloc'd buffer with its size in `*size`, or NULL when out of memory or igzip fails.
static inline unsigned char *lbx_isal_deflate(
    const unsigned char *data, size_t length, const unsigned char *dictionary, size_t dictionary_length, int last,
    size_t *size) {
    // The stream's state is 80 KB: on the heap, not the deflating thread's small stack.
    struct isal_zstream *stream = calloc(1, sizeof *stream);
    size_t capacity = length + length / 8 + 1024;
    unsigned char *out = malloc(capacity);
    if (!stream || !out) goto failed;
    isal_deflate_init(stream);
    stream->level = LBX_ISAL_LEVEL;
    stream->level_buf_size = ISAL_DEF_LVL2_DEFAULT;
    stream->level_buf = malloc(stream->level_buf_size);
    if (!stream->level_buf) goto failed;
    stream->gzip_flag = IGZIP_DEFLATE;
    if (dictionary_length > 0 && isal_deflate_set_dict(stream, (uint8_t *) dictionary, (uint32_t) dictionary_length) != COMP_OK)
        goto failed;
    stream->next_in = (uint8_t *) data;
    stream->avail_in = (uint32_t) length;
    stream->flush = SYNC_FLUSH;
    stream->end_of_stream = last ? 1 : 0;
    for (int calls = 0;; calls++) {
        stream->next_out = out + stream->total_out;
        stream->avail_out = (uint32_t) (capacity - stream->total_out);
        if (isal_deflate(stream) != COMP_OK) goto failed;
        int done = last ? stream->internal_state.state == ZSTATE_END
                        : stream->avail_in == 0 && stream->internal_state.state == ZSTATE_NEW_HDR;
        if (done) break;
        if (calls > 64) goto failed;
        if (stream->avail_out > 0) continue;
        unsigned char *grown = realloc(out, capacity * 2);
        if (!grown) goto failed;
        out = grown;
        capacity *= 2;
    }
    *size = stream->total_out;
    free(stream->level_buf);
    free(stream);
    return out;
failed:
    if (stream) free(stream->level_buf);
    free(stream);
    free(out);
    return NULL;
}

#endif
