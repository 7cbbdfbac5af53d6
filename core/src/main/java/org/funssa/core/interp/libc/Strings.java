package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int32;
import static org.funssa.core.interp.libc.LibraryCall.int64;

import java.util.Arrays;
import org.funssa.core.interp.Memory;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;

/** {@code <string.h>} (C11 §7.24): copying, concatenation, comparison (as unsigned char), length, memset. */
final class Strings implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withFunction("strlen", c -> int64(c.memory().stringLength(c.integer(0))))
                .withFunction("strcpy", c -> {
                    Memory m = c.memory();
                    m.write(c.integer(0), terminated(m.string(c.integer(1))));
                    return int64(c.integer(0));
                })
                .withFunction("strncpy", c -> {
                    Memory m = c.memory();
                    long n = size(c, 2);
                    byte[] src = m.read(c.integer(1), (int) Math.min(n, m.stringLength(c.integer(1)) + 1));
                    m.write(c.integer(0), Arrays.copyOf(src, (int) n)); // pads with NULs up to n
                    return int64(c.integer(0));
                })
                .withFunction("strcat", c -> {
                    Memory m = c.memory();
                    long dst = c.integer(0);
                    m.write(dst + m.stringLength(dst), terminated(m.string(c.integer(1))));
                    return int64(dst);
                })
                .withFunction("strncat", c -> {
                    Memory m = c.memory();
                    long dst = c.integer(0);
                    long n = size(c, 2);
                    byte[] src = m.string(c.integer(1));
                    m.write(dst + m.stringLength(dst), terminated(Arrays.copyOf(src, (int) Math.min(n, src.length))));
                    return int64(dst);
                })
                .withFunction("strcmp", c -> int32(compare(c.memory().string(c.integer(0)),
                        c.memory().string(c.integer(1)), Long.MAX_VALUE)))
                .withFunction("strncmp", c -> int32(compare(c.memory().string(c.integer(0)),
                        c.memory().string(c.integer(1)), c.integer(2))))
                .withFunction("strchr", c -> {
                    Memory m = c.memory();
                    long s = c.integer(0);
                    byte ch = (byte) c.integer(1);
                    byte[] bytes = terminated(m.string(s));
                    for (int i = 0; i < bytes.length; i++) {
                        if (bytes[i] == ch) {
                            return int64(s + i);
                        }
                    }
                    return int64(0);
                })
                .withFunction("memcpy", c -> {
                    c.memory().copy(c.integer(0), c.integer(1), c.integer(2));
                    return int64(c.integer(0));
                })
                .withFunction("memmove", c -> {
                    c.memory().copy(c.integer(0), c.integer(1), c.integer(2));
                    return int64(c.integer(0));
                })
                .withFunction("memset", c -> {
                    c.memory().fill(c.integer(0), c.integer(2), c.integer(1));
                    return int64(c.integer(0));
                })
                .withFunction("memcmp", c -> {
                    int n = (int) size(c, 2);
                    byte[] a = c.memory().read(c.integer(0), n);
                    byte[] b = c.memory().read(c.integer(1), n);
                    for (int i = 0; i < n; i++) {
                        if (a[i] != b[i]) {
                            return int32((a[i] & 0xFF) - (b[i] & 0xFF));
                        }
                    }
                    return int32(0);
                });
    }

    /** A {@code size_t} argument, which must fit an allocation. */
    private static long size(LibraryCall c, int i) {
        long n = c.integer(i);
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, c.name() + " of " + Long.toUnsignedString(n) + " bytes");
        }
        return n;
    }

    private static byte[] terminated(byte[] s) {
        return Arrays.copyOf(s, s.length + 1);
    }

    /**
     * Compares at most n characters as unsigned char, stopping after a NUL (a byte past the end counts as
     * NUL). Returns the difference of the first differing bytes, as glibc's x86_64 strcmp does.
     */
    private static int compare(byte[] a, byte[] b, long n) {
        for (int i = 0; i < n; i++) {
            int x = i < a.length ? a[i] & 0xFF : 0;
            int y = i < b.length ? b[i] & 0xFF : 0;
            if (x != y) {
                return x - y;
            }
            if (x == 0) {
                return 0;
            }
        }
        return 0;
    }
}
