/* emit_preamble.c: the sections of a table's source that say what it is and what it builds
   on: the description, the map of the file, the includes and the CPU guards (the AVX-512 and
   AVX2 paths, and how a lookup is picked), each rendered from the plan (layout.h). */
#include "emit_sections.h"
#include "table_template.h" /* template_NAME: the sections of gen/emit/c/table.c.in, made by the build */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit_kinds.h"

/* Writes what the word hash is, in words. */
static void describe_word_hash(struct emitter *e) {
  out(e,
      "The hash (hhn-gen's word hash) multiplies a key, the name's %s 4 bytes and its last 4 "
      "(for a name under 4 bytes, its first, middle and last byte), by a number chosen for its "
      "length (mul[len]), and takes the top bits: one of that length's slots, which begin at "
      "lens[len].base. It reads no table before the name, so that a slot waits on two loads, a "
      "multiply and a shift. ",
      e->l->key_middle ? "middle (from len / 2 - 2)" : "first");
  if (e->l->chained)
    out(e,
        "Names of one length and one key (%zu here) each have a slot after the others', "
        "chained from their key's (next). ",
        e->l->chained);
}

/* Writes what the hash is, in words. */
static void describe_hash(struct emitter *e) {
  const struct layout *l = e->l;
  const char *positions = l->positions, *words = l->position_words;
  if (l->word)
    return describe_word_hash(e);
  int bytes = positions[0] != '\0';
  if (l->nreads == 0) {
    out(e, l->hash_length ? "The hash is the length alone. " : "The hash is always 0. ");
  } else if (!l->hash_length && !bytes && !l->per_length) {
    out(e, "The hash is the associated value of the length alone. ");
  } else if (!l->hash_length) {
    out(e, "The hash is the sum of the associated values of the length and of %s%s%s",
        bytes ? "bytes " : "byte ", words, bytes ? " (1 is the first byte, $ the last" : " (");
    if (l->clamped)
      out(e, "; a position past either end of a shorter name reads the byte at that end");
    if (l->per_length)
      out(e,
          "%slens[len].at is a byte chosen for each length, one where the names of that "
          "length differ",
          bytes ? "; " : "");
    out(e, "). ");
  } else {
    out(e,
        "The hash is the length plus the associated values of bytes %s, each in the names "
        "long enough to have it (gperf's own positions). ",
        words);
  }
}

/* Writes how a lookup goes, in words, for the description. */
static void describe_lookup(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "%s%sand compares the length and the name together, %s: ", kinds[l->kind].finds,
      kinds[l->kind].holds,
      l->path.words    ? "in 4-byte pieces and 8-byte words"
      : l->path.common ? "in 4-byte pieces"
                       : "a byte at a time");
  if (l->records) /* a record holds no mask */
    out(e, "the input with its uppercase letters in lowercase == lowercase, so only letters "
           "fold (see @p_lookup). @p_lookup_lower compares the input as it is: input == "
           "lowercase.");
  else
    out(e, "(input | mask) == lowercase, where the mask has 0x20 only where the name has a "
           "letter, so only letters fold (see @p_lookup). @p_lookup_lower compares the same "
           "bytes with no mask: input == lowercase.");
}

/* Writes the block comment that says what the table is: its sizes, its hash, its compare. */
void output_description(struct emitter *e) {
  const struct layout *l = e->l;
  char *text = NULL;
  size_t size = 0;
  struct emitter m = *e; /* the same writer, into text */
  if ((m.f = open_memstream(&text, &size)) == NULL)
    return emit_failed(e, errno);
  if (l->min == l->max)
    out(&m, "%zu name%s of %zu bytes", l->n, l->n == 1 ? "" : "s", l->min);
  else
    out(&m, "%zu names of %zu to %zu bytes", l->n, l->min, l->max);
  out(&m, " in %zu slots%s. ", l->slots, kinds[l->kind].slots);
  describe_hash(&m);
  describe_lookup(&m);
  if (fclose(m.f) != 0 || text == NULL)
    emit_failed(e, errno ? errno : ENOMEM);
  if (m.error)
    emit_failed(e, m.error);
  if (text != NULL)
    block_comment(e, text);
  free(text);
}

/* Writes where each part of the file is: the lookups come after the data, so a map of it. */
void output_map(struct emitter *e) {
  const struct paths *p = &e->l->path;
  const char *none = "";
  comment(e,
          "This file, in order: the tables of the lookups (struct @~table), and the names and "
          "attributes of each id (@~names%s); the hash (@~hash, @~hash16)%s%s; the UTF-16 "
          "lookups (@~units16%s)%s; the public lookups, %s; the accessors (@p_name, @p_lower, "
          "@p_flags, @p_attr).",
          spelled(e, e->l->attr.what ? ", @~attrs" : none),
          spelled(e, p->rare ? "; the rare path, for names under 4 bytes (@~rare)" : none),
          spelled(e, p->common ? "; the common path (@~portable)" : none),
          spelled(e, p->common ? ", @~portable16" : none),
          spelled(e, p->vector ? "; the AVX-512 lookups (@~avx512, @~avx512_16)" : none),
          p->vector ? "each of which picks the AVX-512 lookup or the common path for the CPU"
                    : "each a call of the one lookup it has");
}

