/// libjpeg's warning messages, which libvips' JPEG reader puts in its error buffer with the same
/// `VipsJpeg: ` as an error: the printf formats of libjpeg's own `JWRN_` codes.
#ifndef LIGHTBOX_CJPEG_WARNINGS_H
#define LIGHTBOX_CJPEG_WARNINGS_H

#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>

/// The format of libjpeg's `index`th warning (from 0), or NULL past the last.
static inline const char *lbx_jpeg_warning_format(int index) {
    static const int codes[] = {
        JWRN_ADOBE_XFORM, JWRN_ARITH_BAD_CODE, JWRN_BOGUS_PROGRESSION, JWRN_EXTRANEOUS_DATA, JWRN_HIT_MARKER,
        JWRN_HUFF_BAD_CODE, JWRN_JFIF_MAJOR, JWRN_JPEG_EOF, JWRN_MUST_RESYNC, JWRN_NOT_SEQUENTIAL,
        JWRN_TOO_MUCH_DATA, JWRN_BOGUS_ICC,
    };
    if (index < 0 || index >= (int) (sizeof codes / sizeof codes[0])) return NULL;
    struct jpeg_error_mgr errors;
    jpeg_std_error(&errors);
    int code = codes[index];
    if (code < 0 || code > errors.last_jpeg_message) return NULL;
    return errors.jpeg_message_table[code];
}

#endif
