/// C helpers for the Swift binding. Every symbol carries the `lbx_` prefix, and each one
/// exists because Swift cannot import a GLib macro or a variadic function.
#ifndef LIGHTBOX_CVIPS_SHIM_H
#define LIGHTBOX_CVIPS_SHIM_H

#include <malloc.h>
#include <stdio.h>
#include <vips/vips.h>
#include <linux/fs.h>

/// glibc gives every libvips worker thread its own malloc arena, which fragments and grows
/// memory over a batch; capping the arenas keeps it flat. mallopt is not in Swift's Glibc.
static inline int lbx_limit_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

/// Gives freed heap memory back to the system, so a job starts with the heap the last one left
/// empty (its big buffers do not count against the next job's memory limit). Not in Swift's Glibc.
static inline int lbx_trim_heap(void) { return malloc_trim(0); }

/// The bytes of the heap that are free (glibc's mallinfo2), so a worker gives them back only
/// when there are many: giving back a small job's pages cost the next one as many page faults.
static inline size_t lbx_heap_free_bytes(void) { return mallinfo2().fordblks; }

/// Makes glibc fill every block malloc hands out with zeros and every freed block with 0xff, so a
/// decoder that leaves part of its output unwritten (libde265 on a damaged HEVC stream) shows the
/// same bytes in every run, never another job's pixels. M_PERTURB is glibc's, not in Swift's Glibc.
static inline int lbx_perturb_heap(void) { return mallopt(M_PERTURB, 0xff); }

/// VIPS_INIT is a macro; this is the function it calls, under a stable name.
static inline int lbx_init(const char *argv0) { return vips_init(argv0); }

/// The folder of the libvips library this process mapped (the first /proc/self/maps line naming
/// it), where its modules folder lives. Found without vips_guess_libdir, which caches its answer for
/// vips_init, and without dladdr, whose Dl_info needs _GNU_SOURCE. Free with g_free; NULL if none.
static inline char *lbx_vips_library_folder(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return NULL;
    char line[4096];
    char *folder = NULL;
    while (!folder && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        char *name = path ? strstr(path, "/libvips.so") : NULL;
        if (name) folder = g_strndup(path, name - path);
    }
    fclose(maps);
    return folder;
}

/// vips_init's own module loading (every .so in `folder`, g_module_open lazy-bound, kept resident),
/// callable later: libvips 8.14 exports no function for it. Returns how many modules loaded.
static inline int lbx_load_modules(const char *folder) {
    GDir *dir = g_dir_open(folder, 0, NULL);
    if (!dir) return 0;
    int loaded = 0;
    const char *name;
    while ((name = g_dir_read_name(dir))) {
        if (!g_str_has_suffix(name, "." G_MODULE_SUFFIX)) continue;
        char *path = g_build_filename(folder, name, NULL);
        GModule *module = g_module_open(path, G_MODULE_BIND_LAZY);
        if (module) {
            g_module_make_resident(module);
            loaded += 1;
        } else {
            g_log("VIPS", G_LOG_LEVEL_WARNING, "unable to load \"%s\" -- %s", path, g_module_error());
        }
        g_free(path);
    }
    g_dir_close(dir);
    return loaded;
}

/// One module of `folder` (`name` without ".so"), loaded as lbx_load_modules loads each; GModule
/// returns a module already open without initialising it again. Returns 1 when it loaded.
static inline int lbx_load_module(const char *folder, const char *name) {
    char *file = g_strconcat(name, "." G_MODULE_SUFFIX, NULL);
    char *path = g_build_filename(folder, file, NULL);
    GModule *module = g_module_open(path, G_MODULE_BIND_LAZY);
    if (module) {
        g_module_make_resident(module);
    } else {
        g_log("VIPS", G_LOG_LEVEL_WARNING, "unable to load \"%s\" -- %s", path, g_module_error());
    }
    g_free(path);
    g_free(file);
    return module ? 1 : 0;
}

/// A loader's or saver's priority by its type name (VIPS_FOREIGN_CLASS() is a cast macro); 0 when unknown.
static inline int lbx_foreign_priority(const char *type_name) {
    GType type = g_type_from_name(type_name);
    if (!type) return 0;
    gpointer class = g_type_class_ref(type);
    int priority = VIPS_FOREIGN_CLASS(class)->priority;
    g_type_class_unref(class);
    return priority;
}

/// VIPS_OBJECT() is a cast macro.
static inline VipsObject *lbx_object(VipsOperation *operation) { return VIPS_OBJECT(operation); }

/// The GType of an operation's argument, read from its own spec (0 when it has none).
static inline GType lbx_argument_type(VipsOperation *operation, const char *name) {
    GParamSpec *pspec = NULL;
    VipsArgumentClass *argument_class = NULL;
    VipsArgumentInstance *argument_instance = NULL;
    if (vips_object_get_argument(VIPS_OBJECT(operation), name, &pspec, &argument_class, &argument_instance))
        return 0;
    return G_PARAM_SPEC_VALUE_TYPE(pspec);
}

/// The bounds of a numeric (int or double) argument, from its spec: GLib only prints a warning
/// for a value outside them and keeps the default, so a caller checks first. FALSE when not numeric.
static inline gboolean lbx_argument_range(VipsOperation *operation, const char *name, double *minimum, double *maximum) {
    GParamSpec *pspec = NULL;
    VipsArgumentClass *argument_class = NULL;
    VipsArgumentInstance *argument_instance = NULL;
    if (vips_object_get_argument(VIPS_OBJECT(operation), name, &pspec, &argument_class, &argument_instance)) {
        vips_error_clear();
        return FALSE;
    }
    if (G_IS_PARAM_SPEC_INT(pspec)) {
        *minimum = G_PARAM_SPEC_INT(pspec)->minimum;
        *maximum = G_PARAM_SPEC_INT(pspec)->maximum;
        return TRUE;
    }
    if (G_IS_PARAM_SPEC_DOUBLE(pspec)) {
        *minimum = G_PARAM_SPEC_DOUBLE(pspec)->minimum;
        *maximum = G_PARAM_SPEC_DOUBLE(pspec)->maximum;
        return TRUE;
    }
    return FALSE;
}