void output_includes(struct emitter *e) {
  if (!e->o->static_file) /* built as C++, its definitions are not said to throw nothing */
    out(e, "#define @P_defining\n#include \"@p.h\"\n\n");
  out(e, "#include <limits.h>\n"
         "#include <string.h>\n"
         "\n"
         "/* The tables hold lengths, ids and names as bytes of 8 bits. */\n"
         "typedef char @p_bytes_have_8_bits[CHAR_BIT == 8 ? 1 : -1];\n");
  out(e, "\n");
  comment(e,
          "Every x86-64 CPU has SSE2, which %schecks 16 bytes of a name at a time (see "
          "@~classes); every aarch64 CPU has NEON, which checks them there%s.",
          e->l->path.common ? spelled(e, "narrows UTF-16 units to bytes (see @~narrow44) and ")
                            : "",
          e->l->path.common ? " (and narrows units, little-endian)" : "");
  out(e,
      "#if defined(__x86_64__) && defined(__SSE2__)\n%s"
      "#define @~CHECK_SSE2\n"
      "#include <emmintrin.h>\n"
      "#elif defined(__aarch64__) && defined(__ARM_NEON)\n"
      "#define @~CHECK_NEON\n%s"
      "#include <arm_neon.h>\n"
      "#endif\n",
      e->l->path.common ? spelled(e, "#define @~NARROW_SSE2\n") : "",
      e->l->path.common ? spelled(e, "#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == "
                                     "__ORDER_LITTLE_ENDIAN__\n#define @~NARROW_NEON\n#endif\n")
                        : "");
}

/* The conditions under which the vector lookups are built, and how one is chosen: the
   sanitizers that cannot run a resolver, then a build for AVX-512 (%s: what else builds a
   vector lookup), how a lookup is picked (template_pick, or one file's); then which lookups
   are built (template_built: the AVX-512 one, then, with %s, the AVX2 one's lines of
   template_built_avx2 and template_avx2_always), and their use. */
static const char template_vector_guard[] =
    "#if defined(__SANITIZE_THREAD__)\n"
    "#define @~SANITIZED /* ThreadSanitizer, which is not set up when a resolver runs */\n"
    "#elif defined(__has_feature)\n"
    "#if __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)\n"
    "#define @~SANITIZED /* ThreadSanitizer or MemorySanitizer (Clang), the same */\n"
    "#endif\n"
    "#endif\n"
    "#if defined(__x86_64__) && defined(__GNUC__)\n"
    "#if defined(__AVX512BW__) && defined(__AVX512VL__) && !defined(HHN_NO_AVX512)\n"
    "#define @~AVX512_ALWAYS /* built for AVX-512: the AVX-512 lookups are the lookups */\n"
    "#elif %s\n";
static const char template_pick[] =
    "#if defined(__ELF__) && defined(__GLIBC__) && !defined(@~SANITIZED)\n"
    "#define @~PICK_IFUNC /* the lookups are picked for the CPU when the program loads */\n"
    "#elif defined(@~SANITIZED)\n"
    "#define @~PICK_CALL /* the lookups are picked for the CPU at each call */\n"
    "#endif\n";
static const char template_pick_one_file[] = /* no indirect functions: a test may be inlined */
    "#define @~PICK_CALL /* the lookups are picked for the CPU at each call, and may be inlined "
    "*/\n";
static const char template_built[] = "#endif\n"
                                     "#endif\n"
                                     "#if defined(@~PICK_IFUNC) || defined(@~PICK_CALL)\n"
                                     "#if !defined(HHN_NO_AVX512)\n"
                                     "#define @~AVX512 /* the AVX-512 lookups are built */\n"
                                     "#endif\n";
static const char template_built_avx2[] = "#if defined(HHN_AVX2)\n"
                                          "#define @~AVX2 /* the AVX2 lookups are built */\n"
                                          "#endif\n";

static const char template_avx2_always[] =
    "#elif defined(__x86_64__) && defined(__GNUC__) && defined(__AVX2__) && defined(HHN_AVX2)\n"
    "#define @~AVX2 /* built for AVX2: where none is picked, the AVX2 lookups are the lookups */\n";

/* Writes what the vector lookups are, and the conditions under which they are built. */
void output_vector_guard(struct emitter *e) {
  int avx2 = e->l->path.avx2;
  out(e, "\n");
  comment(e,
          "On x86-64 CPUs with AVX-512 (BW and VL), names of up to %zu bytes take @~lookup_avx512 "
          "(@~lower_avx512 for @p_lookup_lower): the same hash, %s, and one masked 32-byte compare "
          "that reads only s[0..len)%s. With glibc, @p_lookup and @p_lookup_lower are indirect "
          "functions that pick %s for the CPU when the program loads; built for AVX-512 "
          "(-mavx512bw -mavx512vl, or a -march that has them), the AVX-512 ones are the lookups%s. "
          "Define HHN_NO_AVX512 to leave the AVX-512 ones out.",
          e->l->vhi, kinds[e->l->kind].vector_where,
          avx2
              ? spelled(e, "; built with HHN_AVX2 defined, CPUs with AVX2 and not AVX-512 take "
                           "@~lookup_avx2 (@~lower_avx2): the same table, and a masked load of "
                           "the name's whole 4-byte words (not by default: measured no faster than "
                           "the portable lookup, and slower in a loop that branches on the id)")
              : "",
          avx2 ? "one" : "them",
          avx2 ? ", and built for AVX2 (-mavx2) with HHN_AVX2 where no lookup is picked, the AVX2 "
                 "ones"
               : "");
  out(e, template_vector_guard,
      avx2 ? "!defined(HHN_NO_AVX512) || defined(HHN_AVX2)" : "!defined(HHN_NO_AVX512)");
  put_template(e, e->o->static_file ? template_pick_one_file : template_pick);
  put_template(e, template_built);
  if (avx2)
    put_template(e, template_built_avx2);
  put_template(e, template_avx512_always);
  if (avx2)
    put_template(e, template_avx2_always);
  out(e,
      "#endif\n#if defined(@~AVX512)%s\n#define @~VECTOR /* a vector lookup is built */\n"
      "#include <immintrin.h>\n#endif\n",
      avx2 ? spelled(e, " || defined(@~AVX2)") : "");
}
