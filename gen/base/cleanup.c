/* cleanup.c: removing temporary files and stopping gperf on a signal (see cleanup.h). */
#include "cleanup.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* One thing to undo: a path to remove, or a process to kill. */
struct entry {
  volatile sig_atomic_t used; /* set last when registering, cleared first when forgetting */
  pid_t pid;                  /* 0: a path */
  char path[4400];
};

static struct entry entries[CLEANUP_MAX];

/* Undoes every entry, the last registered first, and dies of the signal. Only calls that are
   safe in a signal handler. */
static void on_signal(int sig) {
  for (int i = CLEANUP_MAX - 1; i >= 0; i--)
    if (entries[i].used && entries[i].pid > 0) {
      kill(entries[i].pid, SIGKILL);
      waitpid(entries[i].pid, NULL, 0);
    }
  for (int i = CLEANUP_MAX - 1; i >= 0; i--)
    if (entries[i].used && entries[i].pid == 0 && unlink(entries[i].path) != 0)
      rmdir(entries[i].path);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* The signals that end a process unless handled: each is handled, unless it was ignored when
   hhn-gen started (nohup ignores SIGHUP: it stays ignored). */
static const int sigs[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGTERM, SIGPIPE,
                           SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ};
static sigset_t handled, before; /* the signals handled; the mask before cleanup_block */

void cleanup_install(void) {
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigfillset(&sa.sa_mask); /* no second signal in the middle of the first */
  sigemptyset(&handled);
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
      sigaction(sigs[i], &sa, NULL);
      sigaddset(&handled, sigs[i]);
    }
}

void cleanup_block(void) { sigprocmask(SIG_BLOCK, &handled, &before); }

void cleanup_unblock(void) { sigprocmask(SIG_SETMASK, &before, NULL); }

const sigset_t *cleanup_child_mask(void) { return &before; }

/* Takes a free entry; -1 if none. */
static int take(pid_t pid, const char *path) {
  for (int i = 0; i < CLEANUP_MAX; i++)
    if (!entries[i].used) {
      entries[i].pid = pid;
      snprintf(entries[i].path, sizeof entries[i].path, "%s", path ? path : "");
      entries[i].used = 1;
      return i;
    }
  return -1;
}

int cleanup_path(const char *path) { return take(0, path); }

int cleanup_pid(pid_t pid) { return take(pid, NULL); }

void cleanup_forget(int handle) {
  if (handle >= 0 && handle < CLEANUP_MAX)
    entries[handle].used = 0;
}
