/// C helpers for Lightbox's PNG encoder. Every symbol carries the `lbx_` prefix. libpng writes
/// the chunks before the image data, set exactly as libvips 8.14's pngsave sets them (libpng's
/// errors longjmp, which Swift cannot express); the image data is Lightbox's own: rows filtered
/// here, strips deflated by zlib on every core and joined into one zlib stream.
#ifndef LIGHTBOX_CPNG_SHIM_H
#define LIGHTBOX_CPNG_SHIM_H

#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>

/// libvips' largest width and height (VIPS_MAX_COORD), which pngsave gives libpng as its limits.
#define LBX_PNG_MAX_COORD 10000000

/// What libpng writes the head into, and how a failure is reported back.
typedef struct lbx_png_head {
    unsigned char *data;
    size_t size, capacity;
    int out_of_memory, icc_dropped;
    char message[256];
} lbx_png_head;

/// libpng's write callback: appends to the head's growing buffer.
static inline void lbx_png_head_write(png_structp png, png_bytep data, size_t length) {
    lbx_png_head *head = (lbx_png_head *) png_get_io_ptr(png);
    if (head->out_of_memory) return;
    if (head->size + length > head->capacity) {
        size_t capacity = (head->size + length) * 2 + 256;
        unsigned char *grown = realloc(head->data, capacity);
        if (!grown) { head->out_of_memory = 1; return; }
        head->data = grown;
        head->capacity = capacity;
    }
    memcpy(head->data + head->size, data, length);
    head->size += length;
}

/// libpng's flush callback: nothing is buffered.
static inline void lbx_png_head_flush(png_structp png) { (void) png; }

/// libpng's error callback: keeps the message and jumps back, as libvips' does.
static inline void lbx_png_head_error(png_structp png, png_const_charp message) {
    lbx_png_head *head = (lbx_png_head *) png_get_error_ptr(png);
    snprintf(head->message, sizeof head->message, "%s", message);
    png_longjmp(png, 1);
}

/// libpng's warnings (a keyword it will not write) are libvips' too, which Lightbox never shows.
static inline void lbx_png_head_warning(png_structp png, png_const_charp message) { (void) png; (void) message; }

/// Turns off libpng's check of profiles against the sRGB ones it knows, as pngsave does: it
/// refuses the common HP "sRGB IEC61966-2.1" profiles ("known incorrect sRGB profile").
static inline void lbx_png_skip_srgb_check(png_structp png) {
#ifdef PNG_SKIP_sRGB_CHECK_PROFILE
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
#endif
}

/// Sets the ICC profile as pngsave does: one libpng refuses is dropped (`icc_dropped`), not fatal.
static inline void lbx_png_head_icc(png_structp png, png_infop info, lbx_png_head *head, const unsigned char *icc, size_t length) {
    if (setjmp(png_jmpbuf(png))) {
        head->icc_dropped = 1;
        return;
    }
    png_set_iCCP(png, info, "icc", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32) length);
}

/// A zTXt chunk's text, set as pngsave sets XMP and comments (`compression` 0).
static inline void lbx_png_head_text(png_structp png, png_infop info, const char *key, const char *value) {
    png_text text;
    memset(&text, 0, sizeof text);
    text.compression = 0;
    text.key = (char *) key;
    text.text = (char *) value;
    text.text_length = strlen(value);
    png_set_text(png, info, &text, 1);
}

