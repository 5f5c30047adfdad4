/* steps.c: counts the instructions that one run of a benchmark loop executes, by stepping the
 * real CPU through it one instruction at a time with ptrace (x86-64 Linux). Unlike callgrind,
 * it runs what the CPU runs: lookup_avx512 on a CPU with AVX-512, which valgrind cannot run
 * (it hides AVX-512, so hhn_lookup picks lookup_portable under it).
 *
 *   steps START SIZE BENCH ARGS...
 *
 * runs BENCH ARGS..., which must stop itself with SIGTRAP just before it calls the loop (bench
 * --step does), then steps until the loop returns. START and SIZE are the loop function's
 * offset in BENCH's file and its size (from nm -S). Prints "loop L inside I": L instructions in
 * the loop function itself, I in what it calls (the lookups, and any PLT stub on the way); then
 * lets BENCH finish, and exits with its status. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static void die(const char *what) {
  fprintf(stderr, "steps: %s: %s\n", what, strerror(errno));
  exit(1);
}

/* Where the child's executable (the mapping of file offset 0 of path) begins in its memory. */
static uintptr_t load_base(pid_t pid, const char *path) {
  char maps[64], line[4096], real[4096];
  if (realpath(path, real) == NULL)
    die(path);
  snprintf(maps, sizeof maps, "/proc/%d/maps", (int)pid);
  FILE *f = fopen(maps, "r");
  if (f == NULL)
    die(maps);
  uintptr_t base = 0;
  while (base == 0 && fgets(line, sizeof line, f)) {
    unsigned long lo, off;
    char file[4096] = "";
    if (sscanf(line, "%lx-%*x %*s %lx %*s %*s %4095s", &lo, &off, file) == 3 && off == 0 &&
        strcmp(file, real) == 0)
      base = lo;
  }
  fclose(f);
  if (base == 0) {
    fprintf(stderr, "steps: %s is not mapped in process %d\n", real, (int)pid);
    exit(1);
  }
  return base;
}

/* Waits for the child to stop with sig; fails if it exits or stops with another signal. */
static void wait_stop(pid_t pid, int sig) {
  int status;
  if (waitpid(pid, &status, 0) < 0)
    die("waitpid");
  if (!WIFSTOPPED(status) || WSTOPSIG(status) != sig) {
    fprintf(stderr, "steps: the child %s %d, not a stop by signal %d\n",
            WIFEXITED(status) ? "exited with" : "stopped or died by signal",
            WIFEXITED(status)    ? WEXITSTATUS(status)
            : WIFSTOPPED(status) ? WSTOPSIG(status)
                                 : WTERMSIG(status),
            sig);
    exit(1);
  }
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fputs("usage: steps START SIZE BENCH ARGS...\n", stderr);
    return 2;
  }
  uintptr_t start = strtoul(argv[1], NULL, 0), size = strtoul(argv[2], NULL, 0);
  pid_t pid = fork();
  if (pid < 0)
    die("fork");
  if (pid == 0) {
    ptrace(PTRACE_TRACEME, 0, NULL, NULL);
    execv(argv[3], argv + 3);
    _exit(127);
  }
  wait_stop(pid, SIGTRAP); /* at the exec */
  uintptr_t lo = load_base(pid, argv[3]) + start, hi = lo + size;
  if (ptrace(PTRACE_CONT, pid, NULL, NULL) < 0)
    die("PTRACE_CONT");
  wait_stop(pid, SIGTRAP); /* the child's raise(SIGTRAP), just before the loop */
  unsigned long long loop = 0, inside = 0;
  int entered = 0;
  uintptr_t entry_sp = 0;
  for (;;) {
    struct user_regs_struct r;
    if (ptrace(PTRACE_GETREGS, pid, NULL, &r) < 0)
      die("PTRACE_GETREGS");
    int in_loop = r.rip >= lo && r.rip < hi;
    if (!entered && in_loop)
      entered = 1, entry_sp = r.rsp; /* the loop's first instruction: rsp holds its return */
    else if (entered && !in_loop && r.rsp > entry_sp)
      break; /* the loop has returned */
    if (entered)
      in_loop ? loop++ : inside++;
    if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) < 0)
      die("PTRACE_SINGLESTEP");
    wait_stop(pid, SIGTRAP);
  }
  printf("loop %llu inside %llu\n", loop, inside);
  fflush(stdout);
  if (ptrace(PTRACE_DETACH, pid, NULL, NULL) < 0) /* the child finishes, and reports */
    die("PTRACE_DETACH");
  int status;
  return waitpid(pid, &status, 0) == pid && WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
