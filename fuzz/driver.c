/* driver.c: a plain main that feeds files, or every file of folders, to a fuzz target, so that
   the seed corpora replay with any C compiler and without libFuzzer. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Feeds the file at path to the target; returns 0, or -1 if it cannot be read. */
static int feed(const char *path) {
  FILE *f = fopen(path, "rb");
  struct stat st;
  if (f == NULL || fstat(fileno(f), &st) != 0) {
    if (f)
      fclose(f);
    return -1;
  }
  uint8_t *buf = malloc(st.st_size ? (size_t)st.st_size : 1);
  size_t n = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
  fclose(f);
  if (buf == NULL || n != (size_t)st.st_size) {
    free(buf);
    return -1;
  }
  uint8_t *exact = malloc(n ? n : 1); /* exactly sized, for AddressSanitizer */
  memcpy(exact, buf, n);
  free(buf);
  LLVMFuzzerTestOneInput(exact, n);
  free(exact);
  return 0;
}

int main(int argc, char **argv) {
  long fed = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[i]);
      return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
      if (feed(argv[i]) != 0)
        return 1;
      fed++;
      continue;
    }
    DIR *d = opendir(argv[i]);
    struct dirent *e;
    char path[4096];
    while (d && (e = readdir(d)) != NULL) {
      if (e->d_name[0] == '.')
        continue;
      snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
      if (feed(path) != 0) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], path);
        return 1;
      }
      fed++;
    }
    if (d)
      closedir(d);
  }
  printf("%s: %ld inputs replayed\n", argv[0], fed);
  return 0;
}
