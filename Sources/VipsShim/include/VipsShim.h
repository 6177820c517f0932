#ifndef VIPSSHIM_H
#define VIPSSHIM_H

#include <stddef.h>

/// The few libvips operations the stand-in renders images with, behind plain C functions: libvips's
/// own API is variadic (optional arguments end with NULL), which Swift cannot call. Images are
/// opaque; each function that returns one gives a new reference the caller releases with
/// vips_shim_release, or NULL on failure (then vips_shim_error says why).
typedef struct VipsShimImage VipsShimImage;

/// The encodings vips_shim_save writes.
typedef enum {
    VIPS_SHIM_JPEG = 0,
    VIPS_SHIM_JPEG_PROGRESSIVE = 1,
    VIPS_SHIM_PNG = 2,
    VIPS_SHIM_PNG_PALETTE = 3,
    VIPS_SHIM_GIF = 4,
    VIPS_SHIM_WEBP = 5,
    VIPS_SHIM_WEBP_LOSSLESS = 6,
} VipsShimEncoding;

/// Starts libvips once per process (later calls do nothing) with its operation cache off, so that
/// memory depends only on the images being rendered. Returns 0 when libvips is ready.
int vips_shim_start(void);

/// Decodes an image held in memory. The bytes must stay valid and unchanged until every image
/// made from it is released.
VipsShimImage *vips_shim_load(const void *bytes, size_t length);

/// Decodes an image held in memory scaled down to fit inside width by height pixels (never enlarged), decoding
/// at a reduced size where the format allows (a JPEG's shrink-on-load): much faster than vips_shim_load and
/// vips_shim_resize for a smaller rendition. The same rule for the bytes as vips_shim_load.
VipsShimImage *vips_shim_thumbnail(const void *bytes, size_t length, int width, int height);

/// The image's size in pixels.
int vips_shim_width(VipsShimImage *image);
int vips_shim_height(VipsShimImage *image);

/// The image turned clockwise by 90, 180 or 270 degrees.
VipsShimImage *vips_shim_rotate(VipsShimImage *image, int degrees);

/// The area of the image at (left, top), width by height pixels, which must lie inside it.
VipsShimImage *vips_shim_crop(VipsShimImage *image, int left, int top, int width, int height);

/// The image mirrored left to right (horizontal != 0) or top to bottom.
VipsShimImage *vips_shim_flip(VipsShimImage *image, int horizontal);

/// The image scaled by these factors across and down (below 1 shrinks).
VipsShimImage *vips_shim_resize(VipsShimImage *image, double horizontal, double vertical);

/// Encodes the image; on success *bytes holds *length bytes the caller frees with
/// vips_shim_free, and 0 is returned. quality is 1-100 and applies to lossy encodings. Lossy WebP
/// is written with libwebp's effort 1 of 6: a few per cent larger than the default, three times
/// faster, which is what a stand-in that renders each request wants.
int vips_shim_save(VipsShimImage *image, VipsShimEncoding encoding, int quality, void **bytes, size_t *length);

/// Reads only the header of an image held in memory: its size and the name of the format
/// (such as "jpeg", "png", "webp", "nsgif", "pdf"), written into format (at most format_size bytes,
/// NUL included). Returns 0 when the bytes are an image libvips reads.
int vips_shim_probe(const void *bytes, size_t length, int *width, int *height, char *format, size_t format_size);

void vips_shim_release(VipsShimImage *image);
void vips_shim_free(void *bytes);

/// libvips's messages about the failures since the last call (one buffer for the process), then
/// cleared; the caller frees the text with vips_shim_free.
char *vips_shim_take_error(void);

#endif
