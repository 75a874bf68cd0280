/// C helpers for drawing text: the paragraph direction Pango gives a text and the characters the
/// fonts Pango can use hold. Every symbol carries the `lbx_` prefix; each keeps a walk over C data
/// (UTF-8 through GLib's macros, fontconfig's font set) in C.
#ifndef LIGHTBOX_CVIPS_TEXT_H
#define LIGHTBOX_CVIPS_TEXT_H

#include <fontconfig/fontconfig.h>
#include <fribidi.h>
#include <glib.h>
#include <stdint.h>
#include <string.h>

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

/// Whether Pango can draw with the font of `pattern`: TrueType or CFF (OpenType), the kinds HarfBuzz
/// shapes, as Pango 1.50's pango_fc_is_supported_font_format tests (not exported); Type 1 fonts are not.
static inline int lbx_font_is_shaped(FcPattern *pattern) {
    FcChar8 *file, *format;
    if (FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return 0;
    if (FcPatternGetString(pattern, FC_FONTFORMAT, 0, &format) != FcResultMatch) return 0;
    return strcmp((const char *) format, "TrueType") == 0 || strcmp((const char *) format, "CFF") == 0;
}

/// Every character some font of `family` has (every installed font's when NULL) among those Pango
/// can use: the union of their character sets, which fontconfig keeps per font only. Pango's
/// fallback can reach every installed font, so a character outside all of them is drawn as a box.
/// NULL when fontconfig lists nothing; free with FcCharSetDestroy.
static inline FcCharSet *lbx_font_characters(const char *family) {
    FcPattern *pattern = FcPatternCreate();
    FcObjectSet *objects = FcObjectSetCreate();
    if (pattern && family) FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *) family);
    FcObjectSetAdd(objects, FC_FILE);
    FcObjectSetAdd(objects, FC_FONTFORMAT);
    FcObjectSetAdd(objects, FC_CHARSET);
    FcFontSet *fonts = pattern && objects ? FcFontList(NULL, pattern, objects) : NULL;
    FcCharSet *characters = fonts ? FcCharSetCreate() : NULL;
    for (int index = 0; characters && index < fonts->nfont; index++) {
        FcCharSet *own;
        if (!lbx_font_is_shaped(fonts->fonts[index])) continue;
        if (FcPatternGetCharSet(fonts->fonts[index], FC_CHARSET, 0, &own) != FcResultMatch) continue;
        FcCharSetMerge(characters, own, NULL);
    }
    if (fonts) FcFontSetDestroy(fonts);
    if (objects) FcObjectSetDestroy(objects);
    if (pattern) FcPatternDestroy(pattern);
    return characters;
}

#endif
