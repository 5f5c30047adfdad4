/* publish.c: the output files of a run, and putting them in place all together (see
   publish.h). */
#include "publish.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"

/* === One output file ========================================================================= */

int publish_make_dirs(const char *dir) {
  char path[4096];
  struct stat st;
  if ((size_t)snprintf(path, sizeof path, "%s", dir) >= sizeof path) {
    fprintf(stderr, "hhn-gen: error: folder '%s' has too long a path\n", dir);
    return -1;
  }
  for (char *p = path + 1;; p++)
    if (*p == '/' || *p == '\0') {
      char end = *p;
      *p = '\0';
      if (mkdir(path, 0777) != 0 &&
          (errno != EEXIST || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))) {
        fprintf(stderr, "hhn-gen: error: cannot make the folder '%s': %s\n", path,
                strerror(errno == EEXIST ? ENOTDIR : errno));
        return -1;
      }
      if ((*p = end) == '\0')
        return 0;
    }
}

int publish_open(struct output *o, const char *dir, const char *name) {
  mode_t mask = umask(0);
  umask(mask);
  o->f = NULL;
  o->tmp[0] = '\0';
  if ((size_t)snprintf(o->path, sizeof o->path, "%s/%s", dir, name) >= sizeof o->path) {
    fprintf(stderr, "hhn-gen: error: output path '%s/%s' is too long\n", dir, name);
    return -1;
  }
  snprintf(o->tmp, sizeof o->tmp, "%s/.%s.XXXXXX", dir, name);
  int fd = mkstemp(o->tmp);
  o->handle = fd >= 0 ? cleanup_path(o->tmp) : -1;
  if (fd < 0 || fchmod(fd, 0666 & ~mask) != 0 || (o->f = fdopen(fd, "w")) == NULL) {
    fprintf(stderr, "hhn-gen: error: cannot write in '%s': %s\n", dir, strerror(errno));
    if (fd >= 0) {
      close(fd);
      unlink(o->tmp);
    }
    cleanup_forget(o->handle);
    o->tmp[0] = '\0';
    return -1;
  }
  return 0;
}

int publish_close(struct output *o, int error, const struct diag *d) {
  if (fclose(o->f) != 0 && error == 0)
    error = errno ? errno : EIO;
  o->f = NULL;
  if (error == 0)
    return 0;
  if (error < 0)
    fprintf(stderr, "%s\n", d->msg);
  else
    fprintf(stderr, "hhn-gen: error: cannot write '%s': %s\n", o->path, strerror(error));
  return -1;
}

void publish_discard(struct output *o) {
  if (o->f != NULL)
    fclose(o->f);
  o->f = NULL;
  if (o->tmp[0] != '\0')
    unlink(o->tmp);
  cleanup_forget(o->handle);
  o->tmp[0] = '\0';
}

/* === The folders' locks ====================================================================== */

/* The open folders of the files being put in place, each once, locked in order. */
struct dir_locks {
  int fd[PUBLISH_MAX];
  struct stat st[PUBLISH_MAX];
  int n;
};

/* Opens the folder of path into the locks, unless it is one of them already; a folder that
   cannot be opened is not locked. */
static void add_dir(struct dir_locks *locks, const char *path) {
  char dir[4096];
  struct stat st;
  const char *slash = strrchr(path, '/');
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
  int fd = open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY);
  if (fd < 0 || fstat(fd, &st) != 0) {
    if (fd >= 0)
      close(fd);
    return;
  }
  for (int k = 0; k < locks->n; k++)
    if (locks->st[k].st_dev == st.st_dev && locks->st[k].st_ino == st.st_ino) {
      close(fd); /* one folder: locked once */
      return;
    }
  locks->fd[locks->n] = fd, locks->st[locks->n++] = st;
}

/* Whether folder a comes before folder b in the order every run locks them in. */
static int before(const struct stat *a, const struct stat *b) {
  return a->st_dev != b->st_dev ? a->st_dev < b->st_dev : a->st_ino < b->st_ino;
}

/* Locks (flock) the folders of the files, by device and inode, whatever paths name them; a
   folder that cannot be locked (a file system without locks) is not. */
