package org.funssa.core.lir;

/**
 * One finding about a LIR module at a place in its text: a violation of LIR's static semantics
 * ({@link LirChecker}) or a reader's warning. Prints as {@code FILE:LINE:COL: message}.
 */
public record Diagnostic(SourcePos where, String message) {

    @Override
    public String toString() {
        return where + ": " + message;
    }
}
