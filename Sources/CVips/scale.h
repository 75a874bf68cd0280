/// A pure scale with libvips' bicubic interpolator, done in two passes. libvips' affine runs the
/// 4x4 stencil for every output pixel: four 4-tap rows, each rounded, then one 4-tap column. The
/// rounded row sums depend only on the input row and the output column, so each is computed once
/// here and shared by every output row that reads it (an upscale by 1.4 makes a third of the
/// work). Everything else is libvips 8.14's affine.c and bicubic.cpp to the bit: the same doubles in
/// the same order, the same coefficient tables, the same rounding, clipping and edge test, so the
/// pixels are the same. Only 8-bit bands without alpha; the caller embeds the input first, as the
/// affine does (2 pixels left and top, 3 right and bottom). Every symbol carries the `lbx_` prefix.
#ifndef LIGHTBOX_CVIPS_SCALE_H
#define LIGHTBOX_CVIPS_SCALE_H

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>

#pragma clang fp contract(off) // a fused multiply-add would round differently from libvips' build

/// libvips' bicubic coefficients for the 65 positions between two pixels, in 1/4096ths (bicubic.cpp).
static inline const int *lbx_scale_table(void) {
    static int table[VIPS_TRANSFORM_SCALE + 1][4];
    static gsize ready = 0;
    if (g_once_init_enter(&ready)) {
        for (int index = 0; index <= VIPS_TRANSFORM_SCALE; index++) {
            const double x = (float)index / VIPS_TRANSFORM_SCALE;
            const double cr1 = 1. - x, cr2 = -.5 * x, cr3 = cr1 * cr2;
            const double cone = cr1 * cr3, cfou = x * cr3, cr4 = cfou - cone;
            const double c[4] = {cone, cr1 - cone + cr4, x - cfou - cr4, cfou};
            for (int tap = 0; tap < 4; tap++) table[index][tap] = c[tap] * VIPS_INTERPOLATE_SCALE;
        }
        g_once_init_leave(&ready, 1);
    }
    return &table[0][0];
}

/// The transform and the input, kept by the output image for as long as it lives.
typedef struct {
    VipsImage *in;
    double ia, ib, ic, id, idx, idy, odx, ody;
    int left, top, width, height;
    VipsPel ink[4];
} LbxScale;

/// Where one output column or row reads: the first of its 4 input pixels (in the embedded
/// image) and its coefficients, or none when it falls outside the input (painted with the ink).
typedef struct {
    int first;
    const int *taps;
} LbxScaleTap;

/// One thread's state: a region on the input, the taps of the current area, the row sums.
typedef struct {
    VipsRegion *region;
    LbxScaleTap *columns, *rows;
    int *sums, *slot;
    size_t column_room, row_room, sum_room, slot_room;
} LbxScaleSequence;

/// The tap for one continuous coordinate `at` of the embedded input, as affine.c clips it and
/// bicubic.cpp rounds it; `extent` is the input's width or height.
static inline LbxScaleTap lbx_scale_tap(double at, int extent) {
    LbxScaleTap tap = {-1, NULL};
    const double whole = floor(at);
    if (!(whole >= 1 && whole <= 1 + extent)) return tap; // NaN too, which libvips' int cast sends outside
    const long long doubled = at * VIPS_TRANSFORM_SCALE * 2; // libvips' int, without its overflow
    const int index = (int)(((doubled & (VIPS_TRANSFORM_SCALE * 2 - 1)) + 1) >> 1);
    tap.first = (int)at - 1;
    tap.taps = lbx_scale_table() + index * 4;
    return tap;
}

/// Grows `*buffer` to hold `count` items of `size` bytes; false when memory ran out.
static inline int lbx_scale_room(void **buffer, size_t *room, size_t count, size_t size) {
    if (count <= *room) return 1;
    void *grown = realloc(*buffer, count * size);
    if (!grown) return 0;
    *buffer = grown;
    *room = count;
    return 1;
}

static inline void *lbx_scale_start(VipsImage *out, void *a, void *b) {
    (void)out;
    (void)b;
    LbxScaleSequence *sequence = calloc(1, sizeof *sequence);
    if (sequence && !(sequence->region = vips_region_new((VipsImage *)a))) {
        free(sequence);
        return NULL;
    }
    return sequence;
}

