// rss-exec: runs a command and reports its wall time and peak resident memory.
//
//   rss-exec <report-file> <command> [<argument>...]
//
// Writes "<wall nanoseconds> <peak RSS KiB>" to <report-file> and exits with the command's status.
//
// Why a helper: Linux keeps the high-water RSS of the memory image a process had before exec, so a
// command forked from the (Python) driver never reports less than the driver's own RSS. Forked from
// this small C process instead, the floor is about a megabyte, and the clock starts at the fork, so the
// helper's own start-up is not counted.
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: rss-exec <report-file> <command> [<argument>...]\n");
        return 64;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t child = fork();
    if (child < 0) {
        fprintf(stderr, "rss-exec: fork: %s\n", strerror(errno));
        return 71;
    }
    if (child == 0) {
        execvp(argv[2], &argv[2]);
        fprintf(stderr, "rss-exec: cannot run %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(child, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "rss-exec: wait4: %s\n", strerror(errno));
            return 71;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long nanoseconds = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    FILE *report = fopen(argv[1], "w");
    if (report == NULL) {
        fprintf(stderr, "rss-exec: cannot write %s: %s\n", argv[1], strerror(errno));
        return 73;
    }
    fprintf(report, "%lld %ld\n", nanoseconds, usage.ru_maxrss);
    fclose(report);
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return 70;
}
