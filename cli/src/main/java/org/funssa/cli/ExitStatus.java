package org.funssa.cli;

/**
 * Exit statuses of the {@code funssa} command. {@code funssa run} exits with the program's own status
 * (its return value {@code & 0xff}, like a C process) when the program ends normally.
 */
public final class ExitStatus {
    public static final int OK = 0;
    /**
     * Bad input: usage, unreadable file, malformed LIR or LIR that breaks its static semantics, or a program
     * that {@code opt --check} cannot check (I128 values), or input too large for the Java heap.
     */
    public static final int INPUT_ERROR = 2;
    /** The interpreted program failed: division by zero, bad access, step budget, … */
    public static final int RUNTIME_ERROR = 3;
    /** {@code opt --check} found a pass that broke the IR's rules or changed the program's behaviour. */
    public static final int CHECK_FAILED = 4;
    /** A bug in funssa itself; the message asks for {@code --debug}. */
    public static final int INTERNAL_ERROR = 70;

    private ExitStatus() {}
}
