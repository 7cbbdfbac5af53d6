package org.funssa.core.interp;

/**
 * Thrown by {@code exit} and {@code abort} to end the run with a status; interpreters catch it and
 * report {@link RunResult.Exited}. It carries no stack trace.
 */
public final class ProgramExit extends RuntimeException {
    private final int status;

    public ProgramExit(int status) {
        super("exit(" + status + ")", null, false, false);
        this.status = status;
    }

    /** The exit status as the shell sees it (0…255). */
    public int status() {
        return status;
    }
}
