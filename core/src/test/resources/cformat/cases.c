/*
 * Expected printf outputs for CFormatTest, produced by the real glibc (x86_64 Linux).
 * Regenerate (from this directory):
 *     gcc -O0 -w -o /tmp/cformat-cases cases.c -lm && /tmp/cformat-cases > expected.tsv
 *
 * One line per case, fields separated by TAB:
 *     format  output  argument...
 * where an argument is  i<decimal>  (integer or pointer, 64-bit),  s<text>  (a string),
 * n  (a null string/pointer) or  d<16 hex digits>  (the bits of a double). Format, output and
 * string texts escape backslash, TAB, newline and bytes outside 0x20..0x7e as \\ \t \n \xHH.
 *
 * Every case calls snprintf(buf, size, format, i0..i11, d0..d7): on x86_64 (System V ABI) integer
 * and floating variadic arguments travel in separate register sequences (integers continue on the
 * stack, at most 8 doubles stay in XMM registers), so a format consumes its integer arguments in
 * order from i0.. and its floating ones in order from d0.., whatever their interleaving. Integer
 * arguments are passed as 64-bit values and read by %d as their low 32 bits, which is exactly the
 * "raw 64-bit value, truncated by the length modifier" contract of CFormat.Arguments.
 *
 * The L modifier is left out: it takes a long double, which this harness does not pass (CFormat
 * reads a double for it, which CFormatTest checks by itself).
 *
 * The cases: a hand table (flag/width/precision products per conversion, length modifiers,
 * edge values, the formats used by the COINS corpus) and 3000 random directives from a fixed LCG.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int ni, nd;
    long long i[12];
    const char *s[12]; /* the string an integer slot points to, when is_string */
    int is_string[12];
    double d[8];
} Args;

static void escaped(const char *p, size_t n) {
    for (size_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char) p[k];
        if (c == '\\') fputs("\\\\", stdout);
        else if (c == '\t') fputs("\\t", stdout);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c < 0x20 || c > 0x7e) printf("\\x%02x", c);
        else putchar(c);
    }
}

static void run(const char *format, const Args *a) {
    static char buf[16384];
    int n = snprintf(buf, sizeof buf, format, a->i[0], a->i[1], a->i[2], a->i[3], a->i[4], a->i[5], a->i[6],
                     a->i[7], a->i[8], a->i[9], a->i[10], a->i[11], a->d[0], a->d[1], a->d[2], a->d[3], a->d[4], a->d[5], a->d[6], a->d[7]);
    if (n < 0 || n >= (int) sizeof buf) {
        fprintf(stderr, "case too long or failed: %s\n", format);
        return;
    }
    escaped(format, strlen(format));
    putchar('\t');
    escaped(buf, (size_t) n);
    for (int k = 0; k < a->ni; k++) {
        putchar('\t');
        if (!a->is_string[k]) printf("i%lld", a->i[k]);
        else if (a->s[k] == NULL) putchar('n');
        else { putchar('s'); escaped(a->s[k], strlen(a->s[k])); }
    }
    for (int k = 0; k < a->nd; k++) {
        uint64_t bits;
        memcpy(&bits, &a->d[k], sizeof bits);
        printf("\td%016llx", (unsigned long long) bits);
    }
    putchar('\n');
}

static void add_i(Args *a, long long v) { a->is_string[a->ni] = 0; a->i[a->ni++] = v; }
static void add_s(Args *a, const char *s) { a->is_string[a->ni] = 1; a->s[a->ni] = s; a->i[a->ni++] = (long long) (intptr_t) s; }
static void add_d(Args *a, double v) { a->d[a->nd++] = v; }

static void fi(const char *f, long long v) { Args a = {0}; add_i(&a, v); run(f, &a); }
static void fd(const char *f, double v) { Args a = {0}; add_d(&a, v); run(f, &a); }
static void fs(const char *f, const char *s) { Args a = {0}; add_s(&a, s); run(f, &a); }
static void fii(const char *f, long long x, long long y) { Args a = {0}; add_i(&a, x); add_i(&a, y); run(f, &a); }
static void fiii(const char *f, long long x, long long y, long long z) { Args a = {0}; add_i(&a, x); add_i(&a, y); add_i(&a, z); run(f, &a); }
static void fid(const char *f, long long x, double y) { Args a = {0}; add_i(&a, x); add_d(&a, y); run(f, &a); }
static void fiid(const char *f, long long x, long long y, double z) { Args a = {0}; add_i(&a, x); add_i(&a, y); add_d(&a, z); run(f, &a); }
static void fis(const char *f, long long x, const char *s) { Args a = {0}; add_i(&a, x); add_s(&a, s); run(f, &a); }
static void f0(const char *f) { Args a = {0}; run(f, &a); }

