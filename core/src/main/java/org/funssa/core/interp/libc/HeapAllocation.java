package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int64;
import static org.funssa.core.interp.libc.LibraryCall.none;

import org.funssa.core.interp.Memory;

/**
 * {@code malloc}, {@code calloc}, {@code realloc} and {@code free} (C11 §7.22.3). Each block is its own
 * allocation, zero-filled; a freed block stays known, so using it or freeing it again is a runtime error.
 */
final class HeapAllocation implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withFunction("malloc", c -> int64(c.memory().allocate(Memory.Kind.HEAP, c.integer(0), "malloc")))
                .withFunction("calloc", c -> int64(c.memory().allocate(Memory.Kind.HEAP,
                        Math.multiplyHigh(c.integer(0), c.integer(1)) == 0 ? c.integer(0) * c.integer(1) : -1,
                        "calloc")))
                .withFunction("realloc", c -> {
                    Memory m = c.memory();
                    long old = c.integer(0);
                    long size = c.integer(1);
                    long fresh = m.allocate(Memory.Kind.HEAP, size, "realloc");
                    if (old != 0) {
                        m.copy(fresh, old, Math.min(size, m.sizeAt(old)));
                        m.free(old);
                    }
                    return int64(fresh);
                })
                .withFunction("free", c -> {
                    c.memory().free(c.integer(0));
                    return none();
                });
    }
}