/// The signature and every chunk before the image data as libvips 8.14.1's pngsave has libpng
/// write them: IHDR, pHYs (`xres`, `yres` in pixels per millimetre), then unless `strip` the ICC
/// profile (`icc`; NULL for none), XMP and the `comments` (key, text pairs) as zTXt and EXIF as
/// eXIf (`exif` without its "Exif\0\0" prefix; NULL for none). Returns 0 with `head` filled (free
/// its `data`), or -1 with its `message` set.
static inline int lbx_png_head_make(
    lbx_png_head *head, unsigned int width, unsigned int height, int bit_depth, int color_type, double xres,
    double yres, int strip, const unsigned char *icc, size_t icc_length, const char *xmp, const unsigned char *exif,
    size_t exif_length, const char *const *comments, int comment_count) {
    memset(head, 0, sizeof *head);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, head, lbx_png_head_error, lbx_png_head_warning);
    if (!png) { snprintf(head->message, sizeof head->message, "out of memory"); return -1; }
    lbx_png_skip_srgb_check(png);
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        if (!head->message[0]) snprintf(head->message, sizeof head->message, "out of memory");
        return -1;
    }
    png_set_write_fn(png, head, lbx_png_head_write, lbx_png_head_flush);
    png_set_user_limits(png, LBX_PNG_MAX_COORD, LBX_PNG_MAX_COORD);
    png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
        PNG_FILTER_TYPE_DEFAULT);
    png_set_pHYs(png, info, (png_uint_32) (int) (xres * 1000 > 0 ? xres * 1000 + 0.5 : xres * 1000 - 0.5),
        (png_uint_32) (int) (yres * 1000 > 0 ? yres * 1000 + 0.5 : yres * 1000 - 0.5), PNG_RESOLUTION_METER);
    if (!strip) {
        if (icc) {
            lbx_png_head_icc(png, info, head, icc, icc_length);
            if (setjmp(png_jmpbuf(png))) {
                png_destroy_write_struct(&png, &info);
                return -1;
            }
        }
        if (xmp) lbx_png_head_text(png, info, "XML:com.adobe.xmp", xmp);
        if (exif) png_set_eXIf_1(png, info, (png_uint_32) exif_length, (png_bytep) exif);
        for (int index = 0; index < comment_count; index++) {
            lbx_png_head_text(png, info, comments[2 * index], comments[2 * index + 1]);
        }
    }
    png_write_info(png, info);
    png_destroy_write_struct(&png, &info);
    if (head->out_of_memory) {
        snprintf(head->message, sizeof head->message, "out of memory");
        return -1;
    }
    return 0;
}

/// The key of a libvips PNG comment field (`png-comment-N-key`) into `key` (81 bytes), read as
/// pngsave reads it (sscanf, a variadic call Swift cannot make); 0, or -1 for a bad field name.
static inline int lbx_png_comment_key(const char *field, char *key) {
    int index;
    if (strlen(field) > 256 || sscanf(field, "png-comment-%d-%80s", &index, key) != 2) return -1;
    return 0;
}

/// How far from zero the bytes of `values` are in all, each read as a signed byte (libpng's
/// heuristic's measure), summed in 32 bits per 64 KB so the loop vectorizes.
static inline unsigned long lbx_png_cost(const unsigned char *values, size_t length) {
    unsigned long total = 0;
    for (size_t start = 0; start < length; start += 1 << 16) {
        size_t end = start + (1 << 16) < length ? start + (1 << 16) : length;
        unsigned int sum = 0;
        for (size_t i = start; i < end; i++) {
            unsigned char value = values[i], negated = (unsigned char) -value;
            sum += value < negated ? value : negated;
        }
        total += sum;
    }
    return total;
}

/// PNG's filter type 4 (Paeth) of `row` against `above` into `out`, in 16-bit arithmetic
/// without branches, so the loop vectorizes.
static inline void lbx_png_paeth(const unsigned char *row, const unsigned char *above, size_t length, int bpp, unsigned char *out) {
    size_t first = (size_t) bpp < length ? (size_t) bpp : length;
    for (size_t i = 0; i < first; i++) out[i] = (unsigned char) (row[i] - above[i]);
    for (size_t i = first; i < length; i++) {
        short a = row[i - bpp], b = above[i], c = above[i - bpp];
        short pa = (short) (b - c), pb = (short) (a - c), pc = (short) (a + b - 2 * c);
        pa = pa < 0 ? (short) -pa : pa;
        pb = pb < 0 ? (short) -pb : pb;
        pc = pc < 0 ? (short) -pc : pc;
        short predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        out[i] = (unsigned char) (row[i] - predicted);
    }
}

/// Filters one row of `length` bytes (`above`: the row before, NULL for the first row of the
/// image; `bpp` bytes per pixel) into `out`, its filter-type byte first: of None, Up and Paeth,
/// the one whose bytes are least far from zero (libpng's heuristic, over the three of its five
/// filters that matter for photos; ties go to Up, then Paeth), using `scratch` (2 x `length`).
/// Returns whether None was strictly the best.
static inline int lbx_png_filter_row(
    const unsigned char *row, const unsigned char *above, size_t length, int bpp, unsigned char *out,
    unsigned char *scratch) {
    if (!above) {
        out[0] = 0;
        memcpy(out + 1, row, length);
        return 0;
    }
    unsigned char *up = scratch, *paeth = scratch + length;
    for (size_t i = 0; i < length; i++) up[i] = (unsigned char) (row[i] - above[i]);
    lbx_png_paeth(row, above, length, bpp, paeth);
    unsigned long none_cost = lbx_png_cost(row, length), up_cost = lbx_png_cost(up, length);
    unsigned long paeth_cost = lbx_png_cost(paeth, length);
    if (none_cost < up_cost && none_cost < paeth_cost) {
        out[0] = 0;
        memcpy(out + 1, row, length);
        return 1;
    }
    int use_paeth = paeth_cost < up_cost;
    out[0] = use_paeth ? 4 : 2;
    memcpy(out + 1, use_paeth ? paeth : up, length);
    return 0;
}

