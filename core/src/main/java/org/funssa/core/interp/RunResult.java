package org.funssa.core.interp;

import io.vavr.collection.Vector;

/**
 * How a run ended. Every outcome carries what the program wrote to stdout and stderr (one char per byte,
 * ISO-8859-1), the steps it took against the budget and the operations it executed (both defined in the
 * package documentation).
 */
public sealed interface RunResult permits RunResult.Returned, RunResult.Exited, RunResult.Failed {

    String stdout();

    String stderr();

    long steps();

    /** The operations executed: lets and tails in the IR, statements and their operators in LIR. */
    long operations();

    /** The bytes written to stdout. */
    default byte[] stdoutBytes() {
        return stdout().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * The entry function returned.
     *
     * @param values     its results, typed as its EPILOGUE gives them
     * @param exitStatus the process status: the first result's low 8 bits, 0 if there is none
     */
    record Returned(Vector<Value> values, int exitStatus, String stdout, String stderr, long steps,
                    long operations)
            implements RunResult {}

    /** The program called {@code exit(status)} ({@code status & 0xff}) or {@code abort()} (status 134). */
    record Exited(int status, String stdout, String stderr, long steps, long operations) implements RunResult {}

    /** The run stopped on a runtime error. */
    record Failed(RuntimeError error, String stdout, String stderr, long steps, long operations)
            implements RunResult {}
}
