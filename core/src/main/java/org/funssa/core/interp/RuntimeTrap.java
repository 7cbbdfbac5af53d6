package org.funssa.core.interp;

/**
 * Thrown by the machine ({@link Arith}, {@link Memory}, library functions) when the program does something
 * that ends the run. Interpreters catch it and turn it into a {@link RunResult.Failed}; a constant folder
 * catches it to leave an expression unfolded. It carries no stack trace.
 */
public final class RuntimeTrap extends RuntimeException {
    private final RuntimeError.Kind kind;

    public RuntimeTrap(RuntimeError.Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public RuntimeError.Kind kind() {
        return kind;
    }
}