static const long long INTS[] = {
    0, 1, -1, 7, -7, 42, -42, 127, 128, -128, 255, 256, 32767, -32768, 65535, 65536, 123456789,
    INT_MAX, INT_MIN, UINT_MAX, 0x100000000LL, -0x100000001LL, LLONG_MAX, LLONG_MIN, 0x123456789abcdefLL};
#define NINTS (sizeof INTS / sizeof INTS[0])

static double doubles[40];
static int ndoubles;

static void init_doubles(void) {
    double v[] = {0.0, -0.0, 0.5, 1.0, -1.0, 0.125, 0.375, 2.5, 1.5, -2.5, 0.05, 0.1, 2.0 / 3.0, 3.14159265358979,
                  1e15, 1e-5, 123456789.0, DBL_MAX, DBL_MIN, 5e-324, 2.2250738585072009e-308, INFINITY, -INFINITY,
                  NAN, -NAN, 0.0001, 0.00001, 100000.0, 1000000.0, 999999.5, 9.9999995, 1e100, -1e-100, 0.95,
                  1e21, 4503599627370497.5, 0x1.fffffffffffffp0, 0x1.8p1};
    ndoubles = (int) (sizeof v / sizeof v[0]);
    memcpy(doubles, v, sizeof v);
}

static const char *const INT_FLAGS[] = {"", "-", "+", " ", "0", "-0", "+0", " 0", "+ ", "-+", "- 0", "#", "#0", "-#", "+#0"};
static const char *const WIDTHS[] = {"", "5", "12"};
static const char *const INT_PRECISIONS[] = {"", ".", ".0", ".3", ".10"};
static const char *const LENGTHS[] = {"", "hh", "h", "l", "ll", "j", "z", "t", "q"};

static int alt_ok(char c) { return strchr("oxXaAeEfFgG", c) != NULL; }
static int zero_ok(char c) { return strchr("diouxXaAeEfFgG", c) != NULL; }

static void integer_table(void) {
    const char *convs = "diuoxX";
    char f[64];
    for (const char *c = convs; *c; c++)
        for (size_t fl = 0; fl < sizeof INT_FLAGS / sizeof *INT_FLAGS; fl++) {
            if (strchr(INT_FLAGS[fl], '#') && !alt_ok(*c)) continue;
            for (size_t w = 0; w < sizeof WIDTHS / sizeof *WIDTHS; w++)
                for (size_t p = 0; p < sizeof INT_PRECISIONS / sizeof *INT_PRECISIONS; p++) {
                    snprintf(f, sizeof f, "[%%%s%s%s%c]", INT_FLAGS[fl], WIDTHS[w], INT_PRECISIONS[p], *c);
                    long long vals[] = {0, 1, -42, 255, INT_MIN};
                    for (int k = 0; k < 5; k++) fi(f, vals[k]);
                }
        }
    for (const char *c = convs; *c; c++)
        for (size_t l = 0; l < sizeof LENGTHS / sizeof *LENGTHS; l++)
            for (size_t v = 0; v < NINTS; v++) {
                snprintf(f, sizeof f, "[%%%s%c]", LENGTHS[l], *c);
                fi(f, INTS[v]);
                snprintf(f, sizeof f, "[%%%s%s22.20%s%c]", *c == 'd' || *c == 'i' ? "+" : "",
                         alt_ok(*c) ? "#" : "", LENGTHS[l], *c);
                fi(f, INTS[v]);
            }
}

static void star_table(void) {
    int ws[] = {-12, -1, 0, 3, 12};
    int ps[] = {-5, -1, 0, 2, 8};
    for (int w = 0; w < 5; w++) {
        fii("[%*d]", ws[w], -42);
        fii("[%0*x]", ws[w], 255);
        fii("[%-*u]", ws[w], 7);
        fis("[%*s]", ws[w], "abc");
        fid("[%*f]", ws[w], -1.5);
        fid("[%0*e]", ws[w], 12345.678);
        fii("[%*c]", ws[w], 'z');
        for (int p = 0; p < 5; p++) {
            fiii("[%*.*d]", ws[w], ps[p], -42);
            fiii("[%0*.*d]", ws[w], ps[p], 0);
            fiii("[%#*.*o]", ws[w], ps[p], 8);
            fiid("[%*.*f]", ws[w], ps[p], 3.14159);
            fiid("[%0*.*g]", ws[w], ps[p], 0.000123456);
            fiid("[%*.*a]", ws[w], ps[p], 1.0 / 3.0);
        }
        fis("[%.*s]", ps[w], "abcdef");
    }
}

