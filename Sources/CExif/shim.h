/// C helpers over libexif (the library libvips reads and writes EXIF with). Every symbol carries
/// the `lbx_` prefix: `exif_data_get_entry` is a macro, which Swift cannot call.
#ifndef LIGHTBOX_CEXIF_SHIM_H
#define LIGHTBOX_CEXIF_SHIM_H

#include <stdlib.h>
#include <libexif/exif-data.h>

/// Sets a SHORT or LONG entry of `content` to `value`, when the entry is there.
static inline void lbx_exif_set_number(ExifContent *content, ExifTag tag, ExifByteOrder order, unsigned int value) {
    ExifEntry *entry = exif_content_get_entry(content, tag);
    if (!entry || entry->components != 1 || !entry->data) return;
    if (entry->format == EXIF_FORMAT_SHORT && entry->size >= 2) exif_set_short(entry->data, order, (ExifShort) value);
    if (entry->format == EXIF_FORMAT_LONG && entry->size >= 4) exif_set_long(entry->data, order, (ExifLong) value);
}

/// An APP1 EXIF payload (`Exif\0\0` and the TIFF data) for an upright `width` x `height` crop:
/// the orientation set to 1 and the pixel dimensions to the crop's, the rest as libvips keeps
/// it (read without libexif's "follow the specification" fixes). Returns a new payload to free
/// with free(), or NULL when libexif finds no EXIF in it.
static inline unsigned char *lbx_exif_upright(
    const unsigned char *data, unsigned int length, unsigned int width, unsigned int height, unsigned int *result) {
    ExifData *exif = exif_data_new();
    if (!exif) return NULL;
    exif_data_unset_option(exif, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS);
    exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_load_data(exif, data, length);
    ExifByteOrder order = exif_data_get_byte_order(exif);
    int found = 0;
    for (int ifd = 0; ifd < EXIF_IFD_COUNT; ifd++) found += (int) exif->ifd[ifd]->count;
    unsigned char *saved = NULL;
    unsigned int size = 0;
    if (found) {
        lbx_exif_set_number(exif->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION, order, 1);
        lbx_exif_set_number(exif->ifd[EXIF_IFD_EXIF], EXIF_TAG_PIXEL_X_DIMENSION, order, width);
        lbx_exif_set_number(exif->ifd[EXIF_IFD_EXIF], EXIF_TAG_PIXEL_Y_DIMENSION, order, height);
        exif_data_save_data(exif, &saved, &size);
    }
    exif_data_unref(exif);
    *result = size;
    return saved;
}

#endif
