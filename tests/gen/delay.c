/* delay.c: an LD_PRELOAD library for check_gen that holds a program up at one step, so that a
   test can send it a signal, or start another run, just there.

   With HHN_DELAY_AFTER=rename:N (or spawn:N, flock:N), once the Nth call of rename (or
   posix_spawnp, flock) has returned, it makes the file HHN_DELAY_MARK, if set, and sleeps
   HHN_DELAY_MS milliseconds (default 1000) before returning. The variables, and LD_PRELOAD, are
   removed at load time, so that programs it starts (gperf) run as usual. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

static char what[16], mark[4096];
static long after = -1, ms = 1000, renames, spawns, flocks;

__attribute__((constructor)) static void start(void) {
  const char *a = getenv("HHN_DELAY_AFTER"), *m = getenv("HHN_DELAY_MARK"),
             *t = getenv("HHN_DELAY_MS");
  if (a != NULL && strchr(a, ':') != NULL) {
    snprintf(what, sizeof what, "%.*s", (int)(strchr(a, ':') - a), a);
    after = atol(strchr(a, ':') + 1);
  }
  if (m != NULL)
    snprintf(mark, sizeof mark, "%s", m);
  if (t != NULL)
    ms = atol(t);
  unsetenv("HHN_DELAY_AFTER");
  unsetenv("HHN_DELAY_MARK");
  unsetenv("HHN_DELAY_MS");
  unsetenv("LD_PRELOAD");
}

/* The delay, after the call numbered n of the function called name. */
static void hold(const char *name, long n) {
  if (strcmp(name, what) != 0 || n != after)
    return;
  int saved = errno;
  if (mark[0] != '\0')
    close(open(mark, O_WRONLY | O_CREAT | O_TRUNC, 0644));
  struct timespec left = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&left, &left) != 0 && errno == EINTR)
    ;
  errno = saved;
}

int rename(const char *from, const char *to) {
  int (*real)(const char *, const char *) =
      (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
  int rc = real(from, to);
  hold("rename", ++renames);
  return rc;
}

int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
                 const posix_spawnattr_t *attr, char *const argv[], char *const envp[]) {
  int (*real)(pid_t *, const char *, const posix_spawn_file_actions_t *, const posix_spawnattr_t *,
              char *const[], char *const[]) =
      (int (*)(pid_t *, const char *, const posix_spawn_file_actions_t *, const posix_spawnattr_t *,
               char *const[], char *const[]))dlsym(RTLD_NEXT, "posix_spawnp");
  int rc = real(pid, file, fa, attr, argv, envp);
  hold("spawn", ++spawns);
  return rc;
}

int flock(int fd, int op) {
  int (*real)(int, int) = (int (*)(int, int))dlsym(RTLD_NEXT, "flock");
  int rc = real(fd, op);
  hold("flock", ++flocks);
  return rc;
}