static inline int lbx_scale_stop(void *seq, void *a, void *b) {
    (void)a;
    (void)b;
    LbxScaleSequence *sequence = seq;
    VIPS_UNREF(sequence->region);
    free(sequence->columns);
    free(sequence->rows);
    free(sequence->sums);
    free(sequence->slot);
    free(sequence);
    return 0;
}

/// The taps of every output column of `r` and of every output row, as affine.c walks them:
/// ix starts at the area's left and grows by `ia` pixel by pixel; iy is the same along a row.
static inline void lbx_scale_taps(const LbxScale *scale, const VipsRect *r, LbxScaleTap *columns, LbxScaleTap *rows) {
    const double ox = (r->left + scale->left) - scale->odx;
    double ix = scale->ia * ox + scale->ib * ((r->top + scale->top) - scale->ody);
    ix -= scale->idx;
    ix += 1;
    for (int x = 0; x < r->width; x++, ix += scale->ia) columns[x] = lbx_scale_tap(ix, scale->width);
    for (int y = 0; y < r->height; y++) {
        double iy = scale->ic * ox + scale->id * ((r->top + y + scale->top) - scale->ody);
        iy -= scale->idy;
        iy += 1;
        rows[y] = lbx_scale_tap(iy, scale->height);
    }
}

/// The rounded 4-tap sums of input row `pixels` for every output column that reads the input.
static inline void lbx_scale_row_sums(
    const VipsPel *pixels, int left, const LbxScaleTap *columns, int width, const int bands, int *sums) {
    for (int x = 0; x < width; x++) {
        if (!columns[x].taps) continue;
        const VipsPel *p = pixels + (size_t)(columns[x].first - left) * bands;
        const int *c = columns[x].taps;
        for (int z = 0; z < bands; z++) {
            const int sum = c[0] * p[z] + c[1] * p[bands + z] + c[2] * p[2 * bands + z] + c[3] * p[3 * bands + z];
            sums[x * bands + z] = (sum + (VIPS_INTERPOLATE_SCALE >> 1)) >> VIPS_INTERPOLATE_SHIFT;
        }
    }
}

/// One output row: the 4-tap column sum of four rows of `sums`, rounded and clipped, or the ink.
static inline void lbx_scale_output_row(
    VipsPel *q, const LbxScaleTap *columns, int width, const int bands, const int *const sums[4], const int *c,
    const VipsPel *ink) {
    for (int x = 0; x < width; x++, q += bands) {
        if (!columns[x].taps) {
            memcpy(q, ink, bands);
            continue;
        }
        for (int z = 0; z < bands; z++) {
            const int at = x * bands + z;
            const int sum = c[0] * sums[0][at] + c[1] * sums[1][at] + c[2] * sums[2][at] + c[3] * sums[3][at];
            const int value = (sum + (VIPS_INTERPOLATE_SCALE >> 1)) >> VIPS_INTERPOLATE_SHIFT;
            q[z] = value < 0 ? 0 : value > 255 ? 255 : value;
        }
    }
}

/// The input rows `r` reads (from the first row to the last, in `need`), each given a slot of
/// row sums in `slot` (-1 for a row no output row reads); returns how many slots, 0 for none.
static inline int lbx_scale_slots(
    const LbxScaleTap *columns, const LbxScaleTap *rows, const VipsRect *r, VipsRect *need, int **slot,
    size_t *room) {
    int left = INT_MAX, right = -1, top = INT_MAX, bottom = -1;
    for (int x = 0; x < r->width; x++)
        if (columns[x].taps) left = MIN(left, columns[x].first), right = MAX(right, columns[x].first + 3);
    for (int y = 0; y < r->height; y++)
        if (rows[y].taps) top = MIN(top, rows[y].first), bottom = MAX(bottom, rows[y].first + 3);
    if (right < 0 || bottom < 0) return 0;
    *need = (VipsRect){left, top, right - left + 1, bottom - top + 1};
    if (!lbx_scale_room((void **)slot, room, need->height, sizeof **slot)) return -1;
    for (int row = 0; row < need->height; row++) (*slot)[row] = -1;
    int count = 0;
    for (int y = 0; y < r->height; y++)
        for (int k = 0; rows[y].taps && k < 4; k++)
            if ((*slot)[rows[y].first + k - top] < 0) (*slot)[rows[y].first + k - top] = count++;
    return count;
}

