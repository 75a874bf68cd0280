#include "JPEGCoefficients.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg's error state and the place to jump back to.
typedef struct jc_errors {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    jc_image *image;
} jc_errors;

/// libjpeg's error_exit must not return: keep the message and jump back.
static void jc_error_exit(j_common_ptr cinfo) {
    jc_errors *errors = (jc_errors *) cinfo->err;
    (*cinfo->err->format_message)(cinfo, errors->image->message);
    longjmp(errors->jump, 1);
}

int jc_read(const char *path, jc_image *image) {
    memset(image, 0, sizeof *image);
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(image->message, sizeof image->message, "cannot open %s", path); return -1; }
    struct jpeg_decompress_struct cinfo;
    jc_errors errors;
    errors.image = image;
    cinfo.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = jc_error_exit;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&cinfo);
        fclose(file);
        jc_free(image);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_stdio_src(&cinfo, file);
    jpeg_read_header(&cinfo, TRUE);
    jvirt_barray_ptr *arrays = jpeg_read_coefficients(&cinfo);
    image->width = (int) cinfo.image_width;
    image->height = (int) cinfo.image_height;
    image->components = cinfo.num_components > JC_COMPONENTS ? JC_COMPONENTS : cinfo.num_components;
    image->progressive = cinfo.progressive_mode;
    for (int ci = 0; ci < image->components; ci++) {
        jpeg_component_info *comp = &cinfo.comp_info[ci];
        int across = (int) comp->width_in_blocks, down = (int) comp->height_in_blocks;
        image->h_samp[ci] = comp->h_samp_factor;
        image->v_samp[ci] = comp->v_samp_factor;
        image->blocks_across[ci] = across;
        image->blocks_down[ci] = down;
        if (comp->quant_table) memcpy(image->quantization[ci], comp->quant_table->quantval, sizeof(UINT16) * 64);
        image->coefficients[ci] = malloc(sizeof(short) * 64 * (size_t) across * (size_t) down);
        for (int row = 0; row < down; row++) {
            JBLOCKARRAY blocks = (*cinfo.mem->access_virt_barray)((j_common_ptr) &cinfo, arrays[ci], row, 1, FALSE);
            for (int column = 0; column < across; column++) {
                for (int k = 0; k < 64; k++) {
                    image->coefficients[ci][((size_t) row * across + column) * 64 + k] = blocks[0][column][k];
                }
            }
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    fclose(file);
    return 0;
}

void jc_free(jc_image *image) {
    for (int ci = 0; ci < JC_COMPONENTS; ci++) {
        free(image->coefficients[ci]);
        image->coefficients[ci] = NULL;
    }
}