/// G_OBJECT() is a cast macro: sets one property from a GValue.
static inline void lbx_set_property(VipsOperation *operation, const char *name, const GValue *value) {
    g_object_set_property(G_OBJECT(operation), name, value);
}

/// G_OBJECT() is a cast macro: reads one property into an initialised GValue.
static inline void lbx_get_property(VipsOperation *operation, const char *name, GValue *value) {
    g_object_get_property(G_OBJECT(operation), name, value);
}

/// G_TYPE_IS_ENUM() is a macro.
static inline gboolean lbx_type_is_enum(GType type) { return G_TYPE_IS_ENUM(type); }

/// G_TYPE_IS_FLAGS() is a macro.
static inline gboolean lbx_type_is_flags(GType type) { return G_TYPE_IS_FLAGS(type); }

/// G_TYPE_INT and its kin are macros.
static inline GType lbx_type_int(void) { return G_TYPE_INT; }
/// G_TYPE_DOUBLE is a macro.
static inline GType lbx_type_double(void) { return G_TYPE_DOUBLE; }
/// G_TYPE_BOOLEAN is a macro.
static inline GType lbx_type_boolean(void) { return G_TYPE_BOOLEAN; }
/// G_TYPE_STRING is a macro.
static inline GType lbx_type_string(void) { return G_TYPE_STRING; }

/// The operation built or taken from the cache, or NULL with the error buffer set.
static inline VipsOperation *lbx_build(VipsOperation *operation) {
    VipsOperation *built = operation;
    if (vips_cache_operation_buildp(&built)) {
        vips_object_unref_outputs(VIPS_OBJECT(operation));
        g_object_unref(operation);
        return NULL;
    }
    return built;
}

/// Builds without the cache, for operations whose output the caller will modify.
static inline VipsOperation *lbx_build_uncached(VipsOperation *operation) {
    if (vips_object_build(VIPS_OBJECT(operation))) {
        vips_object_unref_outputs(VIPS_OBJECT(operation));
        g_object_unref(operation);
        return NULL;
    }
    return operation;
}

/// Drops the outputs and the operation itself after the results have been read.
static inline void lbx_finish(VipsOperation *operation) {
    vips_object_unref_outputs(VIPS_OBJECT(operation));
    g_object_unref(operation);
}

/// Releases a new operation that was never built (an argument failed to set).
static inline void lbx_discard(VipsOperation *operation) { g_object_unref(operation); }

/// Takes one reference on an image, for storing it in an image array.
static inline void lbx_image_ref(VipsImage *image) { g_object_ref(image); }

/// VIPS_AREA() is a cast macro: the area behind a blob, for dropping the caller's reference.
static inline VipsArea *lbx_blob_area(VipsBlob *blob) { return VIPS_AREA(blob); }

/// Drops one reference on an image.
static inline void lbx_image_unref(VipsImage *image) { g_object_unref(image); }

/// Reads an image out of a GValue with a new reference.
static inline VipsImage *lbx_value_dup_image(const GValue *value) {
    return VIPS_IMAGE(g_value_dup_object(value));
}

/// Whether argument `index` of an operation is an optional, current input (not required, output or deprecated).
static inline gboolean lbx_optional_input(VipsOperation *operation, int index, const char **name) {
    const char **names;
    int *flags;
    int count;
    if (vips_object_get_args(VIPS_OBJECT(operation), &names, &flags, &count) != 0 || index >= count) return FALSE;
    *name = names[index];
    int wanted = flags[index] & (VIPS_ARGUMENT_INPUT | VIPS_ARGUMENT_REQUIRED | VIPS_ARGUMENT_DEPRECATED);
    return wanted == VIPS_ARGUMENT_INPUT;
}

/// The number of arguments an operation has, for walking them with lbx_optional_input.
static inline int lbx_argument_count(VipsOperation *operation) {
    const char **names;
    int *flags;
    int count;
    return vips_object_get_args(VIPS_OBJECT(operation), &names, &flags, &count) == 0 ? count : 0;
}

/// G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE, as the flags type Swift expects.
static inline GLogLevelFlags lbx_warning_levels(void) { return (GLogLevelFlags) (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE); }

/// libvips' refresh of an image's EXIF block from its fields, exported by libvips 8.14 but not in
/// its headers.
int vips__exif_update(VipsImage *image);

/// pngsave runs vips__exif_update before embedding EXIF: Lightbox's PNG encoder does the same.
static inline int lbx_exif_update(VipsImage *image) { return vips__exif_update(image); }

/// A region's pixel at (x, y) (VIPS_REGION_ADDR, a macro), for reading the rows a sink hands out.
static inline VipsPel *lbx_region_address(VipsRegion *region, int x, int y) { return VIPS_REGION_ADDR(region, x, y); }

/// renameat2 with RENAME_NOREPLACE: a finished temp file put in place in one step that fails with
/// EEXIST rather than replace, where link + unlink took two (glibc declares it only under
/// _GNU_SOURCE, which Swift's Glibc module does not set). EINVAL where the file system cannot.
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
static inline int lbx_rename_noreplace(int folder, const char *from, const char *to) {
    return renameat2(folder, from, folder, to, RENAME_NOREPLACE);
}

#endif
