/* testplan.c: the test plan's data (see testplan.h), the one place a new case is added. */
#include "testplan.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct testbytes tails[] = {
    {"-", 1},    {"s", 1}, {"S", 1}, {"-x", 2}, {"-Extra", 6}, {"\r", 1},
    {"\r\n", 2}, {":", 1}, {" ", 1}, {": ", 2}, {"\0", 1},
};

/* The controls and blanks a parser meets, each kind of tchar, the neighbours of the letters by
   the case bit, and bytes above 0x7F whose low 7 bits are a letter. */
static const unsigned char quick[] = {0,   1,   '\t', '\n', '\r', ' ', '!', '"', '#', '-', '.',
                                      '0', '9', ':',  '@',  'A',  'M', 'Z', '[', '_', '`', 'a',
                                      'm', 'z', '{',  '|',  '~',  127, 128, 193, 225, 255};

static const size_t lengths[] = {15, 16,  17,  31,  32,   33,   47,   48,    49,    63,    64,
                                 65, 127, 128, 129, 4095, 4096, 4097, 65535, 65536, 65537, 70000};
static const size_t quick_lengths[] = {15, 16, 17, 33, 65, 4097, 70000};

static const unsigned char odd[] = {'"', 'A', 'Z', 0, 0x7F, 0x80, 0xC1, 0xFF, ':', ' ', '{', '@'};

/* Some whose low byte is a letter (U+0141, U+FF41), some that Unicode folds to ASCII (U+0130,
   U+017F, U+212A). */
static const unsigned units[] = {0x80,  0xFF,  0x100,  0x141,  0x161,
                                 0x130, 0x17F, 0x212A, 0xFF41, 0xFFFF};

static const unsigned char flips[] = {0x01, 0x20, 0x80, 0xFF};

const struct testplan testplan = {
    4,
    20000,
    12000,
    8,
    tails,
    COUNT(tails),
    quick,
    COUNT(quick),
    lengths,
    COUNT(lengths),
    quick_lengths,
    COUNT(quick_lengths),
    70000,
    "x-abc09!#$%&'*+-.^_`|~",
    odd,
    COUNT(odd),
    units,
    COUNT(units),
    flips,
    COUNT(flips),
    2,
};
