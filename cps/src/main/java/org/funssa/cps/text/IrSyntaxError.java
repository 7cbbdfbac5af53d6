package org.funssa.cps.text;

import org.funssa.core.lir.SourcePos;

/**
 * Bad IR text. The message reads {@code SOURCE:LINE:COL: expected …, found …}; errors inside the embedded
 * LIR parts ({@code MODULE} header, {@code SYMTAB}) carry the position the LIR reader found, in the IR file.
 */
public final class IrSyntaxError extends RuntimeException {

    private final SourcePos position;
    private final String detail;

    public IrSyntaxError(SourcePos position, String detail) {
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
