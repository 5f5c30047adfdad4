/* table.h: the names of the generated table under test, for code built once per table with
   -DT=prefix -DTU=PREFIX: includes T.h (or, with -DT_ONE_FILE, the one file T.c of a table made
   with --static) and defines t_lookup, T_COUNT and the like. */
#ifndef HHN_TESTS_TABLE_H
#define HHN_TESTS_TABLE_H

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define STR_(a) #a
#define STR(a) STR_(a)

#if defined(T_ONE_FILE)
#include STR(T.c) /* a table made with --static: one file, included here */
#else
#include STR(T.h)
#endif

#define t_lookup CAT(T, _lookup)
#define t_lookup16 CAT(T, _lookup16)
#define t_lookup16_lower CAT(T, _lookup16_lower)
#define t_lookup_lower CAT(T, _lookup_lower)
#define t_classify CAT(T, _classify)
#define t_classify_lower CAT(T, _classify_lower)
#define t_classify16 CAT(T, _classify16)
#define t_classify16_lower CAT(T, _classify16_lower)
#define t_name CAT(T, _name)
#define t_lower CAT(T, _lower)
#define t_flags CAT(T, _flags)
#define t_attr CAT(T, _attr)
#define T_COUNT CAT(TU, _COUNT)
#define T_ID_LIMIT CAT(TU, _ID_LIMIT)
#define T_UNKNOWN CAT(TU, _UNKNOWN)
#define T_INVALID CAT(TU, _INVALID)
#define T_UPPERCASE CAT(TU, _UPPERCASE)
#define T_MIN_LENGTH CAT(TU, _MIN_LENGTH)
#define T_MAX_LENGTH CAT(TU, _MAX_LENGTH)
#define T_ATTR_COUNT CAT(TU, _ATTR_COUNT)

#endif