static void char_string_pointer_table(void) {
    int chars[] = {0, 'A', ' ', 255, 128, -1, 0x141, '\n', '\t'};
    for (int k = 0; k < 9; k++) {
        fi("[%c]", chars[k]);
        fi("[%3c]", chars[k]);
        fi("[%-3c]", chars[k]);
    }
    const char *strs[] = {"", "a", "hello", "hello, world", "tab\there", "\xff\x80\x7f", NULL};
    const char *sfmts[] = {"[%s]", "[%10s]", "[%-10s]", "[%.0s]", "[%.3s]", "[%.5s]", "[%.6s]", "[%8.2s]", "[%-8.7s]", "[%.20s]", "[%1s]"};
    for (int k = 0; k < 7; k++)
        for (int m = 0; m < 11; m++) fs(sfmts[m], strs[k]);
    long long ptrs[] = {0, 1, 0x1234, 0x7ffdeadbeef0LL, -1, LLONG_MIN};
    const char *pfmts[] = {"[%p]", "[%20p]", "[%-20p]", "[%+p]", "[% p]", "[%3p]", "[%-6p]", "[%8p]"};
    for (int k = 0; k < 6; k++)
        for (int m = 0; m < 8; m++) fi(pfmts[m], ptrs[k]);
    f0("[%%]");
    f0("100%% sure");
    f0("no directives at all");
    f0("");
    f0("\xff\x80 high bytes \x01");
}

static const char *const FLOAT_FLAGS[] = {"", "-", "+", " ", "#", "0", "+0", " 0#"};
static const char *const FLOAT_PRECISIONS[] = {"", ".", ".0", ".3", ".17"};

static void float_table(void) {
    const char *convs = "fFeEgGaA";
    char f[64];
    for (int v = 0; v < ndoubles; v++)
        for (const char *c = convs; *c; c++)
            for (size_t p = 0; p < sizeof FLOAT_PRECISIONS / sizeof *FLOAT_PRECISIONS; p++) {
                snprintf(f, sizeof f, "[%%%s%c]", FLOAT_PRECISIONS[p], *c);
                fd(f, doubles[v]);
                for (size_t fl = 1; fl < sizeof FLOAT_FLAGS / sizeof *FLOAT_FLAGS; fl++) {
                    snprintf(f, sizeof f, "[%%%s14%s%c]", FLOAT_FLAGS[fl], FLOAT_PRECISIONS[p], *c);
                    fd(f, doubles[v]);
                }
            }
    double ties[] = {0.125, 0.375, 2.5, 3.5, 0.5, 1.5, 1e15 + 0.5, 0.045, 1.005, 2.675, 1e23, 5e-324, 1e-310};
    const char *tfmts[] = {"[%.2f]", "[%.0f]", "[%.1f]", "[%.0e]", "[%.1e]", "[%.2e]", "[%.1g]", "[%.2g]", "[%.16g]",
                           "[%.17g]", "[%.20e]", "[%.30f]", "[%lf]", "[%le]", "[%.0a]", "[%.1a]", "[%.13a]",
                           "[%.15a]", "[%#.0a]", "[%#.0f]", "[%#.0e]"};
    for (int v = 0; v < 13; v++)
        for (int m = 0; m < 21; m++) fd(tfmts[m], ties[v]);
    double gb[] = {0.0001, 0.00001, 0.000099999, 0.00009999999, 100000.0, 1000000.0, 999999.5, 999999.4, 9999995.0,
                   99999.95, 123456.0, 1234567.0, 0.1, 1e-4 * 0.99999999, 9.5, 99.5, 999.5, 9.9996e-5};
    const char *gfmts[] = {"[%g]", "[%G]", "[%#g]", "[%.3g]", "[%#.3g]", "[%.0g]", "[%#.0g]", "[%.10g]", "[%-12g]", "[%012g]"};
    for (int v = 0; v < 18; v++)
        for (int m = 0; m < 10; m++) fd(gfmts[m], gb[v]);
}

/* The number of arguments a format without '*' consumes, so that every case passes exactly those. */
static int directives(const char *f) {
    int n = 0;
    for (; *f; f++)
        if (*f == '%') {
            if (f[1] == '%') f++;
            else n++;
        }
    return n;
}

