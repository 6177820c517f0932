#ifndef VIPSSHIM_H
#define VIPSSHIM_H

#include <stddef.h>

/// The few libvips operations the emulator renders images with, behind plain C functions: libvips's
/// own API is variadic (optional arguments end with NULL), which Swift cannot call. libvips is not
/// linked: vips_shim_unavailable_reason loads it when it is installed, and every other function
/// fails (returns NULL or -1) until it has. Images are opaque; each function that returns one gives a new
/// reference the caller releases with vips_shim_release, or NULL on failure (then
/// vips_shim_take_error says why). Every function is safe to call from several threads at once on
/// different images, between vips_shim_begin and vips_shim_end.
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

/// What the header of an image held in memory says, read without decoding its pixels.
typedef struct {
    int width;
    int height;
    /// The EXIF orientation, 1 (upright) to 8; 1 when the image has none.
    int orientation;
    /// The format, one of "jpeg", "png", "webp", "gif", "tiff", "heif" (NUL-terminated).
    char format[8];
} VipsShimHeader;

/// Loads and starts libvips once per process (later calls only answer): the library named by the
/// environment variable AEM_EMULATOR_LIBVIPS (`off` for none), else libvips 8's runtime library
/// (libvips.so.42, libvips.42.dylib). Memory is bounded by the images being rendered: no operation
/// cache, at most two worker threads per image, no liborc before libvips 8.15 (its code memory is
/// not safe across threads), and no warnings on standard error (failures are reported through
/// vips_shim_take_error). Returns why libvips is not ready (not installed, lacking a function, …),
/// or NULL when it is.
const char *vips_shim_unavailable_reason(void);

/// Mark one use of libvips (a render, a header read), so that vips_shim_take_error can tell whose
/// failure the process's one error buffer describes.
void vips_shim_begin(void);
void vips_shim_end(void);

/// Reads the header of an image held in memory. Returns 0 when the bytes are an image in one of
/// the formats the emulator renders; any other format (PDF, SVG, …) is refused without being
/// parsed further.
int vips_shim_header(const void *bytes, size_t length, VipsShimHeader *header);

/// Decodes an image held in memory, a format vips_shim_header accepts, reading its pixels once, top
/// to bottom, and keeping only a few lines of them in memory at a time: what is made of it may only
/// be cropped, resized and mirrored left to right until vips_shim_settle. shrink (1, 2, 4 or 8)
/// divides a JPEG's size while it is decoded, which is faster and smaller than decoding it whole;
/// other formats ignore it. The bytes must stay valid and unchanged until every image made from
/// them is released.
VipsShimImage *vips_shim_load(const void *bytes, size_t length, int shrink);

/// An image of width by height pixels of one colour (red, green and blue, 0 to 255), in sRGB: what the
/// emulator serves for an asset whose original the package does not hold. Its pixels are made as they
/// are read, so a large one costs no memory until it is encoded.
VipsShimImage *vips_shim_flat(int width, int height, int red, int green, int blue);

/// The image's pixels computed now and kept, in memory or, when larger than libvips's disc threshold
/// (100 MB unless VIPS_DISC_THRESHOLD says otherwise), in a temporary file, so that later steps may
/// read them in any order (to turn or mirror them top to bottom).
VipsShimImage *vips_shim_settle(VipsShimImage *image);

/// The image's size in pixels.
int vips_shim_width(VipsShimImage *image);
int vips_shim_height(VipsShimImage *image);

/// The image turned clockwise by 90, 180 or 270 degrees.
VipsShimImage *vips_shim_rotate(VipsShimImage *image, int degrees);

/// The area of the image at (left, top), width by height pixels, which must lie inside it.
VipsShimImage *vips_shim_crop(VipsShimImage *image, int left, int top, int width, int height);

/// The image mirrored left to right (horizontal != 0) or top to bottom.
VipsShimImage *vips_shim_flip(VipsShimImage *image, int horizontal);

/// The image scaled by these factors across and down (below 1 shrinks); the new size is the old
/// one times each factor, rounded to the nearest pixel.
VipsShimImage *vips_shim_resize(VipsShimImage *image, double horizontal, double vertical);

/// Encodes the image; on success *bytes holds *length bytes the caller frees with
/// vips_shim_free, and 0 is returned. quality (1-100) applies to JPEG, lossy WebP and the palette
/// PNG's colour choice. JPEG, which has no transparency, is laid on white. No metadata is written.
int vips_shim_save(VipsShimImage *image, VipsShimEncoding encoding, int quality, void **bytes, size_t *length);

void vips_shim_release(VipsShimImage *image);
void vips_shim_free(void *bytes);

/// libvips's messages about the failures of the calling use since it began, then cleared; NULL when
/// another use is in progress (libvips keeps one buffer for the process, so the text might be the
/// other's). The caller frees the text with vips_shim_free.
char *vips_shim_take_error(void);

#endif
