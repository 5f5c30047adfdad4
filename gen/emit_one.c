/* emit_one.c: the table as one file (--static), to #include in the one file that uses it: the
   header's part first, every function static, and the names of its own things (its tables,
   helpers and macros) prefixed, so that none meets a name of the file that includes it; its
   macros are undefined at its end. The sections write it as they write P.h and P.c, into
   memory; a pass over the C then gives the names their prefix. */
#include "emit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit_text.h"

/* The table's own functions, objects and tags, which take the prefix and an underscore. */
static const char *const own_names[] = {"table",
                                        "slot",
                                        "hash",
                                        "hash16",
                                        "load8",
                                        "load4",
                                        "pair",
                                        "rare",
                                        "portable",
                                        "avx512",
                                        "vector",
                                        "lookup_rare",
                                        "lower_rare",
                                        "lookup_portable",
                                        "lower_portable",
                                        "lookup_avx512",
                                        "lower_avx512",
                                        "has_avx512",
                                        "known",
                                        "names",
                                        "attrs",
                                        "portable16",
                                        "avx512_16",
                                        "units16",
                                        "narrow4",
                                        "narrow8",
                                        "narrow44",
                                        "lookup16_portable",
                                        "lower16_portable",
                                        "lookup16_avx512",
                                        "lower16_avx512"};

/* The table's own macros and constants, which take the prefix in uppercase and an underscore;
   the macros are undefined at the end. */
static const char *const own_macros[] = {
    "SANITIZED", "AVX512", "AVX512_ALWAYS", "AVX512_CALL", "AVX512_IFUNC",
    "ALIGNED",   "COLD",   "INLINE",        "UNUSED",      "NARROW_SSE2"};
static const char *const own_constants[] = {"SLOT", "EMPTY"};

/* Whether word[0..n) is one of the n names of set. */
static int among(const char *word, size_t n, const char *const *set, size_t count) {
  for (size_t i = 0; i < count; i++)
    if (strlen(set[i]) == n && memcmp(set[i], word, n) == 0)
      return 1;
  return 0;
}

/* Writes the identifier word[0..n) to f with its prefix if it is one of the table's own: in
   code every one; in a comment those that cannot be English words (with '_' or a digit, or in
   uppercase), so that "the table" stays prose. */
static void put_word(FILE *f, const char *word, size_t n, int in_comment, const char *prefix,
                     const char *upper) {
  int name = among(word, n, own_names, sizeof own_names / sizeof own_names[0]);
  int macro = among(word, n, own_macros, sizeof own_macros / sizeof own_macros[0]) ||
              among(word, n, own_constants, sizeof own_constants / sizeof own_constants[0]);
  int plain = strcspn(word, "_0123456789") >= n && !macro;
  if ((name || macro) && !(in_comment && plain))
    fprintf(f, "%s_", macro ? upper : prefix);
  fwrite(word, 1, n, f);
}

/* Writes the C of text[0..n) to f with the table's own names prefixed: not inside a string or
   character literal, nor after "." or "->" (a member). */
static void rename_own(FILE *f, const char *text, size_t n, const char *prefix, const char *upper) {
  int comment = 0;
  for (size_t i = 0; i < n;) {
    char c = text[i];
    if (!comment && c == '/' && i + 1 < n && text[i + 1] == '*') {
      comment = 1, fputs("/*", f), i += 2;
    } else if (comment && c == '*' && i + 1 < n && text[i + 1] == '/') {
      comment = 0, fputs("*/", f), i += 2;
    } else if (!comment && (c == '"' || c == '\'')) { /* a literal, escapes and all */
      size_t j = i + 1;
      while (j < n && text[j] != c)
        j += text[j] == '\\' ? 2 : 1;
      fwrite(text + i, 1, j + 1 - i, f), i = j + 1;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
      size_t j = i;
      while (j < n && (text[j] == '_' || (text[j] >= 'a' && text[j] <= 'z') ||
                       (text[j] >= 'A' && text[j] <= 'Z') || (text[j] >= '0' && text[j] <= '9')))
        j++;
      int member =
          i > 0 && (text[i - 1] == '.' || (i > 1 && text[i - 2] == '-' && text[i - 1] == '>'));
      if (member)
        fwrite(text + i, 1, j - i, f);
      else
        put_word(f, text + i, j - i, comment, prefix, upper);
      i = j;
    } else {
      fputc(c, f), i++;
    }
  }
}

/* Writes the #undef of each of the table's own macros, and the end of the warnings' region
   that output_one_file_top opened. */
static void output_undefs(struct emitter *e) {
  out(e, "\n/* The table's own macros end with it. */\n");
  for (size_t i = 0; i < sizeof own_macros / sizeof own_macros[0]; i++)
    out(e, "#undef %s\n", own_macros[i]);
  out(e, "\n#if defined(__GNUC__)\n#pragma GCC diagnostic pop\n#endif\n");
}

int emit_one_file(FILE *f, const struct names *list, const struct hashfn *h, const struct layout *l,
                  const struct emit_options *o, struct diag *d) {
  char *text = NULL;
  size_t size = 0;
  FILE *m = open_memstream(&text, &size);
  if (m == NULL)
    return errno ? errno : ENOMEM;
  int rc = emit_sections(m, list, h, l, o, d, output_undefs);
  if (fclose(m) != 0 && rc == 0)
    rc = errno ? errno : ENOMEM;
  if (rc == 0 && text != NULL) {
    char upper[EMIT_PREFIX_MAX + 1] = "";
    for (size_t i = 0; o->prefix[i] && i < EMIT_PREFIX_MAX; i++)
      upper[i] = (char)names_upper(o->prefix[i]);
    rename_own(f, text, size, o->prefix, upper);
    if (fflush(f) != 0 || ferror(f))
      rc = errno ? errno : EIO;
  }
  free(text);
  return rc;
}
