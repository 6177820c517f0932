// libvips, found with pkg-config (`vips`); only VipsShim's C file includes it.
#include <vips/vips.h>
