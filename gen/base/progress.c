/* progress.c: notes on stderr during a long run (see progress.h). */
#include "progress.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static int loud;
static double started = -1, last_note;

/* The monotonic clock, in seconds. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void progress_start(int be_loud) {
  loud = be_loud;
  started = now();
  last_note = 0;
}

double progress_elapsed(void) {
  if (started < 0)
    started = now();
  return now() - started;
}

void progress_periodic(const char *fmt, ...) {
  double t = progress_elapsed();
  if (!loud || t < PROGRESS_AFTER || (last_note > 0 && t - last_note < PROGRESS_EVERY))
    return;
  last_note = t;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "hhn-gen: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, " (%.0f s)\n", t);
  va_end(ap);
}

/* Prints what progress_note and progress_warn print, after "hhn-gen: " and kind. */
static void say(const char *kind, const char *fmt, va_list ap) {
  fprintf(stderr, "hhn-gen: %s: ", kind);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
}

void progress_note(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (loud)
    say("note", fmt, ap);
  va_end(ap);
}

void progress_warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say("warning", fmt, ap);
  va_end(ap);
}
