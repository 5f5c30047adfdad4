/* traffic.c: writes streams of field names shaped like the header sets that browsers, API
   clients and servers send, from a fixed seed: the same files on every machine. */
/* Usage: traffic DIR [EXCHANGES]: writes DIR/h1-names.txt (HTTP/1.1, case as sent) and
   DIR/h2-names.txt (HTTP/2, lowercase, pseudo-headers first), one name a line, each of
   EXCHANGES (default 900) requests and their responses. tests/data/README.md says how the
   streams are made and how they compare with captured traffic. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* === The random numbers ======================================================================= */

static uint64_t state;

/* The next number of a splitmix64 sequence. */
static uint64_t next(void) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ z >> 27) * 0x94D049BB133111EBULL;
  return z ^ z >> 31;
}

/* Whether an event of pct in 100 happens. */
static int chance(int pct) { return (int)(next() % 100) < pct; }

/* === The header sets ========================================================================== */

/* A field of a header set: its name as HTTP/1.1 sends it, and the share of sets (in 100) that
   send it. H1 marks a field that HTTP/2 does not send (connection-specific, or :authority's
   Host); H2 one that only HTTP/2 sends; COOKIES a Set-Cookie sent 1 to 4 times. */
enum { BOTH = 0, H1 = 1, H2 = 2, COOKIES = 4 };
struct field {
  const char *name;
  int pct, only;
};

/* The requests, in the order their senders write them. */
static const struct field chrome_page[] = {{"Host", 100, H1},
                                           {"Connection", 100, H1},
                                           {"Cache-Control", 25, 0},
                                           {"sec-ch-ua", 90, 0},
                                           {"sec-ch-ua-mobile", 90, 0},
                                           {"sec-ch-ua-platform", 90, 0},
                                           {"Upgrade-Insecure-Requests", 100, 0},
                                           {"User-Agent", 100, 0},
                                           {"Accept", 100, 0},
                                           {"Sec-Fetch-Site", 100, 0},
                                           {"Sec-Fetch-Mode", 100, 0},
                                           {"Sec-Fetch-User", 90, 0},
                                           {"Sec-Fetch-Dest", 100, 0},
                                           {"Referer", 45, 0},
                                           {"Accept-Encoding", 100, 0},
                                           {"Accept-Language", 100, 0},
                                           {"Cookie", 60, 0},
                                           {"If-None-Match", 8, 0},
                                           {"If-Modified-Since", 8, 0},
                                           {"priority", 60, H2},
                                           {NULL, 0, 0}};
static const struct field chrome_part[] = {{"Host", 100, H1},
                                           {"Connection", 100, H1},
                                           {"sec-ch-ua", 90, 0},
                                           {"Origin", 25, 0},
                                           {"sec-ch-ua-mobile", 90, 0},
                                           {"User-Agent", 100, 0},
                                           {"sec-ch-ua-platform", 90, 0},
                                           {"Accept", 100, 0},
                                           {"Sec-Fetch-Site", 100, 0},
                                           {"Sec-Fetch-Mode", 100, 0},
                                           {"Sec-Fetch-Dest", 100, 0},
                                           {"Referer", 95, 0},
                                           {"Accept-Encoding", 100, 0},
                                           {"Accept-Language", 100, 0},
                                           {"Cookie", 45, 0},
                                           {"If-None-Match", 10, 0},
                                           {"If-Modified-Since", 10, 0},
                                           {"Range", 2, 0},
                                           {"priority", 60, H2},
                                           {NULL, 0, 0}};
static const struct field firefox[] = {{"Host", 100, H1},
                                       {"User-Agent", 100, 0},
                                       {"Accept", 100, 0},
                                       {"Accept-Language", 100, 0},
                                       {"Accept-Encoding", 100, 0},
                                       {"Referer", 75, 0},
                                       {"Origin", 15, 0},
                                       {"Connection", 100, H1},
                                       {"Cookie", 50, 0},
                                       {"Upgrade-Insecure-Requests", 15, 0},
                                       {"Sec-Fetch-Dest", 100, 0},
                                       {"Sec-Fetch-Mode", 100, 0},
                                       {"Sec-Fetch-Site", 100, 0},
                                       {"Sec-Fetch-User", 12, 0},
                                       {"If-Modified-Since", 8, 0},
                                       {"If-None-Match", 8, 0},
                                       {"Pragma", 4, 0},
                                       {"Cache-Control", 4, 0},
                                       {"TE", 60, 0},
                                       {NULL, 0, 0}};