/// Makes the output area `out_region->valid`: the row sums of every input row it reads, then each row.
static inline int lbx_scale_generate(VipsRegion *out_region, void *seq, void *a, void *b, gboolean *stop) {
    (void)a;
    (void)stop;
    LbxScaleSequence *sequence = seq;
    const LbxScale *scale = b;
    const VipsRect *r = &out_region->valid;
    const int bands = scale->in->Bands;
    if (!lbx_scale_room((void **)&sequence->columns, &sequence->column_room, r->width, sizeof(LbxScaleTap)) ||
        !lbx_scale_room((void **)&sequence->rows, &sequence->row_room, r->height, sizeof(LbxScaleTap))) {
        vips_error("lbx_scale", "out of memory");
        return -1;
    }
    lbx_scale_taps(scale, r, sequence->columns, sequence->rows);
    VipsRect need;
    const int slots = lbx_scale_slots(sequence->columns, sequence->rows, r, &need, &sequence->slot, &sequence->slot_room);
    if (slots == 0) {
        vips_region_paint_pel(out_region, r, (VipsPel *)scale->ink);
        return 0;
    }
    const size_t row_ints = (size_t)r->width * bands;
    if (slots < 0 || !lbx_scale_room((void **)&sequence->sums, &sequence->sum_room, slots * row_ints, sizeof(int))) {
        vips_error("lbx_scale", "out of memory");
        return -1;
    }
    if (vips_region_prepare(sequence->region, &need)) return -1;
    for (int row = 0; row < need.height; row++) {
        if (sequence->slot[row] < 0) continue;
        const VipsPel *pixels = VIPS_REGION_ADDR(sequence->region, need.left, need.top + row);
        int *sums = sequence->sums + sequence->slot[row] * row_ints;
        if (bands == 3) lbx_scale_row_sums(pixels, need.left, sequence->columns, r->width, 3, sums);
        else lbx_scale_row_sums(pixels, need.left, sequence->columns, r->width, bands, sums);
    }
    for (int y = 0; y < r->height; y++) {
        VipsPel *q = VIPS_REGION_ADDR(out_region, r->left, r->top + y);
        const LbxScaleTap row = sequence->rows[y];
        if (!row.taps) {
            for (int x = 0; x < r->width; x++) memcpy(q + (size_t)x * bands, scale->ink, bands);
            continue;
        }
        const int *sums[4];
        for (int k = 0; k < 4; k++) sums[k] = sequence->sums + sequence->slot[row.first + k - need.top] * row_ints;
        if (bands == 3) lbx_scale_output_row(q, sequence->columns, r->width, 3, sums, row.taps, scale->ink);
        else lbx_scale_output_row(q, sequence->columns, r->width, bands, sums, row.taps, scale->ink);
    }
    return 0;
}

/// `in` (8-bit, no alpha, already embedded by 2 pixels left and top and 3 right and bottom with
/// the affine's extend) scaled by `a` across and `d` down into the output area left, top, width,
/// height, with the affine's odx/ody and idx/idy and `ink` for pixels outside the input, as
/// vips_affine with the bicubic interpolator makes it. 0 and `*out` set, or -1 with libvips' error.
static inline int lbx_scale_bicubic(
    VipsImage *in, double a, double d, const int area[4], const double offsets[4], const double ink[4],
    VipsImage **out) {
    const double det = a * d - 0.0 * 0.0, inverse = 1.0 / det;
    VipsImage *image = vips_image_new();
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_FATSTRIP, in, NULL)) {
        g_object_unref(image);
        return -1;
    }
    LbxScale *scale = vips_malloc(VIPS_OBJECT(image), sizeof *scale);
    if (!scale) {
        g_object_unref(image);
        return -1;
    }
    *scale = (LbxScale){
        .in = in, .ia = inverse * d, .ib = -inverse * 0.0, .ic = -inverse * 0.0, .id = inverse * a,
        .idx = offsets[2] - 1, .idy = offsets[3] - 1, .odx = offsets[0], .ody = offsets[1],
        .left = area[0], .top = area[1], .width = in->Xsize - 5, .height = in->Ysize - 5};
    for (int band = 0; band < 4; band++) scale->ink[band] = (VipsPel)ink[band];
    image->Xsize = area[2];
    image->Ysize = area[3];
    g_object_ref(in);
    vips_object_local(image, in);
    if (vips_image_generate(image, lbx_scale_start, lbx_scale_generate, lbx_scale_stop, in, scale)) {
        g_object_unref(image);
        return -1;
    }
    image->Xoffset = offsets[0] - area[0];
    image->Yoffset = offsets[1] - area[1];
    *out = image;
    return 0;
}

#endif
