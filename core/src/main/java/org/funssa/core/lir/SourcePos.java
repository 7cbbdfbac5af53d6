package org.funssa.core.lir;

/** A place in a LIR source text: the source's name and a 1-based line and column. */
public record SourcePos(String source, int line, int column) {

    /** {@code source:line:column}, the form compilers and editors understand. */
    @Override
    public String toString() {
        return source + ":" + line + ":" + column;
    }
}
