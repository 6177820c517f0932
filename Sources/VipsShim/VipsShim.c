#include "VipsShim.h"

#include <string.h>
#include <vips/vips.h>
#include <vips/vector.h>

/// The formats the stand-in decodes, by libvips loader; any other loader (PDF, SVG, ImageMagick, …)
/// is never run on an asset's bytes.
static const struct {
    const char *loader;
    const char *format;
} known_formats[] = {
    {"jpegload_buffer", "jpeg"}, {"pngload_buffer", "png"},   {"webpload_buffer", "webp"},
    {"gifload_buffer", "gif"},   {"tiffload_buffer", "tiff"}, {"heifload_buffer", "heif"},
};

static GOnce start_once = G_ONCE_INIT;

/// libvips's warnings (a truncated JPEG's, …) are dropped: a failure reaches the caller through
/// vips_shim_take_error, and a partly read image is rendered as browsers show it.
static void drop_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static gpointer start_vips(gpointer unused) {
    (void)unused;
    if (VIPS_INIT("aem-emulator") != 0) return GINT_TO_POINTER(1);
    // Before 8.15, libvips's vector code is liborc, which up to 0.4.33 (Debian 12's) frees its generated code without
    // a lock, while libvips frees a resize's program whenever its image is released: two renders at once can corrupt
    // the heap and crash the process (fixed in liborc 0.4.34). Resizing without it costs about 6 ms a render.
    if (vips_version(0) == 8 && vips_version(1) < 15) vips_vector_set_enabled(FALSE);
    // Each render uses its operations once: caching them would only hold memory.
    vips_cache_set_max(0);
    // libvips starts a worker per core for each image; the images here are small.
    vips_concurrency_set(MIN(vips_concurrency_get(), 2));
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, drop_warning, NULL);
    return GINT_TO_POINTER(0);
}

int vips_shim_start(void) {
    return GPOINTER_TO_INT(g_once(&start_once, start_vips, NULL));
}

static VipsImage *image_of(VipsShimImage *image) { return (VipsImage *)image; }
static VipsShimImage *shim_of(VipsImage *image) { return (VipsShimImage *)image; }

/// The format of the bytes when it is one of known_formats, else NULL with a libvips error.
static const char *format_of(const void *bytes, size_t length) {
    if (length == 0) {
        vips_error("VipsShim", "%s", "there are no bytes to read");
        return NULL;
    }
    const char *class_name = vips_foreign_find_load_buffer(bytes, length);
    if (class_name == NULL) return NULL;
    const char *loader = vips_nickname_find(g_type_from_name(class_name));
    for (size_t i = 0; loader != NULL && i < G_N_ELEMENTS(known_formats); i++) {
        if (strcmp(loader, known_formats[i].loader) == 0) return known_formats[i].format;
    }
    // "pdfload_buffer" → "pdf".
    const char *name = loader != NULL ? loader : class_name;
    const char *end = strstr(name, "load");
    int count = end != NULL ? (int)(end - name) : (int)strlen(name);
    vips_error("VipsShim", "%.*s is not an image format the stand-in renders", count, name);
    return NULL;
}

int vips_shim_header(const void *bytes, size_t length, VipsShimHeader *header) {
    const char *format = format_of(bytes, length);
    if (format == NULL) return -1;
    // Opening is lazy: libvips reads the header now and the pixels only when asked for them.
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) return -1;
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->orientation = vips_image_get_orientation(image);
    g_strlcpy(header->format, format, sizeof header->format);
    g_object_unref(image);
    return 0;
}

VipsShimImage *vips_shim_load(const void *bytes, size_t length, int shrink) {
    const char *format = format_of(bytes, length);
    if (format == NULL) return NULL;
    VipsAccess access = VIPS_ACCESS_SEQUENTIAL;
    VipsImage *image = shrink > 1 && strcmp(format, "jpeg") == 0
        ? vips_image_new_from_buffer(bytes, length, "", "access", access, "shrink", shrink, NULL)
        : vips_image_new_from_buffer(bytes, length, "", "access", access, NULL);
    return shim_of(image);
}