static const struct field safari[] = {{"Host", 100, H1},
                                      {"Accept", 100, 0},
                                      {"Sec-Fetch-Site", 100, 0},
                                      {"Cookie", 50, 0},
                                      {"Sec-Fetch-Dest", 100, 0},
                                      {"Accept-Language", 100, 0},
                                      {"Sec-Fetch-Mode", 100, 0},
                                      {"User-Agent", 100, 0},
                                      {"Referer", 80, 0},
                                      {"Accept-Encoding", 100, 0},
                                      {"Connection", 100, H1},
                                      {"If-None-Match", 8, 0},
                                      {NULL, 0, 0}};
static const struct field api_client[] = {{"Host", 100, H1},
                                          {"User-Agent", 95, 0},
                                          {"Accept", 90, 0},
                                          {"Accept-Encoding", 70, 0},
                                          {"Authorization", 60, 0},
                                          {"Content-Type", 45, 0},
                                          {"Content-Length", 40, 0},
                                          {"X-Request-ID", 15, 0},
                                          {"traceparent", 12, 0},
                                          {"X-Forwarded-For", 10, 0},
                                          {"X-Api-Key", 5, 0},
                                          {"Connection", 80, H1},
                                          {NULL, 0, 0}};

/* The responses. */
static const struct field page[] = {{"Date", 100, 0},
                                    {"Content-Type", 100, 0},
                                    {"Transfer-Encoding", 60, H1},
                                    {"Connection", 100, H1},
                                    {"Server", 85, 0},
                                    {"Vary", 70, 0},
                                    {"Set-Cookie", 45, COOKIES},
                                    {"Cache-Control", 85, 0},
                                    {"Expires", 35, 0},
                                    {"Pragma", 20, 0},
                                    {"Content-Encoding", 80, 0},
                                    {"Strict-Transport-Security", 45, 0},
                                    {"X-Frame-Options", 40, 0},
                                    {"X-Content-Type-Options", 45, 0},
                                    {"Content-Security-Policy", 25, 0},
                                    {"Referrer-Policy", 20, 0},
                                    {"Permissions-Policy", 10, 0},
                                    {"X-XSS-Protection", 25, 0},
                                    {"Link", 15, 0},
                                    {"X-Powered-By", 15, 0},
                                    {"alt-svc", 35, 0},
                                    {"cf-ray", 15, 0},
                                    {NULL, 0, 0}};
static const struct field asset[] = {{"Date", 100, 0},
                                     {"Content-Type", 100, 0},
                                     {"Content-Length", 90, 0},
                                     {"Connection", 100, H1},
                                     {"Last-Modified", 80, 0},
                                     {"ETag", 75, 0},
                                     {"Cache-Control", 85, 0},
                                     {"Expires", 30, 0},
                                     {"Accept-Ranges", 60, 0},
                                     {"Age", 45, 0},
                                     {"Vary", 40, 0},
                                     {"Server", 85, 0},
                                     {"Access-Control-Allow-Origin", 30, 0},
                                     {"Timing-Allow-Origin", 15, 0},
                                     {"X-Cache", 35, 0},
                                     {"Via", 20, 0},
                                     {"x-amz-cf-id", 12, 0},
                                     {"x-amz-cf-pop", 12, 0},
                                     {"cf-cache-status", 15, 0},
                                     {"cf-ray", 15, 0},
                                     {"alt-svc", 35, 0},
                                     {"X-Content-Type-Options", 35, 0},
                                     {"Strict-Transport-Security", 25, 0},
                                     {"server-timing", 10, 0},
                                     {"X-Served-By", 8, 0},
                                     {"X-Cache-Hits", 8, 0},
                                     {"X-Timer", 8, 0},
                                     {NULL, 0, 0}};
static const struct field api_reply[] = {{"Date", 100, 0},
                                         {"Content-Type", 100, 0},
                                         {"Content-Length", 70, 0},
                                         {"Connection", 100, H1},
                                         {"Access-Control-Allow-Origin", 50, 0},
                                         {"Access-Control-Allow-Credentials", 30, 0},
                                         {"X-Request-ID", 30, 0},
                                         {"X-RateLimit-Limit", 10, 0},
                                         {"X-RateLimit-Remaining", 10, 0},
                                         {"ETag", 20, 0},
                                         {"Cache-Control", 60, 0},
                                         {"Vary", 40, 0},
                                         {"Content-Encoding", 30, 0},
                                         {"Server", 70, 0},
                                         {NULL, 0, 0}};
