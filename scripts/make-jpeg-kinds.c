/* Writes the JPEG kinds libvips' jpegsave cannot make, for the region decoder's tests:
 * Fixtures/jpeg-kinds/chroma422.jpg (4:2:2, odd size, restart markers) and arithmetic.jpg
 * (arithmetic-coded). Build and run: cc scripts/make-jpeg-kinds.c -ljpeg -o /tmp/k && /tmp/k */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <jpeglib.h>

static void write_jpeg(const char *path, int width, int height, int h_samp, int arith) {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errors;
    FILE *file = fopen(path, "wb");
    if (!file) { perror(path); exit(1); }
    cinfo.err = jpeg_std_error(&errors);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, file);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, 85, TRUE);
    cinfo.comp_info[0].h_samp_factor = h_samp;
    cinfo.comp_info[0].v_samp_factor = 1;
    cinfo.restart_in_rows = 2;
    cinfo.arith_code = arith;
    jpeg_start_compress(&cinfo, TRUE);
    unsigned char *row = malloc((size_t) width * 3);
    unsigned int seed = 7;
    while (cinfo.next_scanline < cinfo.image_height) {
        int y = (int) cinfo.next_scanline;
        for (int x = 0; x < width; x++) {
            seed = seed * 1103515245u + 12345u;
            int noise = (int) ((seed >> 16) % 41) - 20;
            double wave = 60 * sin(x / 9.0) * cos(y / 13.0);
            int values[3] = { x * 255 / width + noise, y * 255 / height - noise, 128 + (int) wave };
            for (int c = 0; c < 3; c++) row[x * 3 + c] = (unsigned char) (values[c] < 0 ? 0 : values[c] > 255 ? 255 : values[c]);
        }
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    fclose(file);
    free(row);
}

int main(void) {
    write_jpeg("Fixtures/jpeg-kinds/chroma422.jpg", 157, 203, 2, 0);
    write_jpeg("Fixtures/jpeg-kinds/arithmetic.jpg", 120, 90, 2, 1);
    return 0;
}
