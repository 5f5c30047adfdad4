/* progress.h: what hhn-gen tells the user while a long run goes on. */
#ifndef HHN_GEN_PROGRESS_H
#define HHN_GEN_PROGRESS_H

#define PROGRESS_AFTER 2.0 /* seconds of quiet before the first note */
#define PROGRESS_EVERY 2.0 /* seconds between notes */

/* Starts the clock; notes are printed only if loud (not --quiet). */
void progress_start(int loud);

/* The seconds since progress_start (or since the first call). */
double progress_elapsed(void);

/* Prints "hhn-gen: " and the note on stderr, if loud, the run has taken PROGRESS_AFTER
   seconds and the last such note was PROGRESS_EVERY seconds ago: what a long run is doing. */
void progress_periodic(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints "hhn-gen: note: " and the note on stderr, if loud: a choice the user may want to know. */
void progress_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints "hhn-gen: warning: " and the warning on stderr, even if not loud: something the user
   should put right, though the run goes on (gperf failed). */
void progress_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
