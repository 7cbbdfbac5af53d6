package org.funssa.core.lir;

/**
 * Bad LIR input: malformed text, an unknown operator, a wrong number of operands or an ill-typed
 * L-expression. Unchecked, so that readers can be used inside lambdas; callers that take input from
 * users catch it and show {@link #getMessage()}, which reads {@code FILE:LINE:COL: expected …, found …}.
 */
public final class LirSyntaxError extends RuntimeException {

    private final SourcePos position;
    private final String detail;

    public LirSyntaxError(SourcePos position, String detail) {
        super(position + ": " + detail, null, false, false);
        this.position = position;
        this.detail = detail;
    }

    /** Where the problem is. */
    public SourcePos position() {
        return position;
    }

    /** What is wrong, without the position. */
    public String detail() {
        return detail;
    }
}
