#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <unistd.h>

#include "CDiskFlush.h"

int cdiskflush_file_system(int descriptor) {
#if defined(__linux__)
    return syncfs(descriptor);
#else
    (void)descriptor;
    errno = ENOSYS;
    return -1;
#endif
}
