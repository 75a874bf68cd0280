/// C helpers for drawing text: the paragraph direction Pango gives a text. Every symbol carries the
/// `lbx_` prefix; each keeps a walk over C data (UTF-8 through GLib's macros) in C.
#ifndef LIGHTBOX_CVIPS_TEXT_H
#define LIGHTBOX_CVIPS_TEXT_H

#include <fribidi.h>
#include <glib.h>
#include <stdint.h>

/// Whether a PangoLayout makes `text` (UTF-8) a right-to-left paragraph: its first character of a
/// strong direction is right-to-left, as pango_find_base_dir decides (deprecated since Pango 1.44, so
/// done here with FriBidi's own test, FRIBIDI_IS_STRONG and FRIBIDI_IS_RTL, which are macros).
static inline int lbx_text_is_right_to_left(const char *text) {
    for (const char *p = text; *p; p = g_utf8_next_char(p)) {
        FriBidiCharType type = fribidi_get_bidi_type(g_utf8_get_char(p));
        if (FRIBIDI_IS_STRONG(type)) return FRIBIDI_IS_RTL(type) ? 1 : 0;
    }
    return 0;
}

#endif
