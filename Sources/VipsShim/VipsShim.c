#include "VipsShim.h"

#include <string.h>
#include <vips/vips.h>

static GOnce start_once = G_ONCE_INIT;

static gpointer start_vips(gpointer unused) {
    (void)unused;
    if (VIPS_INIT("aem-emulator") != 0) return GINT_TO_POINTER(1);
    vips_cache_set_max(0);
    vips_leak_set(FALSE);
    return GINT_TO_POINTER(0);
}

int vips_shim_start(void) {
    return GPOINTER_TO_INT(g_once(&start_once, start_vips, NULL));
}

static VipsImage *image_of(VipsShimImage *image) { return (VipsImage *)image; }
static VipsShimImage *shim_of(VipsImage *image) { return (VipsShimImage *)image; }

VipsShimImage *vips_shim_load(const void *bytes, size_t length) {
    if (length == 0) {
        vips_error("VipsShim", "%s", "no bytes to read");
        return NULL;
    }
    return shim_of(vips_image_new_from_buffer(bytes, length, "", NULL));
}

VipsShimImage *vips_shim_thumbnail(const void *bytes, size_t length, int width, int height) {
    if (length == 0) {
        vips_error("VipsShim", "%s", "no bytes to read");
        return NULL;
    }
    VipsImage *out = NULL;
    int failed = vips_thumbnail_buffer(
        (void *)bytes, length, &out, width, "height", height, "size", VIPS_SIZE_DOWN, "no_rotate", TRUE, NULL);
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

int vips_shim_save(VipsShimImage *image, VipsShimEncoding encoding, int quality, void **bytes, size_t *length) {
    VipsImage *in = image_of(image);
    *bytes = NULL;
    *length = 0;
    switch (encoding) {
    case VIPS_SHIM_JPEG:
        return vips_jpegsave_buffer(in, bytes, length, "Q", quality, "strip", TRUE, NULL);
    case VIPS_SHIM_JPEG_PROGRESSIVE:
        return vips_jpegsave_buffer(in, bytes, length, "Q", quality, "interlace", TRUE, "strip", TRUE, NULL);
    case VIPS_SHIM_PNG:
        return vips_pngsave_buffer(in, bytes, length, "strip", TRUE, NULL);
    case VIPS_SHIM_PNG_PALETTE:
        return vips_pngsave_buffer(in, bytes, length, "palette", TRUE, "Q", quality, "strip", TRUE, NULL);
    case VIPS_SHIM_GIF:
        return vips_gifsave_buffer(in, bytes, length, NULL);
    case VIPS_SHIM_WEBP:
        return vips_webpsave_buffer(in, bytes, length, "Q", quality, "effort", 1, "strip", TRUE, NULL);
    case VIPS_SHIM_WEBP_LOSSLESS:
        return vips_webpsave_buffer(in, bytes, length, "lossless", TRUE, "strip", TRUE, NULL);
    }
    vips_error("VipsShim", "unknown encoding %d", (int)encoding);
    return -1;
}

int vips_shim_probe(const void *bytes, size_t length, int *width, int *height, char *format, size_t format_size) {
    if (length == 0) return -1;
    const char *loader = vips_foreign_find_load_buffer(bytes, length);
    if (loader == NULL) return -1;
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    // "VipsForeignLoadJpegBuffer" → "jpeg": the part between "Load" and the source kind.
    const char *name = strstr(loader, "Load");
    name = name ? name + 4 : loader;
    size_t count = 0;
    while (name[count] != '\0' && count + 1 < format_size) {
        char c = name[count];
        if (count > 0 && c >= 'A' && c <= 'Z') break;
        format[count] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        count++;
    }
    format[count] = '\0';
    return 0;
}

void vips_shim_release(VipsShimImage *image) {
    if (image != NULL) g_object_unref(image_of(image));
}

void vips_shim_free(void *bytes) { g_free(bytes); }

char *vips_shim_take_error(void) {
    char *text = g_strdup(vips_error_buffer());
    vips_error_clear();
    return text;
}
