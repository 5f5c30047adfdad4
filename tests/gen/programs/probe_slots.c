/* probe_slots.c: a direct table's small arrays come first, its associated values at offset 0,
 * and its slots begin on a multiple of 64 bytes, after less than 64 bytes of padding (check_gen:
 * test_gen_direct_table_puts_its_small_arrays_first_and_its_slots_on_a_line). */
#include <stddef.h>

#include "hhn.c" /* the table itself, whose layout this probe reads */

int main(void) {
  size_t slots = offsetof(struct table, slots);
  size_t end = offsetof(struct table, offset) + sizeof table.offset;
  if (offsetof(struct table, asso) != 0)
    return 1;
  if (slots % 64 != 0)
    return 2;
  if (offsetof(struct table, lens) > slots || offsetof(struct table, len) > slots ||
      offsetof(struct table, id) > slots || end > slots)
    return 3;
  if (slots - end >= 64)
    return 4;
  return hhn_lookup("Via", 3) == 0 ? 0 : 5;
}
