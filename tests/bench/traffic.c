/* traffic.c: writes streams of field names shaped like the header sets that browsers, API
   clients and servers send, and the same fields with values, from a fixed seed: the same files
   on every machine. */
/* Usage: traffic DIR [EXCHANGES]: writes DIR/h1-names.txt (HTTP/1.1, case as sent) and
   DIR/h2-names.txt (HTTP/2, lowercase, pseudo-headers first), one name a line, each of
   EXCHANGES (default 900) requests and their responses; and DIR/h1-pairs.txt and
   DIR/h2-pairs.txt, the same names each with a value (name, TAB, value a line), drawn from a
   second sequence so that the names files do not change with them. tests/data/README.md says
   how the streams are made and how they compare with captured traffic. */
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

/* The values' own sequence, so that the names do not depend on them. */
static uint64_t vstate;
static uint64_t vnext(void) {
  uint64_t saved = state, v;
  state = vstate, v = next(), vstate = state, state = saved;
  return v;
}

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

/* === The values =============================================================================== */

/* A name's values: up to 8 of them, each with its share of the fields (in 100); what the
   shares leave, a value made for the field (see made). */
struct values {
  const char *name; /* in lowercase */
  struct {
    const char *text;
    int pct;
  } v[8];
};

static const struct values values[] = {
    {":method", {{"GET", 92}, {"POST", 6}, {"HEAD", 1}, {"OPTIONS", 1}}},
    {":scheme", {{"https", 98}, {"http", 2}}},
    {":path", {{"/", 8}, {"/index.html", 1}, {"/favicon.ico", 3}}},
    {":status",
     {{"200", 72},
      {"304", 10},
      {"204", 3},
      {"206", 2},
      {"302", 4},
      {"404", 4},
      {"301", 3},
      {"500", 1}}},
    {"accept",
     {{"*/*", 35},
      {"application/json", 10},
      {"text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", 25},
      {"image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", 20},
      {"text/css,*/*;q=0.1", 10}}},
    {"accept-encoding",
     {{"gzip, deflate, br", 55},
      {"gzip, deflate, br, zstd", 25},
      {"gzip, deflate", 15},
      {"gzip", 5}}},
    {"accept-language", {{"en-US,en;q=0.9", 60}, {"en-US,en;q=0.5", 25}, {"fr-FR,fr;q=0.9", 15}}},
    {"accept-ranges", {{"bytes", 100}}},
    {"cache-control",
     {{"max-age=0", 25},
      {"no-cache", 15},
      {"public, max-age=31536000", 20},
      {"max-age=604800", 10},
      {"no-store", 5},
      {"private, max-age=0", 15},
      {"max-age=2592000", 5}}},
    {"content-type",
     {{"text/html; charset=utf-8", 25},
      {"application/javascript", 15},
      {"application/json", 15},
      {"text/css", 10},
      {"image/png", 8},
      {"image/jpeg", 8},
      {"application/json; charset=utf-8", 10},
      {"image/webp", 9}}},
    {"content-encoding", {{"gzip", 50}, {"br", 45}, {"zstd", 5}}},
    {"server",
     {{"nginx", 30},
      {"cloudflare", 25},
      {"Apache", 15},
      {"AmazonS3", 10},
      {"gws", 10},
      {"envoy", 10}}},
    {"vary",
     {{"accept-encoding", 45},
      {"Accept-Encoding", 30},
      {"origin", 10},
      {"Origin", 5},
      {"Accept-Encoding, Origin", 10}}},
    {"strict-transport-security",
     {{"max-age=31536000", 40},
      {"max-age=31536000; includeSubDomains", 35},
      {"max-age=31536000; includesubdomains; preload", 10},
      {"max-age=63072000; includeSubDomains; preload", 15}}},
    {"x-content-type-options", {{"nosniff", 100}}},
    {"x-frame-options", {{"SAMEORIGIN", 50}, {"sameorigin", 20}, {"DENY", 20}, {"deny", 10}}},
    {"x-xss-protection", {{"1; mode=block", 70}, {"0", 30}}},
    {"access-control-allow-origin", {{"*", 70}}},
    {"access-control-allow-credentials", {{"true", 80}, {"TRUE", 20}}},
    {"age", {{"0", 20}}},
    {"alt-svc", {{"h3=\":443\"; ma=86400", 70}, {"clear", 5}, {"h3=\":443\"; ma=2592000", 25}}},
    {"upgrade-insecure-requests", {{"1", 100}}},
    {"range", {{"bytes=0-", 60}}},
    {"te", {{"trailers", 100}}},
    {"connection", {{"keep-alive", 80}, {"close", 20}}},
    {"pragma", {{"no-cache", 100}}},
    {"priority", {{"u=0, i", 40}, {"u=1", 30}, {"u=1, i", 20}, {"u=4, i", 10}}},
    {"transfer-encoding", {{"chunked", 100}}},
    {"timing-allow-origin", {{"*", 100}}},
    {"via", {{"1.1 varnish", 50}, {"1.1 google", 50}}},
    {"user-agent",
     {{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
       "Chrome/131.0.0.0 Safari/537.36",
       40},
      {"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like "
       "Gecko) Version/18.1 Safari/605.1.15",
       20},
      {"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", 20},
      {"curl/8.5.0", 10},
      {"okhttp/4.12.0", 10}}},
    {"sec-fetch-site", {{"same-origin", 50}, {"same-site", 20}, {"cross-site", 20}, {"none", 10}}},
    {"sec-fetch-mode", {{"navigate", 20}, {"no-cors", 50}, {"cors", 30}}},
    {"sec-fetch-dest", {{"document", 20}, {"script", 25}, {"image", 35}, {"empty", 20}}},
    {"sec-fetch-user", {{"?1", 100}}},
    {"sec-ch-ua-mobile", {{"?0", 90}, {"?1", 10}}},
    {"sec-ch-ua-platform", {{"\"Windows\"", 60}, {"\"macOS\"", 30}, {"\"Linux\"", 10}}},
    {"sec-ch-ua",
     {{"\"Google Chrome\";v=\"131\", \"Chromium\";v=\"131\", \"Not_A Brand\";v=\"24\"", 100}}},
};

