/* cleanup.h: what hhn-gen removes if it is interrupted: temporary files and folders, and the
   gperf processes it started. */
#ifndef HHN_GEN_CLEANUP_H
#define HHN_GEN_CLEANUP_H

#include <signal.h>
#include <sys/types.h>

#define CLEANUP_MAX 32 /* most things to remove at once */

/* Handles the signals that would end the process (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE,
   SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ), but those ignored when it started: kill every
   process registered, remove every path registered (the last first), then die of the signal as
   if unhandled. */
void cleanup_install(void);

/* Holds back the handled signals until cleanup_unblock, for a step that must not be cut in
   two: starting a process and registering it, or putting both output files in place. A signal
   that comes meanwhile is handled at cleanup_unblock. Calls do not nest. */
void cleanup_block(void);
void cleanup_unblock(void);

/* The signal mask from before cleanup_block, which a process started meanwhile should have. */
const sigset_t *cleanup_child_mask(void);

/* Registers a file or an empty folder to remove; returns a handle for cleanup_forget, or -1
   if the table is full (then it is not removed on a signal). */
int cleanup_path(const char *path);

/* Registers a child process to kill (and reap); returns a handle, or -1. */
int cleanup_pid(pid_t pid);

/* Forgets what handle registered (a no-op for -1). */
void cleanup_forget(int handle);

#endif