VipsShimImage *vips_shim_settle(VipsShimImage *image) {
    VipsImage *in = image_of(image);
    if (VIPS_IMAGE_SIZEOF_IMAGE(in) <= vips_get_disc_threshold()) return shim_of(vips_image_copy_memory(in));
    VipsImage *out = NULL;
    return vips_copy_file(in, &out, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_flat(int width, int height, int red, int green, int blue) {
    VipsImage *black = NULL;
    if (vips_black(&black, width, height, "bands", 3, NULL) != 0) return NULL;
    double times[3] = {1, 1, 1};
    double plus[3] = {red, green, blue};
    VipsImage *coloured = NULL;
    int failed = vips_linear(black, &coloured, times, plus, 3, "uchar", TRUE, NULL);
    g_object_unref(black);
    if (failed) return NULL;
    VipsImage *out = NULL;
    failed = vips_copy(coloured, &out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(coloured);
    return failed ? NULL : shim_of(out);
}

int vips_shim_width(VipsShimImage *image) { return vips_image_get_width(image_of(image)); }
int vips_shim_height(VipsShimImage *image) { return vips_image_get_height(image_of(image)); }

VipsShimImage *vips_shim_rotate(VipsShimImage *image, int degrees) {
    VipsAngle angle;
    switch (degrees) {
    case 90: angle = VIPS_ANGLE_D90; break;
    case 180: angle = VIPS_ANGLE_D180; break;
    case 270: angle = VIPS_ANGLE_D270; break;
    default:
        vips_error("VipsShim", "cannot rotate by %d degrees", degrees);
        return NULL;
    }
    VipsImage *out = NULL;
    return vips_rot(image_of(image), &out, angle, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_crop(VipsShimImage *image, int left, int top, int width, int height) {
    VipsImage *out = NULL;
    return vips_extract_area(image_of(image), &out, left, top, width, height, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_flip(VipsShimImage *image, int horizontal) {
    VipsImage *out = NULL;
    VipsDirection direction = horizontal ? VIPS_DIRECTION_HORIZONTAL : VIPS_DIRECTION_VERTICAL;
    return vips_flip(image_of(image), &out, direction, NULL) == 0 ? shim_of(out) : NULL;
}

VipsShimImage *vips_shim_resize(VipsShimImage *image, double horizontal, double vertical) {
    VipsImage *out = NULL;
    return vips_resize(image_of(image), &out, horizontal, "vscale", vertical, NULL) == 0 ? shim_of(out) : NULL;
}

/// WebP's speed against size (0 fastest, 6 smallest; libvips's default is 4). Lossy at 2 writes a
/// 400-wide photo in half the time for about 10% more bytes; lossless at 0 writes a 1200×800 photo
/// in half the time, and with less memory, for about 20% more bytes.
static const int webp_effort = 2;
static const int webp_lossless_effort = 0;

static int save_jpeg(VipsImage *in, int progressive, int quality, void **bytes, size_t *length) {
    VipsImage *flat = NULL;
    if (vips_image_hasalpha(in)) {
        double white = vips_image_get_format(in) == VIPS_FORMAT_USHORT ? 65535.0 : 255.0;
        VipsArrayDouble *background = vips_array_double_newv(1, white);
        int failed = vips_flatten(in, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        if (failed) return -1;
        in = flat;
    }
    int result = vips_jpegsave_buffer(
        in, bytes, length, "Q", quality, "interlace", progressive ? TRUE : FALSE, "strip", TRUE, NULL);
    if (flat != NULL) g_object_unref(flat);
    return result;
}

/// A copy of the image without metadata (EXIF, orientation, XMP, IPTC, ICC profile, …): the pixels are
/// already upright, and libvips 8.14's WebP writer ignores strip, writing EXIF made from the metadata
/// left (with none, a small block that says the image is upright).
static VipsImage *without_metadata(VipsImage *in) {
    VipsImage *out = NULL;
    if (vips_copy(in, &out, NULL) != 0) return NULL;
    gchar **fields = vips_image_get_fields(out);
    // Only metadata is removed; the fields of the header proper (width, bands, …) stay.
    for (int i = 0; fields[i] != NULL; i++) vips_image_remove(out, fields[i]);
    g_strfreev(fields);
    return out;
}

int vips_shim_save(VipsShimImage *image, VipsShimEncoding encoding, int quality, void **bytes, size_t *length) {
    *bytes = NULL;
    *length = 0;
    VipsImage *in = without_metadata(image_of(image));
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
        result = vips_pngsave_buffer(in, bytes, length, "strip", TRUE, NULL);
        break;
    case VIPS_SHIM_PNG_PALETTE:
        result = vips_pngsave_buffer(in, bytes, length, "palette", TRUE, "Q", quality, "strip", TRUE, NULL);
        break;
    case VIPS_SHIM_GIF:
        result = vips_gifsave_buffer(in, bytes, length, "strip", TRUE, NULL);
        break;
    case VIPS_SHIM_WEBP:
        result = vips_webpsave_buffer(in, bytes, length, "Q", quality, "effort", webp_effort, "strip", TRUE, NULL);
        break;
    case VIPS_SHIM_WEBP_LOSSLESS:
        result = vips_webpsave_buffer(
            in, bytes, length, "lossless", TRUE, "effort", webp_lossless_effort, "strip", TRUE, NULL);
        break;
    default:
        vips_error("VipsShim", "unknown encoding %d", (int)encoding);
    }
    g_object_unref(in);
    return result;
}

void vips_shim_release(VipsShimImage *image) {
    if (image != NULL) g_object_unref(image_of(image));
}

void vips_shim_free(void *bytes) { g_free(bytes); }

char *vips_shim_take_error(void) { return vips_error_buffer_copy(); }
