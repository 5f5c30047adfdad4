/* publish.h: the files a run writes, each written beside its target under a temporary name and
   then put in place together with the others, or not at all. */
#ifndef HHN_GEN_PUBLISH_H
#define HHN_GEN_PUBLISH_H

#include <stdio.h>

#include "diag.h"

/* An output file being written: its final path and the temporary one beside it (tmp[0] is 0
   when there is none: not opened, discarded, or put in place). */
struct output {
  char path[4096], tmp[4200];
  FILE *f;
  int handle; /* the temporary file's, for cleanup.h */
};

#define PUBLISH_MAX 8 /* most files put in place together */

/* An output not opened. */
#define OUTPUT_NONE                                                                                \
  { "", "", NULL, -1 }

/* Makes the folder dir and the folders above it that are missing, as mkdir -p does; returns
   0, or -1 after reporting the failure. */
int publish_make_dirs(const char *dir);

/* Opens a temporary file beside dir/name; returns 0, or -1 after reporting the failure. */
int publish_open(struct output *o, const char *dir, const char *name);

/* Closes the temporary file, after writing it with the result `error` of an emit_* function
   (0: it went well; -1: d says why; else an errno); returns 0, or -1 after reporting the
   failure. */
int publish_close(struct output *o, int error, const struct diag *d);

/* Removes the temporary file, if there is one. */
void publish_discard(struct output *o);

/* Puts the n files that have a temporary file in place, in order, all or none: if one cannot
   be, those before it are undone (the old file put back, or the new one removed where there
   was none), so that no run leaves one table's file beside another's. Holds the locks of
   their folders meanwhile, taken in one order of the folders themselves (device, then inode),
   so that runs writing the same files put them in place one after the other and never wait
   for each other; and holds back signals, so that one that comes meanwhile takes effect once
   every file is in place. Returns 0, or -1 after reporting the failure. */
int publish(struct output *const files[], int n);

#endif
