package org.funssa.core.gen;

/** Where a generated function keeps its scalar variables, as in the two forms of the corpus. */
public enum Storage {
    /** In registers ({@code (REG I32 "r1%")}), as in {@code *.before.lir}. */
    REGISTERS,
    /** In frame slots read and written through {@code MEM}, as in front-end {@code *.fe.lir}. */
    FRAME_SLOTS
}