static const struct field not_modified[] = {{"Date", 100, 0},   {"Connection", 100, H1},
                                            {"ETag", 70, 0},    {"Cache-Control", 70, 0},
                                            {"Expires", 30, 0}, {"Last-Modified", 30, 0},
                                            {"Age", 30, 0},     {"Server", 80, 0},
                                            {"Vary", 30, 0},    {NULL, 0, 0}};
static const struct field redirect[] = {{"Date", 100, 0},          {"Content-Type", 80, 0},
                                        {"Content-Length", 90, 0}, {"Connection", 100, H1},
                                        {"Location", 100, 0},      {"Server", 85, 0},
                                        {"Cache-Control", 50, 0},  {NULL, 0, 0}};

/* Words of the names that a site makes up for itself (x-...-...), which no list holds. */
static const char *const words[] = {"app",  "backend", "build",  "edge",     "env",     "frontend",
                                    "host", "node",    "origin", "region",   "route",   "shard",
                                    "span", "tenant",  "trace",  "upstream", "version", "zone"};

/* === Writing a stream ========================================================================= */

/* The streams being written: HTTP/1.1's and HTTP/2's. */
struct out {
  FILE *f;
  int h2;
};

/* Writes a name, lowercase for HTTP/2. */
static void put(const struct out *o, const char *name) {
  for (const char *c = name; *c; c++)
    fputc(o->h2 && *c >= 'A' && *c <= 'Z' ? *c + 32 : *c, o->f);
  fputc('\n', o->f);
}

/* Writes the fields of a set that its sender sends this time, and sometimes names of the
   site's own (1 set in 4: 1 or 2 of them). */
static void put_set(const struct out *o, const struct field *set) {
  for (const struct field *f = set; f->name; f++) {
    if ((f->only & H1 && o->h2) || (f->only & H2 && !o->h2) || !chance(f->pct))
      continue;
    int times = f->only & COOKIES ? 1 + (int)(next() % 4) : 1;
    while (times-- > 0)
      put(o, f->name);
  }
  for (int n = chance(25) ? 1 + (int)(next() % 2) : 0; n > 0; n--) {
    char name[64];
    snprintf(name, sizeof name, "%s-%s-%s", o->h2 ? "x" : "X",
             words[next() % (sizeof words / sizeof words[0])],
             words[next() % (sizeof words / sizeof words[0])]);
    put(o, name);
  }
}

/* Writes one exchange: a request of a browser (a page or a part of one) or an API client,
   and the response it gets. */
static void put_exchange(const struct out *o) {
  int who = (int)(next() % 100), part = chance(88);
  const struct field *request = who < 55   ? (part ? chrome_part : chrome_page)
                                : who < 70 ? firefox
                                : who < 85 ? safari
                                           : api_client;
  int r = (int)(next() % 100);
  const struct field *response = request == api_client ? api_reply
                                 : !part               ? (r < 85   ? page
                                                          : r < 95 ? redirect
                                                                   : not_modified)
                                 : r < 70              ? asset
                                 : r < 88              ? api_reply
                                                       : not_modified;
  if (o->h2) {
    put(o, ":method");
    put(o, ":authority");
    put(o, ":scheme");
    put(o, ":path");
  }
  put_set(o, request);
  if (o->h2)
    put(o, ":status");
  put_set(o, response);
}

/* Writes n exchanges to dir/file, from seed; returns 0, or 1 after saying why not. */
static int write_stream(const char *dir, const char *file, int h2, long n, uint64_t seed) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  struct out o = {fopen(path, "w"), h2};
  if (o.f == NULL) {
    perror(path);
    return 1;
  }
  state = seed;
  for (long i = 0; i < n; i++)
    put_exchange(&o);
  if (fclose(o.f) != 0) {
    perror(path);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  long n = argc > 2 ? atol(argv[2]) : 900;
  if (argc < 2 || argc > 3 || n <= 0) {
    fprintf(stderr, "usage: traffic DIR [EXCHANGES]\n");
    return 2;
  }
  return write_stream(argv[1], "h1-names.txt", 0, n, 1) |
         write_stream(argv[1], "h2-names.txt", 1, n, 2);
}
