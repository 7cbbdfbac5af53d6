package org.funssa.core.interp;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.io.OutputStream;

/**
 * What to run and with which limits.
 *
 * @param entry     the function to run ({@code main} by default)
 * @param arguments integer arguments for the entry function; when absent, an entry with one to three
 *                  parameters gets C's {@code argc = 1}, {@code argv = {"<module name>", NULL}} and
 *                  {@code envp = {NULL}} (as many as it takes), and any other entry none
 * @param machine   step budget, call depth, output limit and output sinks
 */
public record RunOptions(String entry, Option<Vector<Long>> arguments, MachineOptions machine) {

    /** Run {@code main} with the default limits (10^9 steps) and no output sinks. */
    public static RunOptions defaults() {
        return new RunOptions("main", Option.none(), MachineOptions.defaults());
    }

    public RunOptions withEntry(String name, long... args) {
        return new RunOptions(name, Option.of(Vector.ofAll(args)), machine);
    }

    public RunOptions withStepBudget(long steps) {
        return new RunOptions(entry, arguments, new MachineOptions(steps, machine.maxCallDepth(),
                machine.outputLimit(), machine.stdout(), machine.stderr()));
    }

    public RunOptions withMaxCallDepth(int depth) {
        return new RunOptions(entry, arguments, new MachineOptions(machine.stepBudget(), depth,
                machine.outputLimit(), machine.stdout(), machine.stderr()));
    }

    public RunOptions withOutputLimit(long bytes) {
        return new RunOptions(entry, arguments, new MachineOptions(machine.stepBudget(), machine.maxCallDepth(),
                bytes, machine.stdout(), machine.stderr()));
    }

    /** Copies the program's stdout to a stream as it is written. */
    public RunOptions withStdout(OutputStream out) {
        return new RunOptions(entry, arguments, new MachineOptions(machine.stepBudget(), machine.maxCallDepth(),
                machine.outputLimit(), Option.of(out), machine.stderr()));
    }

    /** Copies the program's stderr to a stream as it is written. */
    public RunOptions withStderr(OutputStream err) {
        return new RunOptions(entry, arguments, new MachineOptions(machine.stepBudget(), machine.maxCallDepth(),
                machine.outputLimit(), machine.stdout(), Option.of(err)));
    }
}