static void lock_dirs(struct dir_locks *locks, struct output *const files[], int n) {
  locks->n = 0;
  for (int i = 0; i < n; i++)
    if (files[i]->tmp[0])
      add_dir(locks, files[i]->path);
  for (int i = 1; i < locks->n; i++) /* insertion sort: two folders at most, in practice */
    for (int j = i; j > 0 && before(&locks->st[j], &locks->st[j - 1]); j--) {
      int fd = locks->fd[j];
      struct stat st = locks->st[j];
      locks->fd[j] = locks->fd[j - 1], locks->st[j] = locks->st[j - 1];
      locks->fd[j - 1] = fd, locks->st[j - 1] = st;
    }
  for (int k = 0; k < locks->n; k++)
    while (flock(locks->fd[k], LOCK_EX) != 0 && errno == EINTR)
      ;
}

/* Unlocks and closes what lock_dirs locked. */
static void unlock_dirs(struct dir_locks *locks) {
  for (int k = locks->n - 1; k >= 0; k--)
    close(locks->fd[k]); /* which unlocks it */
}

/* === Putting the files in place ============================================================== */

/* What putting one file in place keeps, to undo it: a hard link to the old file, if any. */
struct kept {
  char old[4300];
  int linked;  /* whether old is a link to the file that was at the path */
  int renamed; /* whether the new file is in place */
  int handle;  /* old's, for cleanup.h */
};

/* Links the file at o's path (if there is one, and it is no folder, which the rename then
   refuses) to k->old; returns 0, or -1 after reporting the failure. */
static int keep_old(const struct output *o, struct kept *k) {
  struct stat st;
  snprintf(k->old, sizeof k->old, "%s.old", o->tmp);
  k->linked = 0;
  k->handle = cleanup_path(k->old);
  if (lstat(o->path, &st) != 0 ? errno == ENOENT : S_ISDIR(st.st_mode))
    return 0;
  if (link(o->path, k->old) != 0) {
    fprintf(stderr, "hhn-gen: error: cannot keep the old '%s' while replacing it: %s\n", o->path,
            strerror(errno));
    return -1;
  }
  k->linked = 1;
  return 0;
}

/* Puts back what was at o's path before it was replaced: the old file, or nothing. */
static void undo(const struct output *o, const struct kept *k) {
  if (k->linked ? rename(k->old, o->path) != 0 : unlink(o->path) != 0)
    fprintf(stderr, "hhn-gen: error: cannot put the old '%s' back: %s\n", o->path, strerror(errno));
}

/* Renames each file into place, keeping the old ones until all are; undoes the renames done if
   one fails. Returns 0 or -1. */
static int replace_all(struct output *const files[], int n, struct kept *kept) {
  int done = 0, rc = 0;
  for (int i = 0; i < n; i++)
    kept[i].linked = kept[i].renamed = 0, kept[i].handle = -1;
  for (int i = 0; i < n && rc == 0; i++)
    if (files[i]->tmp[0])
      rc = keep_old(files[i], &kept[i]);
  for (; rc == 0 && done < n; done++) {
    struct output *o = files[done];
    if (!o->tmp[0])
      continue;
    if (rename(o->tmp, o->path) != 0) {
      fprintf(stderr, "hhn-gen: error: cannot rename into '%s': %s\n", o->path, strerror(errno));
      rc = -1;
      break;
    }
    o->tmp[0] = '\0';
    cleanup_forget(o->handle);
    kept[done].renamed = 1;
  }
  for (int i = done - 1; rc != 0 && i >= 0; i--)
    if (kept[i].renamed)
      undo(files[i], &kept[i]);
  for (int i = 0; i < n; i++) {
    if (kept[i].linked)
      unlink(kept[i].old);
    cleanup_forget(kept[i].handle);
  }
  return rc;
}

int publish(struct output *const files[], int n) {
  struct kept kept[PUBLISH_MAX];
  struct dir_locks locks;
  if (n > PUBLISH_MAX) {
    fprintf(stderr, "hhn-gen: error: %d files to put in place; the most is %d\n", n, PUBLISH_MAX);
    return -1;
  }
  lock_dirs(&locks, files, n);
  cleanup_block();
  int rc = replace_all(files, n, kept);
  cleanup_unblock();
  unlock_dirs(&locks);
  return rc;
}
