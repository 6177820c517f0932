#include "VipsShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libvips is loaded when the emulator first renders, not linked: a build needs no image library, and an emulator
// without libvips serves originals. Only these functions are used, each looked up once. The values below are
// libvips 8's and GLib 2's, unchanged across their releases (vips/enumtypes, glib/gmessages.h).
typedef int gboolean;
typedef unsigned long GType;
typedef void VImage;

enum { VIPS_ACCESS_SEQUENTIAL = 1 };
enum { VIPS_ANGLE_D90 = 1, VIPS_ANGLE_D180 = 2, VIPS_ANGLE_D270 = 3 };
enum { VIPS_DIRECTION_HORIZONTAL = 0, VIPS_DIRECTION_VERTICAL = 1 };
enum { VIPS_INTERPRETATION_sRGB = 22 };
enum { VIPS_FORMAT_USHORT = 2 };
enum { G_LOG_LEVEL_WARNING = 1 << 4 };

typedef void (*GLogFunc)(const char *domain, int level, const char *message, void *data);

#define VIPS_FUNCTIONS(X)                                                                                           \
    X(int, vips_init, (const char *))                                                                               \
    X(int, vips_version, (int))                                                                                     \
    X(void, vips_vector_set_enabled, (gboolean))                                                                    \
    X(void, vips_cache_set_max, (int))                                                                              \
    X(int, vips_concurrency_get, (void))                                                                            \
    X(void, vips_concurrency_set, (int))                                                                            \
    X(unsigned int, g_log_set_handler, (const char *, int, GLogFunc, void *))                                       \
    X(void, vips_error, (const char *, const char *, ...))                                                          \
    X(char *, vips_error_buffer_copy, (void))                                                                       \
    X(void, vips_error_clear, (void))                                                                               \
    X(const char *, vips_foreign_find_load_buffer, (const void *, size_t))                                          \
    X(const char *, vips_nickname_find, (GType))                                                                    \
    X(GType, g_type_from_name, (const char *))                                                                      \
    X(VImage *, vips_image_new_from_buffer, (const void *, size_t, const char *, ...))                              \
    X(int, vips_image_get_width, (const VImage *))                                                                  \
    X(int, vips_image_get_height, (const VImage *))                                                                 \
    X(int, vips_image_get_bands, (const VImage *))                                                                  \
    X(int, vips_image_get_format, (const VImage *))                                                                 \
    X(int, vips_image_get_orientation, (VImage *))                                                                  \
    X(unsigned long long, vips_format_sizeof, (int))                                                                \
    X(unsigned long long, vips_get_disc_threshold, (void))                                                          \
    X(VImage *, vips_image_copy_memory, (VImage *))                                                                 \
    X(int, vips_copy_file, (VImage *, VImage **, ...))                                                              \
    X(int, vips_black, (VImage **, int, int, ...))                                                                  \
    X(int, vips_linear, (VImage *, VImage **, const double *, const double *, int, ...))                            \
    X(int, vips_copy, (VImage *, VImage **, ...))                                                                   \
    X(int, vips_rot, (VImage *, VImage **, int, ...))                                                               \
    X(int, vips_extract_area, (VImage *, VImage **, int, int, int, int, ...))                                       \
    X(int, vips_flip, (VImage *, VImage **, int, ...))                                                              \
    X(int, vips_resize, (VImage *, VImage **, double, ...))                                                         \
    X(gboolean, vips_image_hasalpha, (VImage *))                                                                    \
    X(void *, vips_array_double_newv, (int, ...))                                                                   \
    X(void, vips_area_unref, (void *))                                                                              \
    X(int, vips_flatten, (VImage *, VImage **, ...))                                                                \
    X(int, vips_jpegsave_buffer, (VImage *, void **, size_t *, ...))                                                \
    X(int, vips_pngsave_buffer, (VImage *, void **, size_t *, ...))                                                 \
    X(int, vips_gifsave_buffer, (VImage *, void **, size_t *, ...))                                                 \
    X(int, vips_webpsave_buffer, (VImage *, void **, size_t *, ...))                                                \
    X(char **, vips_image_get_fields, (VImage *))                                                                   \
    X(gboolean, vips_image_remove, (VImage *, const char *))                                                        \
    X(void, g_strfreev, (char **))                                                                                  \
    X(void, g_object_unref, (void *))                                                                               \
    X(void, g_free, (void *))

#define DECLARE(result, name, arguments) result(*name) arguments;
static struct {
    VIPS_FUNCTIONS(DECLARE)
} vips;
#undef DECLARE

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int started = -1;
static char unavailable[512] = "libvips was not looked for";