/* Writes into buf a value made for a field of name (lowercase) that none of its listed values
   is: a number, a date, a tag, a host, a path, a token. */
static void made(const char *name, char *buf, size_t size) {
  static const char *const days[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
  uint64_t r = vnext();
  unsigned site = (unsigned)(r % 40), n = (unsigned)(r >> 8);
  if (!strcmp(name, "content-length") || !strcmp(name, "age") || !strcmp(name, ":status"))
    snprintf(buf, size, "%u", n % (strcmp(name, ":status") ? 90000 : 1) + (*name == ':' ? 200 : 0));
  else if (!strcmp(name, "date") || !strcmp(name, "expires") || !strcmp(name, "last-modified") ||
           !strcmp(name, "if-modified-since"))
    snprintf(buf, size, "%s, %02u Dec 2026 %02u:%02u:%02u GMT", days[n % 7], 1 + n % 28, n / 7 % 24,
             n / 11 % 60, n / 13 % 60);
  else if (!strcmp(name, "etag") || !strcmp(name, "if-none-match"))
    snprintf(buf, size, "\"%08x%04x\"", n, (unsigned)(r >> 40) & 0xFFFF);
  else if (!strcmp(name, ":authority") || !strcmp(name, "host"))
    snprintf(buf, size, "%s.example-%u.com", site % 3 ? "www" : "cdn", site);
  else if (!strcmp(name, "referer") || !strcmp(name, "origin") || !strcmp(name, "location") ||
           !strcmp(name, "access-control-allow-origin"))
    snprintf(buf, size, "https://www.example-%u.com%s", site, *name == 'r' ? "/articles/" : "");
  else if (!strcmp(name, ":path"))
    snprintf(buf, size, n % 3 ? "/static/js/main.%08x.js" : "/api/v1/items/%u", n);
  else if (!strcmp(name, "cookie") || !strcmp(name, "set-cookie") || !strcmp(name, "authorization"))
    snprintf(buf, size, "%s%016llx%s", *name == 'a' ? "Bearer " : "sid=", (unsigned long long)r,
             *name == 's' ? "; Path=/; Secure; HttpOnly" : "");
  else if (!strcmp(name, "cache-control"))
    snprintf(buf, size, "max-age=%u", n % 86400);
  else if (!strcmp(name, "range"))
    snprintf(buf, size, "bytes=%u-%u", n % 4096, n % 4096 + 65535);
  else
    snprintf(buf, size, "%08x-%04x", n, (unsigned)(r >> 40) & 0xFFFF);
}

/* Writes into buf a value for a field of name (lowercase): one of its listed values, by their
   shares, or one made for it. */
static void value_of(const char *name, char *buf, size_t size) {
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
    if (strcmp(values[i].name, name) == 0) {
      int pick = (int)(vnext() % 100);
      for (int k = 0; k < 8 && values[i].v[k].text != NULL; k++) {
        if (pick < values[i].v[k].pct) {
          snprintf(buf, size, "%s", values[i].v[k].text);
          return;
        }
        pick -= values[i].v[k].pct;
      }
      break;
    }
  made(name, buf, size);
}

/* === Writing a stream ========================================================================= */

/* The streams being written: HTTP/1.1's and HTTP/2's, names alone (f) and with values
   (pairs). */
struct out {
  FILE *f, *pairs;
  int h2;
};

/* Writes a name, lowercase for HTTP/2, and the name with a value. */
static void put(const struct out *o, const char *name) {
  char lower[64], value[256];
  size_t n = 0;
  for (const char *c = name; *c && n + 1 < sizeof lower; c++)
    lower[n++] = *c >= 'A' && *c <= 'Z' ? (char)(*c + 32) : *c;
  lower[n] = '\0';
  fprintf(o->f, "%s\n", o->h2 ? lower : name);
  value_of(lower, value, sizeof value);
  fprintf(o->pairs, "%s\t%s\n", o->h2 ? lower : name, value);
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

/* Writes n exchanges to dir/file and dir/pairs, from seed; returns 0, or 1 after saying why
   not. */
static int write_stream(const char *dir, const char *file, const char *pairs, int h2, long n,
                        uint64_t seed) {
  char path[4096], ppath[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  snprintf(ppath, sizeof ppath, "%s/%s", dir, pairs);
  struct out o = {fopen(path, "w"), fopen(ppath, "w"), h2};
  if (o.f == NULL || o.pairs == NULL) {
    perror(o.f == NULL ? path : ppath);
    return 1;
  }
  state = seed, vstate = seed + 100;
  for (long i = 0; i < n; i++)
    put_exchange(&o);
  int failed = fclose(o.f) != 0, pfailed = fclose(o.pairs) != 0;
  if (failed || pfailed) {
    perror(failed ? path : ppath);
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
  return write_stream(argv[1], "h1-names.txt", "h1-pairs.txt", 0, n, 1) |
         write_stream(argv[1], "h2-names.txt", "h2-pairs.txt", 1, n, 2);
}
