package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int32;
import static org.funssa.core.interp.libc.LibraryCall.int64;

/** {@code abs}, {@code labs}, {@code atoi}, {@code atol} (C11 §7.22.1, §7.22.6), with glibc's wraparound. */
final class Numbers implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withFunction("abs", c -> int32(Math.abs((int) c.integer(0))))
                .withFunction("labs", c -> int64(Math.abs(c.integer(0))))
                .withFunction("atoi", c -> int32(parse(c.memory().string(c.integer(0)))))
                .withFunction("atol", c -> int64(parse(c.memory().string(c.integer(0)))));
    }

    /** strtol(s, NULL, 10) without overflow clamping beyond 64 bits: leading space, sign, digits. */
    private static long parse(byte[] s) {
        int i = 0;
        while (i < s.length && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) {
            i++;
        }
        boolean negative = false;
        if (i < s.length && (s[i] == '+' || s[i] == '-')) {
            negative = s[i] == '-';
            i++;
        }
        long v = 0;
        while (i < s.length && s[i] >= '0' && s[i] <= '9') {
            v = v * 10 + (s[i] - '0');
            i++;
        }
        return negative ? -v : v;
    }
}
