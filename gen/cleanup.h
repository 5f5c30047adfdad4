/* cleanup.h: what hhn-gen removes if it is interrupted: temporary files and folders, and the
   gperf processes it started. */
#ifndef HHN_GEN_CLEANUP_H
#define HHN_GEN_CLEANUP_H

#include <sys/types.h>

#define CLEANUP_MAX 32 /* most things to remove at once */

/* Handles SIGINT, SIGTERM and SIGHUP: kill every process registered, remove every path
   registered (the last first), then die of the signal as if unhandled. */
void cleanup_install(void);

/* Registers a file or an empty folder to remove; returns a handle for cleanup_forget, or -1
   if the table is full (then it is not removed on a signal). */
int cleanup_path(const char *path);

/* Registers a child process to kill (and reap); returns a handle, or -1. */
int cleanup_pid(pid_t pid);

/* Forgets what handle registered (a no-op for -1). */
void cleanup_forget(int handle);

#endif