/// The library files tried in turn; AEM_EMULATOR_LIBVIPS names another, or is `off` to render nothing.
static const char *const library_names[] = {
#if defined(__APPLE__)
    "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib", "/usr/local/lib/libvips.42.dylib",
#else
    "libvips.so.42",
#endif
};

static void *open_library(void) {
    const char *chosen = getenv("AEM_EMULATOR_LIBVIPS");
    if (chosen != NULL && strcmp(chosen, "off") == 0) {
        snprintf(unavailable, sizeof unavailable, "AEM_EMULATOR_LIBVIPS=off");
        return NULL;
    }
    if (chosen != NULL && chosen[0] != '\0') {
        void *handle = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) snprintf(unavailable, sizeof unavailable, "%s", dlerror());
        return handle;
    }
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0]; i++) {
        void *handle = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) return handle;
    }
    snprintf(unavailable, sizeof unavailable, "%s is not installed", library_names[0]);
    return NULL;
}

/// Looks up every function of VIPS_FUNCTIONS in `handle` (GLib's through libvips's own dependencies).
static int look_up(void *handle) {
#define LOOK_UP(result, name, arguments)                                                                            \
    *(void **)(&vips.name) = dlsym(handle, #name);                                                                  \
    if (vips.name == NULL) {                                                                                        \
        snprintf(unavailable, sizeof unavailable, "the libvips found has no %s; a newer libvips is needed",   \
                 #name);                                                                                            \
        return -1;                                                                                                  \
    }
    VIPS_FUNCTIONS(LOOK_UP)
#undef LOOK_UP
    return 0;
}

/// libvips's warnings (a truncated JPEG's, …) are dropped: a failure reaches the caller through
/// vips_shim_take_error, and a partly read image is rendered as browsers show it.
static void drop_warning(const char *domain, int level, const char *message, void *data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static void start_vips(void) {
    void *handle = open_library();
    if (handle == NULL) return;
    if (look_up(handle) != 0 || vips.vips_version(0) != 8) {
        if (vips.vips_version != NULL && vips.vips_version(0) != 8)
            snprintf(unavailable, sizeof unavailable, "libvips %d is not libvips 8", vips.vips_version(0));
        dlclose(handle);
        return;
    }
    if (vips.vips_init("aem-emulator") != 0) {
        snprintf(unavailable, sizeof unavailable, "libvips did not start");
        return;
    }
    // Before 8.15, libvips's vector code is liborc, which up to 0.4.33 (Debian 12's) frees its generated code without
    // a lock, while libvips frees a resize's program whenever its image is released: two renders at once can corrupt
    // the heap and crash the process (fixed in liborc 0.4.34). Resizing without it costs about 6 ms a render.
    if (vips.vips_version(1) < 15) vips.vips_vector_set_enabled(0);
    // Each render uses its operations once: caching them would only hold memory.
    vips.vips_cache_set_max(0);
    // libvips starts a worker per core for each image; the images here are small.
    int workers = vips.vips_concurrency_get();
    vips.vips_concurrency_set(workers < 2 ? workers : 2);
    vips.g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, drop_warning, NULL);
    started = 0;
}

const char *vips_shim_unavailable_reason(void) {
    pthread_once(&start_once, start_vips);
    return started == 0 ? NULL : unavailable;
}

// libvips keeps one error buffer for the whole process. A render's failure takes its text only while it is the one
// use of libvips in progress: uses are counted, the buffer is emptied when the first one begins, and a use that fails
// while another is in progress reports no text of libvips's, which might be the other's.
static pthread_mutex_t uses_lock = PTHREAD_MUTEX_INITIALIZER;
static int uses = 0;

void vips_shim_begin(void) {
    pthread_mutex_lock(&uses_lock);
    if (uses++ == 0 && started == 0) vips.vips_error_clear();
    pthread_mutex_unlock(&uses_lock);
}

void vips_shim_end(void) {
    pthread_mutex_lock(&uses_lock);
    uses--;
    pthread_mutex_unlock(&uses_lock);
}

char *vips_shim_take_error(void) {
    if (started != 0) return NULL;
    pthread_mutex_lock(&uses_lock);
    char *text = uses == 1 ? vips.vips_error_buffer_copy() : NULL;
    vips.vips_error_clear();
    pthread_mutex_unlock(&uses_lock);
    return text;
}

/// The formats the emulator decodes, by libvips loader; any other loader (PDF, SVG, ImageMagick, …)
/// is never run on an asset's bytes.
static const struct {
    const char *loader;
    const char *format;
} known_formats[] = {
    {"jpegload_buffer", "jpeg"}, {"pngload_buffer", "png"},   {"webpload_buffer", "webp"},
    {"gifload_buffer", "gif"},   {"tiffload_buffer", "tiff"}, {"heifload_buffer", "heif"},
};

static VImage *image_of(VipsShimImage *image) { return (VImage *)image; }
static VipsShimImage *shim_of(VImage *image) { return (VipsShimImage *)image; }

/// The format of the bytes when it is one of known_formats, else NULL with a libvips error.
static const char *format_of(const void *bytes, size_t length) {
    if (length == 0) {
        vips.vips_error("VipsShim", "%s", "there are no bytes to read");
        return NULL;
    }
    const char *class_name = vips.vips_foreign_find_load_buffer(bytes, length);
    if (class_name == NULL) return NULL;
    const char *loader = vips.vips_nickname_find(vips.g_type_from_name(class_name));
    for (size_t i = 0; loader != NULL && i < sizeof known_formats / sizeof known_formats[0]; i++) {
        if (strcmp(loader, known_formats[i].loader) == 0) return known_formats[i].format;
    }
    // "pdfload_buffer" → "pdf".
    const char *name = loader != NULL ? loader : class_name;
    const char *end = strstr(name, "load");
    int count = end != NULL ? (int)(end - name) : (int)strlen(name);
    vips.vips_error("VipsShim", "%.*s is not an image format the emulator renders", count, name);
    return NULL;
}

int vips_shim_header(const void *bytes, size_t length, VipsShimHeader *header) {
    if (started != 0) return -1;
    const char *format = format_of(bytes, length);
    if (format == NULL) return -1;
    // Opening is lazy: libvips reads the header now and the pixels only when asked for them.
    VImage *image = vips.vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) return -1;
    header->width = vips.vips_image_get_width(image);
    header->height = vips.vips_image_get_height(image);
    header->orientation = vips.vips_image_get_orientation(image);
    snprintf(header->format, sizeof header->format, "%s", format);
    vips.g_object_unref(image);
    return 0;
}

VipsShimImage *vips_shim_load(const void *bytes, size_t length, int shrink) {
    if (started != 0) return NULL;
    const char *format = format_of(bytes, length);
    if (format == NULL) return NULL;
    VImage *image = shrink > 1 && strcmp(format, "jpeg") == 0
        ? vips.vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, "shrink", shrink, NULL)
        : vips.vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    return shim_of(image);
}

