package org.funssa.core.lir;

import io.vavr.collection.Vector;

/**
 * An entry of a {@code SYMTAB}. Every field is kept as written, trailing options included, so that a
 * module prints back the way it was read.
 */
public sealed interface Symbol permits Symbol.Static, Symbol.Frame, Symbol.Reg {

    String name();

    LirType type();

    /** Alignment in bytes. */
    long align();

    /** Trailing options such as {@code &syminfo "main_n" "fib.c" 4 0}. */
    Vector<Annotation> options();

    /** How a static symbol is bound: defined here and local, defined here and exported, or imported. */
    enum Linkage { LDEF, XDEF, XREF }

    /** {@code ("name" STATIC t align "segment" LDEF|XDEF|XREF option…)}. */
    record Static(String name, LirType type, long align, String segment, Linkage linkage,
                  Vector<Annotation> options) implements Symbol {}

    /** {@code ("name" FRAME t align offset option…)}. */
    record Frame(String name, LirType type, long align, long offset, Vector<Annotation> options)
            implements Symbol {}

    /** {@code ("name" REG t align offset option…)}. */
    record Reg(String name, LirType type, long align, long offset, Vector<Annotation> options)
            implements Symbol {}
}
