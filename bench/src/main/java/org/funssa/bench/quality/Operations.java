package org.funssa.bench.quality;

import io.vavr.control.Try;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.Module;

/**
 * The operations the LIR interpreter executes running a module as a corpus program ({@link RunResult#operations},
 * what {@code funssa run --stats} prints), on the condition that the run prints the program's {@code .ans}
 * (trailing white space aside, as the corpus's {@code COINS-OPT-RUNS.tsv} compares).
 */
final class Operations {

    /** A run that did not print the program's {@code .ans}. */
    static final class WrongOutput extends RuntimeException {
        WrongOutput(String message) {
            super(message, null, false, false);
        }
    }

    private Operations() {}

    /** The operations {@code module} executes within {@code steps}, or why it does not print {@code .ans}. */
    static Try<Long> of(Corpus.Program program, Module module, long steps, String what) {
        return Try.of(() -> {
            RunResult r = LirInterpreter.run(module, RunOptions.defaults().withStepBudget(steps));
            String expected = program.expectedOutput().stripTrailing();
            String actual = r.stdout().stripTrailing();
            if (r instanceof RunResult.Failed failed) {
                throw new WrongOutput(what + " stops with " + failed.error() + " after " + actual.length()
                        + " of " + expected.length() + " characters of .ans");
            }
            if (!actual.equals(expected)) {
                throw new WrongOutput(what + " prints other than .ans from character " + mismatch(actual, expected)
                        + " (" + actual.length() + " characters, .ans " + expected.length() + ")");
            }
            return r.operations();
        });
    }

    /** The index of the first character where {@code a} and {@code b} differ. */
    private static int mismatch(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }
}
