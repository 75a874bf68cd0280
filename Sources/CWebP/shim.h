/// libwebpmux, to edit the chunks of a WebP file libvips wrote (its EXIF block) without
/// re-encoding the image. No helpers are needed: `WebPMuxCreate` and `WebPDataClear` are
/// static inline functions of the headers, which Swift calls as they are.
#ifndef LIGHTBOX_CWEBP_SHIM_H
#define LIGHTBOX_CWEBP_SHIM_H

#include <webp/mux.h>

#endif
