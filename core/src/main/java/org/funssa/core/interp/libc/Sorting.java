package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.none;

import io.vavr.collection.Vector;
import org.funssa.core.interp.Memory;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;

/**
 * {@code qsort} (C11 §7.22.5.2) as glibc's merge sort: stable, with the comparator (a program function)
 * called through the machine on pointers into the unmoved array; the elements are permuted once at the end.
 */
final class Sorting implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library.withFunction("qsort", c -> {
            Memory m = c.memory();
            long base = c.integer(0);
            long count = c.integer(1);
            long size = c.integer(2);
            long comparator = c.integer(3);
            if (count < 0 || size <= 0 || count * size > Integer.MAX_VALUE) {
                if (count == 0) {
                    return none();
                }
                throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "qsort of " + count + " elements of " + size + " bytes");
            }
            int n = (int) count;
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            int[] scratch = new int[n];
            // Bottom-up merge sort: no recursion, stable.
            for (int width = 1; width < n; width *= 2) {
                for (int lo = 0; lo < n - width; lo += 2 * width) {
                    int mid = lo + width;
                    int hi = Math.min(lo + 2 * width, n);
                    int i = lo;
                    int j = mid;
                    int k = lo;
                    while (i < mid && j < hi) {
                        long a = base + order[i] * size;
                        long b = base + order[j] * size;
                        long r = c.machine().invoke(comparator, Vector.of(pointer(a), pointer(b)))
                                .map(v -> v instanceof Value.Int x ? (long) (int) x.bits() : 0L).getOrElse(0L);
                        scratch[k++] = r <= 0 ? order[i++] : order[j++];
                    }
                    while (i < mid) {
                        scratch[k++] = order[i++];
                    }
                    while (j < hi) {
                        scratch[k++] = order[j++];
                    }
                    System.arraycopy(scratch, lo, order, lo, hi - lo);
                }
            }
            byte[] before = m.read(base, (int) (n * size));
            byte[] after = new byte[before.length];
            for (int i = 0; i < n; i++) {
                System.arraycopy(before, (int) (order[i] * size), after, (int) (i * size), (int) size);
            }
            m.write(base, after);
            return none();
        });
    }

    private static Value pointer(long address) {
        return new Value.Int(LirType.I64, address);
    }
}
