#ifndef CURL_FLOOR_H
#define CURL_FLOOR_H

/// A small HTTP engine on libcurl's multi interface, for download-floor's `curl` mode: one thread runs every
/// transfer, each body written straight to the file descriptor it was given, and each finished transfer reported
/// through the completion function with the context it was submitted with.
typedef struct CurlFloorEngine CurlFloorEngine;

/// Called on the engine's thread when a transfer ends: its HTTP status (0 when none) and libcurl's result (0 is
/// success).
typedef void (*CurlFloorDone)(void *context, long status, int result);

/// Starts the engine's thread, with at most `connections` connections to a host. NULL when libcurl cannot start.
CurlFloorEngine *curl_floor_start(long connections, CurlFloorDone done);

/// Queues a GET of `url` (copied) whose body goes to `descriptor`; `done` is called with `context` when it ends.
void curl_floor_submit(CurlFloorEngine *engine, const char *url, int descriptor, void *context);

/// Stops the thread once the queued transfers have ended, and frees the engine.
void curl_floor_stop(CurlFloorEngine *engine);

#endif
