#ifndef CDISKFLUSH_H
#define CDISKFLUSH_H

/// Flushes the whole file system that holds the open file `descriptor` (its files' bytes and
/// entries) and waits for it: Linux's `syncfs`, which the Swift Glibc module does not declare.
/// Returns 0, or -1 with `errno` set; on other systems it fails with ENOSYS.
int cdiskflush_file_system(int descriptor);

#endif
