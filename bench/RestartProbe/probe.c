/* bench/restart.sh's corpus count: for each JPEG named on the command line, whether it has a
 * restart interval and whether Lightbox's region decoder can start at its markers (the same
 * restart.h, asked for an interval near the bottom). Prints one line per file, then the counts. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include "../../Sources/CJpeg/restart.h"

static jmp_buf failed;

static void give_up(j_common_ptr cinfo) { (void) cinfo; longjmp(failed, 1); }

static void quiet(j_common_ptr cinfo, int level) { (void) cinfo; (void) level; }

int main(int argc, char **argv) {
    int jpegs = 0, intervals = 0, usable = 0;
    for (int index = 1; index < argc; index++) {
        FILE *file = fopen(argv[index], "rb");
        if (!file) continue;
        struct jpeg_decompress_struct cinfo;
        struct jpeg_error_mgr errors;
        cinfo.err = jpeg_std_error(&errors);
        errors.error_exit = give_up;
        errors.emit_message = quiet;
        jpeg_create_decompress(&cinfo);
        const char *verdict = "not a readable JPEG";
        if (!setjmp(failed)) {
            jpeg_stdio_src(&cinfo, file);
            jpeg_read_header(&cinfo, TRUE);
            jpegs++;
            verdict = "no restart interval";
            if (cinfo.restart_interval) {
                intervals++;
                jpeg_start_decompress(&cinfo);
                JDIMENSION row = cinfo.total_iMCU_rows > 2 ? cinfo.total_iMCU_rows - 2 : 0;
                if (lbx_jpeg_restart_jump(&cinfo, file, row) > 0) {
                    usable++;
                    verdict = "restart interval, markers as promised";
                } else {
                    verdict = cinfo.progressive_mode ? "restart interval, progressive" : "restart interval, declined";
                }
            }
        }
        printf("%s: %s\n", argv[index], verdict);
        jpeg_destroy_decompress(&cinfo);
        fclose(file);
    }
    printf("%d JPEGs read, %d with a restart interval, %d whose markers Lightbox starts at\n", jpegs, intervals, usable);
    return 0;
}