static void corpus_table(void) {
    long long iv[] = {0, 5, -5, 123, -123456, 0xdeadbeefLL, 0x7fffffff, 4294967295LL};
    const char *ifmts[] = {"i %d \n", "%u\n", "%08X %08X\n", "%lu\n", " %02X", "a %d b %d c %x \n", "%x\n",
                           "%ld\n", "bad: %d%%5==2\n", "%hd", "%2x", "%2d", "%1d", "%10d", "%lld", "%c \n",
                           "a[0] = %d\n"};
    for (int v = 0; v < 8; v++)
        for (int m = 0; m < 17; m++) {
            Args a = {0};
            for (int k = 0; k < directives(ifmts[m]); k++) add_i(&a, iv[(v + k) % 8]);
            run(ifmts[m], &a);
        }
    double dv[] = {0.0, 1.0, -2.5, 3.14159265358979, 1.0 / 3.0, 1e10, 123.456, 1e-7, 65536.0};
    const char *dfmts[] = {"%f,%f\n", "val = %5.5f\n", "b = %f\n", "%g ", "%9.4f ", "%15g\n", "%10g", "%1g",
                           "%-8g|", "%22.16f", "%5.6f", "%5.7f", "%5.8f", "%5.10f", "%4.8f", "%.0f", "%e", "%e %e\n"};
    for (int v = 0; v < 9; v++)
        for (int m = 0; m < 18; m++) {
            Args a = {0};
            for (int k = 0; k < directives(dfmts[m]); k++) add_d(&a, dv[(v + k) % 9]);
            run(dfmts[m], &a);
        }
    Args a = {0};
    add_s(&a, "tanaka");
    add_i(&a, 42);
    add_s(&a, "x");
    run("tanaka = [%s,[%d,%s]]\n", &a);
}

/* The random cases: a 64-bit LCG (Knuth's MMIX constants) with a fixed seed. */
static unsigned long long state = 20240601ULL;
static unsigned next(void) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned) (state >> 33);
}
static unsigned below(unsigned n) { return next() % n; }
static unsigned long long bits64(void) { return ((unsigned long long) next() << 32) ^ next() ^ ((unsigned long long) next() << 13); }

static const char *const STRINGS[] = {"", "x", "hello", "hello, world", "a\tb\nc", "\xff\xfe", NULL, "0123456789abcdefghij"};

static double random_double(void) {
    double v;
    switch (below(6)) {
    case 0: return doubles[below((unsigned) ndoubles)];
    case 1: { unsigned long long b = bits64(); memcpy(&v, &b, sizeof v); return v; }
    case 2: return (double) (long long) (bits64() % 2000001) / 1000.0 - 1000.0;
    case 3: return ldexp((double) (bits64() >> 11), (int) below(120) - 110);
    case 4: return (double) (int) below(200) / 8.0 - 12.5;
    default: return pow(10.0, (double) below(40) - 20.0) * ((double) below(1000) / 7.0);
    }
}

static long long random_integer(void) {
    switch (below(4)) {
    case 0: return INTS[below(NINTS)];
    case 1: return (long long) bits64();
    case 2: return (long long) below(2000) - 1000;
    default: return (long long) (int) next();
    }
}

static void random_directive(char *f, Args *a) {
    const char *convs = "diuoxXcspfFeEgGaA";
    char c = convs[below(17)];
    char *p = f;
    *p++ = '%';
    const char *flags = "-+ #0";
    for (int k = 0; k < 5; k++)
        if (below(5) == 0) {
            char fl = flags[k];
            if ((fl == '#' && !alt_ok(c)) || (fl == '0' && !zero_ok(c))) continue;
            *p++ = fl;
        }
    switch (below(4)) {
    case 0: break;
    case 1: case 2: p += sprintf(p, "%u", 1 + below(25)); break; /* a leading 0 would be the flag */
    default: *p++ = '*'; add_i(a, (long long) below(51) - 25); break;
    }
    if (c != 'c' && c != 'p') switch (below(4)) {
        case 0: case 1: break;
        case 2: p += sprintf(p, ".%u", below(c == 'a' || c == 'A' ? 18 : 21)); break;
        default: *p++ = '.'; *p++ = '*'; add_i(a, (long long) below(24) - 3); break;
        }
    if (strchr("diuoxX", c)) {
        const char *l = LENGTHS[below(9)];
        p += sprintf(p, "%s", l);
        add_i(a, random_integer());
    } else if (c == 'c') {
        add_i(a, random_integer());
    } else if (c == 's') {
        add_s(a, STRINGS[below(8)]);
    } else if (c == 'p') {
        add_i(a, below(4) == 0 ? 0 : random_integer());
    } else {
        const char *l[] = {"", "", "", "l"};
        p += sprintf(p, "%s", l[below(4)]);
        add_d(a, random_double());
    }
    *p++ = c;
    *p = 0;
}

static void random_table(void) {
    const char *texts[] = {"", " ", "x=", "|", "%%", "\n", ", "};
    for (int n = 0; n < 3000; n++) {
        Args a = {0};
        char f[256];
        char *p = f;
        p += sprintf(p, "%s", texts[below(7)]);
        int count = 1 + (int) below(3);
        for (int k = 0; k < count; k++) {
            random_directive(p, &a);
            p += strlen(p);
            p += sprintf(p, "%s", texts[below(7)]);
        }
        run(f, &a);
    }
}

int main(void) {
    init_doubles();
    integer_table();
    star_table();
    char_string_pointer_table();
    float_table();
    corpus_table();
    random_table();
    return 0;
}