VipsShimImage *vips_shim_settle(VipsShimImage *image) {
    VImage *in = image_of(image);
    unsigned long long size = (unsigned long long)vips.vips_image_get_width(in) * vips.vips_image_get_height(in) *
        vips.vips_image_get_bands(in) * vips.vips_format_sizeof(vips.vips_image_get_format(in));
    if (size <= vips.vips_get_disc_threshold()) return shim_of(vips.vips_image_copy_memory(in));
    VImage *out = NULL;
    return vips.vips_copy_file(in, &out, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_flat(int width, int height, int red, int green, int blue) {
    if (started != 0) return NULL;
    VImage *black = NULL;
    if (vips.vips_black(&black, width, height, "bands", 3, NULL) != 0) return NULL;
    double times[3] = {1, 1, 1};
    double plus[3] = {red, green, blue};
    VImage *coloured = NULL;
    int failed = vips.vips_linear(black, &coloured, times, plus, 3, "uchar", 1, NULL);
    vips.g_object_unref(black);
    if (failed) return NULL;
    VImage *out = NULL;
    failed = vips.vips_copy(coloured, &out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    vips.g_object_unref(coloured);
    return failed ? NULL : shim_of(out);
}

int vips_shim_width(VipsShimImage *image) { return vips.vips_image_get_width(image_of(image)); }
int vips_shim_height(VipsShimImage *image) { return vips.vips_image_get_height(image_of(image)); }

VipsShimImage *vips_shim_rotate(VipsShimImage *image, int degrees) {
    int angle;
    switch (degrees) {
    case 90: angle = VIPS_ANGLE_D90; break;
    case 180: angle = VIPS_ANGLE_D180; break;
    case 270: angle = VIPS_ANGLE_D270; break;
    default:
        vips.vips_error("VipsShim", "cannot rotate by %d degrees", degrees);
        return NULL;
    }
    VImage *out = NULL;
    return vips.vips_rot(image_of(image), &out, angle, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_crop(VipsShimImage *image, int left, int top, int width, int height) {
    VImage *out = NULL;
    return vips.vips_extract_area(image_of(image), &out, left, top, width, height, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_flip(VipsShimImage *image, int horizontal) {
    VImage *out = NULL;
    int direction = horizontal ? VIPS_DIRECTION_HORIZONTAL : VIPS_DIRECTION_VERTICAL;
    return vips.vips_flip(image_of(image), &out, direction, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_resize(VipsShimImage *image, double horizontal, double vertical) {
    VImage *out = NULL;
    return vips.vips_resize(image_of(image), &out, horizontal, "vscale", vertical, NULL) == 0 ? shim_of(out) : NULL;
}

/// WebP's speed against size (0 fastest, 6 smallest; libvips's default is 4). Lossy at 2 writes a
/// 400-wide photo in half the time for about 10% more bytes; lossless at 0 writes a 1200×800 photo
/// in half the time, and with less memory, for about 20% more bytes.
static const int webp_effort = 2;
static const int webp_lossless_effort = 0;

static int save_jpeg(VImage *in, int progressive, int quality, void **bytes, size_t *length) {
    VImage *flat = NULL;
    if (vips.vips_image_hasalpha(in)) {
        double white = vips.vips_image_get_format(in) == VIPS_FORMAT_USHORT ? 65535.0 : 255.0;
        void *background = vips.vips_array_double_newv(1, white);
        int failed = vips.vips_flatten(in, &flat, "background", background, NULL);
        vips.vips_area_unref(background);
        if (failed) return -1;
        in = flat;
    }
    int result = vips.vips_jpegsave_buffer(
        in, bytes, length, "Q", quality, "interlace", progressive ? 1 : 0, "strip", 1, NULL);
    if (flat != NULL) vips.g_object_unref(flat);
    return result;
}

/// A copy of the image without metadata (EXIF, orientation, XMP, IPTC, ICC profile, …): the pixels are
/// already upright, and libvips 8.14's WebP writer ignores strip, writing EXIF made from the metadata
/// left (with none, a small block that says the image is upright).
static VImage *without_metadata(VImage *in) {
    VImage *out = NULL;
    if (vips.vips_copy(in, &out, NULL) != 0) return NULL;
    char **fields = vips.vips_image_get_fields(out);
    // Only metadata is removed; the fields of the header proper (width, bands, …) stay.
    for (int i = 0; fields[i] != NULL; i++) vips.vips_image_remove(out, fields[i]);
    vips.g_strfreev(fields);
    return out;
}

int vips_shim_save(VipsShimImage *image, VipsShimEncoding encoding, int quality, void **bytes, size_t *length) {
    *bytes = NULL;
    *length = 0;
    VImage *in = without_metadata(image_of(image));
    if (in == NULL) return -1;
    int result = -1;
    switch (encoding) {
    case VIPS_SHIM_JPEG:
        result = save_jpeg(in, 0, quality, bytes, length);
        break;
    case VIPS_SHIM_JPEG_PROGRESSIVE:
        result = save_jpeg(in, 1, quality, bytes, length);
        break;
    case VIPS_SHIM_PNG:
        result = vips.vips_pngsave_buffer(in, bytes, length, "strip", 1, NULL);
        break;
    case VIPS_SHIM_PNG_PALETTE:
        result = vips.vips_pngsave_buffer(in, bytes, length, "palette", 1, "Q", quality, "strip", 1, NULL);
        break;
    case VIPS_SHIM_GIF:
        result = vips.vips_gifsave_buffer(in, bytes, length, "strip", 1, NULL);
        break;
    case VIPS_SHIM_WEBP:
        result =
            vips.vips_webpsave_buffer(in, bytes, length, "Q", quality, "effort", webp_effort, "strip", 1, NULL);
        break;
    case VIPS_SHIM_WEBP_LOSSLESS:
        result = vips.vips_webpsave_buffer(
            in, bytes, length, "lossless", 1, "effort", webp_lossless_effort, "strip", 1, NULL);
        break;
    default:
        vips.vips_error("VipsShim", "unknown encoding %d", (int)encoding);
    }
    vips.g_object_unref(in);
    return result;
}

void vips_shim_release(VipsShimImage *image) {
    if (image != NULL) vips.g_object_unref(image_of(image));
}

void vips_shim_free(void *bytes) {
    if (bytes != NULL && started == 0) vips.g_free(bytes);
}
