package org.funssa.cli;

import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;

/**
 * What a run of a program shows from outside: its output and how it ended. Two stages of a pipeline mean
 * the same when their behaviours are equal, or, when the expected one returned a value nobody assigned
 * ({@code anyStatus}), when both print the same and return.
 */
record Behaviour(String stdout, String ending, boolean anyStatus) {

    private static final String RETURNED = "returned ";
    private static final String FAILED = "failed: ";
    private static final String OUT_OF_STEPS = FAILED + RuntimeError.Kind.STEP_BUDGET_EXHAUSTED;

    static Behaviour of(RunResult result) {
        return new Behaviour(result.stdout(), switch (result) {
            case RunResult.Returned r -> RETURNED + r.exitStatus();
            case RunResult.Exited e -> "exited with " + e.status();
            case RunResult.Failed f -> FAILED + f.error().kind();
        }, false);
    }

    /** Whether the run stopped because its step budget ran out: then only its output can be compared. */
    boolean outOfSteps() {
        return ending.equals(OUT_OF_STEPS);
    }

    /** This behaviour, its exit status (if it returns) being any value. */
    Behaviour withAnyStatus() {
        return new Behaviour(stdout, ending, true);
    }

    /** How the run ended, in words: "returned 0", or "returned a value main never assigned". */
    String ended() {
        return anyStatus && ending.startsWith(RETURNED) ? "returned a value main never assigned" : ending;
    }

    /**
     * Whether {@code actual} shows what this expected behaviour does. When the input ran out of steps (a
     * program that loops forever), the stages are compared on the output both printed: the LIR and IR
     * interpreters count steps differently, so each stops at another place of the same endless run.
     */
    boolean admits(Behaviour actual) {
        if (ending.equals(OUT_OF_STEPS)) {
            return stdout.startsWith(actual.stdout) || actual.stdout.startsWith(stdout);
        }
        return stdout.equals(actual.stdout) && (ending.equals(actual.ending)
                || anyStatus && ending.startsWith(RETURNED) && actual.ending.startsWith(RETURNED));
    }

    /** A one-line account of how this behaviour differs from the expected one. */
    String differenceFrom(Behaviour expected) {
        if (!ending.equals(expected.ending)) {
            return "it " + ending + " where the input " + expected.ending;
        }
        int i = 0;
        while (i < stdout.length() && i < expected.stdout.length() && stdout.charAt(i) == expected.stdout.charAt(i)) {
            i++;
        }
        return "its output differs from the input's at byte " + i + " (" + excerpt(stdout, i) + " instead of "
                + excerpt(expected.stdout, i) + ")";
    }

    private static String excerpt(String s, int at) {
        return at >= s.length() ? "end of output"
                : "\"" + s.substring(at, Math.min(s.length(), at + 20)).replace("\n", "\\n") + "\"";
    }
}
