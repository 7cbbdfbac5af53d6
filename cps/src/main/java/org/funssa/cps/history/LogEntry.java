package org.funssa.cps.history;

/**
 * One line of {@link History#log()}: the snapshot's position (0 is the input), the step that made it, the
 * program's size and how many nodes the step allocated against the snapshot before it.
 */
public record LogEntry(int index, Step step, ProgramSize size, Sharing sharing) {

    /** A one-line summary: {@code 3 cstp(k=v) 1.2 ms: 812 lets, 40 local functions; 17 new, 2031 shared}. */
    @Override
    public String toString() {
        String options = step.optionsText();
        return index + " " + step.pass() + (options.isEmpty() ? "" : "(" + options + ")") + " "
                + String.format(java.util.Locale.ROOT, "%.3f ms", step.elapsed().toNanos() / 1e6) + ": " + size
                + "; " + sharing;
    }
}
