package org.funssa.cps.history;

import io.vavr.collection.HashMap;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import java.time.Duration;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;

/**
 * A persistent history of program values (DESIGN.md "Snapshots"; issue 5): apply a pass, undo, redo, name
 * a snapshot and go back to it, list the steps, diff two snapshots. A history is a value: every operation
 * returns a new history and leaves this one valid, so two threads may branch from the same history.
 * Because programs share structure, a snapshot costs what its pass changed: snapshots are kept as the
 * local functions a step rewrote, with a whole program every few steps (see {@code Stored}), and the
 * current program is kept whole.
 *
 * <p>As in an editor, {@link #apply} after {@link #undo} drops what could have been redone.
 *
 * <pre>{@code
 * History h = History.of(program).apply(pass).mark("after-cse");
 * h = h.undo().redo();
 * h.log().forEach(System.out::println);
 * }</pre>
 */
public final class History {

    /** A program, as kept, and the step that made it. */
    private record Snapshot(Stored stored, Step step) {
        Program program() {
            return stored.program();
        }
    }

    /** Snapshots up to the current one, newest first; the last is the input. */
    private final List<Snapshot> done;
    /** Undone snapshots, next to redo first. */
    private final List<Snapshot> undone;
    /** Named positions: the {@link #done} list at the time of marking. */
    private final Map<String, List<Snapshot>> marks;

    /** The program of {@code done.head()}, whole. */
    private final Program current;

    private History(Program current, List<Snapshot> done, List<Snapshot> undone, Map<String, List<Snapshot>> marks) {
        this.current = current;
        this.done = done;
        this.undone = undone;
        this.marks = marks;
    }

    /** A history whose only snapshot is {@code program}. */
    public static History of(Program program) {
        return of(program, Step.INPUT);
    }

    /**
     * A history whose only snapshot is {@code program}, made by {@code step}: for a program that comes from
     * outside the IR, such as SSA construction from LIR, whose options and time the log should show.
     */
    public static History of(Program program, Step step) {
        return new History(program, List.of(new Snapshot(new Stored.Whole(program), step)), List.empty(),
                HashMap.empty());
    }

    /** The current program. */
    public Program current() {
        return current;
    }

    /** The program after {@code pass}, with no options recorded. */
    public History apply(Pass pass) {
        return apply(pass, LinkedHashMap.empty());
    }

    /**
     * The history whose current program is {@code pass} applied to this one's, recording the pass's name,
     * {@code options} (how the pass was configured, for the log) and the time it took. Redo is no longer
     * possible afterwards.
     */
    public History apply(Pass pass, Map<String, String> options) {
        long start = System.nanoTime();
        Program next = pass.apply(current);
        return record(next, new Step(pass.name(), options, Duration.ofNanos(System.nanoTime() - start)));
    }

    /**
     * The history whose current program is {@code next}, made by {@code step} outside this history: for a
     * step that is not a {@link Pass}, or whose caller keeps more of its result than the program (the copy
     * counts of a destruction). Redo is no longer possible afterwards.
     */
    public History record(Program next, Step step) {
        Stored stored = Stored.of(done.head().stored(), current, next);
        return new History(next, done.prepend(new Snapshot(stored, step)), List.empty(), marks);
    }

    /** Whether there is a step to undo. */
    public boolean canUndo() {
        return done.size() > 1;
    }

    /** Whether there is an undone step to redo. */
    public boolean canRedo() {
        return !undone.isEmpty();
    }

    /**
     * The history one step back.
     *
     * @throws IllegalStateException at the input
     */
    public History undo() {
        if (!canUndo()) {
            throw new IllegalStateException("nothing to undo: the history is at its input");
        }
        return new History(done.tail().head().program(), done.tail(), undone.prepend(done.head()), marks);
    }

    /**
     * The history one undone step forward.
     *
     * @throws IllegalStateException when nothing was undone since the last apply
     */
    public History redo() {
        if (!canRedo()) {
            throw new IllegalStateException("nothing to redo");
        }
        return new History(undone.head().program(), done.prepend(undone.head()), undone.tail(), marks);
    }

    /** The history with the current snapshot named {@code name} (replacing an earlier mark of that name). */
    public History mark(String name) {
        return new History(current, done, undone, marks.put(name, done));
    }

    /** The names of the marks. */
    public io.vavr.collection.SortedSet<String> marks() {
        return io.vavr.collection.TreeSet.ofAll(marks.keySet());
    }

    /**
     * The history as it was when {@code name} was marked: its current program and the steps leading to it.
     * Marks are kept; nothing can be redone.
     *
     * @throws IllegalArgumentException when there is no such mark
     */
    public History checkout(String name) {
        List<Snapshot> snapshots = marked(name);
        return new History(snapshots.head().program(), snapshots, List.empty(), marks);
    }

    /** The steps from the input to the current program, each with the program's size and sharing. */
    public Vector<LogEntry> log() {
        Vector<Snapshot> steps = done.reverse().toVector();
        Vector<LogEntry> log = Vector.empty();
        Program previous = new Program("", Vector.empty(), Vector.empty(), Vector.empty());
        for (int i = 0; i < steps.size(); i++) {
            Snapshot s = steps.get(i);
            // Rebuilt from the one before, as the step built it, so that sharing is measured as it was.
            Program program = s.stored() instanceof Stored.Edits edits ? edits.applyTo(previous) : s.program();
            log = log.append(new LogEntry(i, s.step(), ProgramSize.of(program), Sharing.between(previous, program)));
            previous = program;
        }
        return log;
    }

    /** The program at position {@code index} of the {@link #log()}: 0 is the input. */
    public Program snapshot(int index) {
        if (index < 0 || index >= done.size()) {
            throw new IllegalArgumentException("no snapshot " + index + "; the log has positions 0 to "
                    + (done.size() - 1));
        }
        return done.get(done.size() - 1 - index).program();
    }

    /** How the snapshot at log position {@code index} is kept (for tests of this package). */
    Stored stored(int index) {
        return done.get(done.size() - 1 - index).stored();
    }

    /** The program marked {@code name}. */
    public Program snapshot(String name) {
        return marked(name).head().program();
    }

    /** What changed from log position {@code a} to log position {@code b}. */
    public Diff diff(int a, int b) {
        return Diff.between(snapshot(a), snapshot(b));
    }

    /** What changed from the snapshot marked {@code a} to the one marked {@code b}. */
    public Diff diff(String a, String b) {
        return Diff.between(snapshot(a), snapshot(b));
    }

    private List<Snapshot> marked(String name) {
        return marks.get(name).getOrElseThrow(() -> new IllegalArgumentException("no mark \"" + name + "\"; marks: "
                + (marks.isEmpty() ? "none" : marks().mkString(", "))));
    }

    @Override
    public String toString() {
        return "History[" + done.size() + " snapshots, " + undone.size() + " undone, marks " + marks() + "]";
    }
}
