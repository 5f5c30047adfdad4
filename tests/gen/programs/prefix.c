/* prefix.c: a table of any prefix, -DT=prefix -DTU=PREFIX, of the list Accept,
   Access-Control-Allow-Credentials, TE works (check_gen:
   test_gen_tables_of_prefixes_like_their_own_names_compile_and_work). Self-contained, as
   tests/table.h is not: a prefix may be "table". */
#include <string.h>

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define STR_(a) #a
#define STR(a) STR_(a)

#include STR(T.h)

int main(void) {
  return CAT(T, _lookup)("ACCEPT", 6) != 0 || CAT(T, _lookup_lower)("te", 2) != 2 ||
         CAT(T, _lookup)("Access-Control-Allow-Credentials", 32) != 1 ||
         CAT(T, _lookup)("x", 1) != -1 || CAT(T, _name)(0, NULL)[0] != 'A';
}
