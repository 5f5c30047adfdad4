/* fields.c: a table of --fields alone (tests/gen/fields.c's five entries): P_field_lower and
   P_field answer each case as the static table says, and P_fields holds the entries. */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

static int failures;

/* Checks one answer against the id, first entry and entry it should be. */
static void expect(const char *name, const char *value, int fold, int id, int first, int entry) {
  size_t nlen = strlen(name), vlen = strlen(value);
  struct hhn_match m =
      fold ? hhn_field(name, nlen, value, vlen) : hhn_field_lower(name, nlen, value, vlen);
  if (m.id != id || m.name != first || m.field != entry) {
    printf("fields: %s(\"%s\", \"%s\") gave {%d, %d, %d}, not {%d, %d, %d}\n",
           fold ? "hhn_field" : "hhn_field_lower", name, value, m.id, m.name, m.field, id, first,
           entry);
    failures++;
  }
}

int main(void) {
  expect(":method", "GET", 0, HHN_PSEUDO_METHOD, 0, 0);
  expect(":method", "POST", 0, HHN_PSEUDO_METHOD, 0, 1);
  expect(":method", "get", 0, HHN_PSEUDO_METHOD, 0, -1);
  expect(":method", "", 0, HHN_PSEUDO_METHOD, 0, -1);
  expect(":path", "/", 0, HHN_PSEUDO_PATH, 2, 2);
  expect(":path", "/index.html", 0, HHN_PSEUDO_PATH, 2, -1);
  expect("accept-encoding", "gzip, deflate", 0, HHN_ACCEPT_ENCODING, 3, 3);
  expect("accept-encoding", "gzip, deflatE", 0, HHN_ACCEPT_ENCODING, 3, -1);
  expect("age", "", 0, HHN_AGE, 4, 4);
  expect("age", "0", 0, HHN_AGE, 4, -1);
  expect("Age", "", 0, HHN_UNKNOWN, -1, -1);
  expect("AGE", "", 1, HHN_AGE, 4, 4);
  expect("Accept-Encoding", "gzip, deflate", 1, HHN_ACCEPT_ENCODING, 3, 3);
  expect("x-other", "gzip, deflate", 1, HHN_UNKNOWN, -1, -1);
  if (HHN_FIELD_COUNT != 5 || strcmp(hhn_fields[3].name, "accept-encoding") != 0 ||
      strcmp(hhn_fields[3].value, "gzip, deflate") != 0 || hhn_fields[3].value_len != 13 ||
      hhn_fields[4].id != HHN_AGE || hhn_fields[4].value_len != 0) {
    printf("fields: hhn_fields is not the table\n");
    failures++;
  }
  return failures != 0;
}
