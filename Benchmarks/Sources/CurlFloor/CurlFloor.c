#include "CurlFloor.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Transfer {
    char *url;
    int descriptor;
    void *context;
    int failed_write;
    struct Transfer *next;
} Transfer;

struct CurlFloorEngine {
    CURLM *multi;
    CurlFloorDone done;
    pthread_t thread;
    pthread_mutex_t lock;
    Transfer *queued;  // submitted, not yet added to the multi handle (newest first)
    int stopping;
    int running;  // transfers added and not yet ended; only the engine's thread touches it
};

static size_t write_body(char *bytes, size_t size, size_t count, void *data) {
    Transfer *transfer = data;
    size_t length = size * count;
    size_t written = 0;
    while (written < length) {
        ssize_t result = write(transfer->descriptor, bytes + written, length - written);
        if (result <= 0) {
            transfer->failed_write = 1;
            return 0;  // libcurl ends the transfer with CURLE_WRITE_ERROR
        }
        written += (size_t)result;
    }
    return length;
}

static void add_queued(CurlFloorEngine *engine) {
    pthread_mutex_lock(&engine->lock);
    Transfer *queued = engine->queued;
    engine->queued = NULL;
    pthread_mutex_unlock(&engine->lock);
    while (queued != NULL) {
        Transfer *transfer = queued;
        queued = queued->next;
        CURL *easy = curl_easy_init();
        if (easy == NULL) {
            engine->done(transfer->context, 0, CURLE_OUT_OF_MEMORY);
            free(transfer->url);
            free(transfer);
            continue;
        }
        curl_easy_setopt(easy, CURLOPT_URL, transfer->url);
        curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, write_body);
        curl_easy_setopt(easy, CURLOPT_WRITEDATA, transfer);
        curl_easy_setopt(easy, CURLOPT_PRIVATE, transfer);
        curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
        curl_multi_add_handle(engine->multi, easy);
        engine->running += 1;
    }
}

static void finish_done(CurlFloorEngine *engine) {
    int left = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(engine->multi, &left)) != NULL) {
        if (message->msg != CURLMSG_DONE) continue;
        CURL *easy = message->easy_handle;
        Transfer *transfer = NULL;
        long status = 0;
        curl_easy_getinfo(easy, CURLINFO_PRIVATE, (char **)&transfer);
        curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
        int result = (int)message->data.result;
        curl_multi_remove_handle(engine->multi, easy);
        curl_easy_cleanup(easy);
        engine->running -= 1;
        engine->done(transfer->context, status, result);
        free(transfer->url);
        free(transfer);
    }
}

static void *run(void *argument) {
    CurlFloorEngine *engine = argument;
    for (;;) {
        add_queued(engine);
        int still = 0;
        curl_multi_perform(engine->multi, &still);
        finish_done(engine);
        pthread_mutex_lock(&engine->lock);
        int stop = engine->stopping && engine->queued == NULL && engine->running == 0;
        pthread_mutex_unlock(&engine->lock);
        if (stop) break;
        curl_multi_poll(engine->multi, NULL, 0, 1000, NULL);
    }
    return NULL;
}

CurlFloorEngine *curl_floor_start(long connections, CurlFloorDone done) {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return NULL;
    CurlFloorEngine *engine = calloc(1, sizeof *engine);
    if (engine == NULL) return NULL;
    engine->multi = curl_multi_init();
    engine->done = done;
    curl_multi_setopt(engine->multi, CURLMOPT_MAX_HOST_CONNECTIONS, connections);
    pthread_mutex_init(&engine->lock, NULL);
    if (pthread_create(&engine->thread, NULL, run, engine) != 0) {
        curl_multi_cleanup(engine->multi);
        free(engine);
        return NULL;
    }
    return engine;
}

void curl_floor_submit(CurlFloorEngine *engine, const char *url, int descriptor, void *context) {
    Transfer *transfer = calloc(1, sizeof *transfer);
    char *copy = strdup(url);
    if (transfer == NULL || copy == NULL) {
        free(transfer);
        free(copy);
        engine->done(context, 0, CURLE_OUT_OF_MEMORY);
        return;
    }
    transfer->url = copy;
    transfer->descriptor = descriptor;
    transfer->context = context;
    pthread_mutex_lock(&engine->lock);
    transfer->next = engine->queued;
    engine->queued = transfer;
    pthread_mutex_unlock(&engine->lock);
    curl_multi_wakeup(engine->multi);
}

void curl_floor_stop(CurlFloorEngine *engine) {
    pthread_mutex_lock(&engine->lock);
    engine->stopping = 1;
    pthread_mutex_unlock(&engine->lock);
    curl_multi_wakeup(engine->multi);
    pthread_join(engine->thread, NULL);
    curl_multi_cleanup(engine->multi);
    pthread_mutex_destroy(&engine->lock);
    free(engine);
}