/// Copies `count` rows of `length` bytes (`stride` apart in `rows`) to `out` one after another,
/// each 16-bit sample turned big-endian when `swap` (libvips keeps them in the machine's order).
static inline void lbx_png_copy_rows(
    const unsigned char *rows, size_t stride, int count, size_t length, int swap, unsigned char *out) {
    for (int y = 0; y < count; y++) {
        const unsigned char *row = rows + (size_t) y * stride;
        unsigned char *target = out + (size_t) y * length;
        if (!swap) {
            memcpy(target, row, length);
            continue;
        }
        for (size_t i = 0; i + 1 < length; i += 2) {
            target[i] = row[i + 1];
            target[i + 1] = row[i];
        }
    }
}

/// Filters the `count` rows of `rows` (contiguous, `length` bytes each; `above` the row before
/// the first, NULL at the image's top) into `out` (`count` x (1 + `length`) bytes). When at least
/// a tenth of the rows are best left unfiltered (text, line art, flat graphics: their repeats are
/// found by deflate's string matching, which filtering hides), every row is left unfiltered, as
/// libvips writes them. Returns 1 for such a strip, else 0.
static inline int lbx_png_filter_strip(
    const unsigned char *rows, const unsigned char *above, int count, size_t length, int bpp, unsigned char *out,
    unsigned char *scratch) {
    int unfiltered = 0;
    for (int y = 0; y < count; y++) {
        const unsigned char *row = rows + (size_t) y * length;
        unfiltered += lbx_png_filter_row(row, y == 0 ? above : row - length, length, bpp,
            out + (size_t) y * (length + 1), scratch);
    }
    if (unfiltered * 10 < count) return 0;
    for (int y = 0; y < count; y++) {
        unsigned char *target = out + (size_t) y * (length + 1);
        target[0] = 0;
        memcpy(target + 1, rows + (size_t) y * length, length);
    }
    return 1;
}

/// Deflates one strip of the image data as raw deflate blocks that the next strip's follow in
/// the same zlib stream: `dictionary` (the stream's last bytes before the strip, up to 32 KB) is
/// preset, and the strip ends with a sync flush (an empty stored block: byte-aligned, not final)
/// or, when `last`, with the final block. `level` 0 to 9 with zlib's `strategy`. Returns a malloc'd
/// buffer with its size in `*size`, or NULL when out of memory.
static inline unsigned char *lbx_png_deflate(
    const unsigned char *data, size_t length, const unsigned char *dictionary, size_t dictionary_length, int level,
    int strategy, int last, size_t *size) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, level, Z_DEFLATED, -MAX_WBITS, 8, strategy) != Z_OK) return NULL;
    if (dictionary_length > 0 && deflateSetDictionary(&stream, dictionary, (uInt) dictionary_length) != Z_OK) {
        deflateEnd(&stream);
        return NULL;
    }
    size_t capacity = deflateBound(&stream, (uLong) length) + 64;
    unsigned char *out = malloc(capacity);
    if (!out) { deflateEnd(&stream); return NULL; }
    stream.next_in = (Bytef *) data;
    stream.avail_in = (uInt) length;
    int flush = last ? Z_FINISH : Z_SYNC_FLUSH;
    for (;;) {
        if (stream.avail_out == 0 && stream.total_out >= capacity) {
            unsigned char *grown = realloc(out, capacity * 2);
            if (!grown) { free(out); deflateEnd(&stream); return NULL; }
            out = grown;
            capacity *= 2;
        }
        stream.next_out = out + stream.total_out;
        stream.avail_out = (uInt) (capacity - stream.total_out);
        int status = deflate(&stream, flush);
        if (status == Z_STREAM_END || (!last && status == Z_OK && stream.avail_out > 0 && stream.avail_in == 0)) break;
        if (status != Z_OK && status != Z_BUF_ERROR) { free(out); deflateEnd(&stream); return NULL; }
    }
    *size = stream.total_out;
    deflateEnd(&stream);
    return out;
}

#endif
