package org.funssa.bench.history;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.Op;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.bench.phase.Rebuild;
import org.funssa.cps.history.History;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.history.Rewrite;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/**
 * Issue 5's memory requirement: 1,000 snapshots of a 10⁵-instruction program, each after a rewrite that
 * touches one block, must cost at most twice one copy of the program; and the same with deep copies, for
 * contrast.
 *
 * <p>Method: the heap in use ({@code totalMemory - freeMemory}) after five {@code System.gc()} calls with
 * pauses, before and after building what is measured, while everything measured stays reachable. No agent
 * or dependency is needed; the figures are within a few hundred kilobytes of what JOL would report, which is
 * far below the sizes measured. Run with a fixed heap so that the collector has room:
 *
 * <pre>
 * mvn -B -ntp -q -pl bench -am package -DskipTests
 * java -Xms6g -Xmx6g -XX:+UseParallelGC -cp bench/target/benchmarks.jar org.funssa.bench.history.SnapshotMemory
 * </pre>
 *
 * <p>Two programs: a realistic one, LirGenerator's {@link Shape#MIX}, ten functions of about 10⁴ LIR statements
 * each, constructed to pruned SSA with the default options (its nest is as deep as its dominator tree:
 * diamonds chain, loops nest; about 950 levels); and the worst case for a nest, a single chain of 10⁵ nested
 * blocks. Each rewrite is one {@code History.apply} of a pass that path-copies one block (Rewrite), at a block
 * picked uniformly at random (seeded); the History keeps each snapshot as what the step rewrote plus the
 * path to it as indices, with a whole program every {@code Stored.KEYFRAME} (1,024) steps. Deep copies are measured
 * for a few snapshots and
 * reported per snapshot, since a thousand would not fit in memory.
 */
public final class SnapshotMemory {

    /** The number of snapshots issue 5 names. */
    public static final int SNAPSHOTS = 1000;
    private static final int DEEP_COPIES = 10;
    private static final int FUNCTIONS = 10;

    /**
     * What one measurement found.
     *
     * @param program         which program, for the report
     * @param size            its lets and local functions
     * @param depth           its deepest nest of local functions
     * @param snapshots       how many one-block rewrites the History recorded
     * @param oneCopy         bytes of one copy of the program
     * @param history         bytes the History added for all its snapshots
     * @param deepPerSnapshot bytes of one deep copy after a rewrite
     */
    public record Measurement(String program, ProgramSize size, int depth, int snapshots, long oneCopy, long history,
                              long deepPerSnapshot) {

        /** The History's cost in copies of the program. */
        public double ratio() {
            return (double) history / oneCopy;
        }

        /** The report's lines for this measurement. */
        public String describe() {
            return String.format(Locale.ROOT, "%s: %s, nest depth %d%n  one copy of the program: %.1f MB%n"
                    + "  %d snapshots in a History: %.1f MB = %.2f x one copy (%.1f KB per snapshot)%n"
                    + "  deep copies: %.1f MB per snapshot, so %d snapshots = %.0f x one copy", program, size, depth,
                    oneCopy / 1e6, snapshots, history / 1e6, ratio(), history / 1e3 / snapshots,
                    deepPerSnapshot / 1e6, snapshots, (double) deepPerSnapshot * snapshots / oneCopy);
        }
    }

    private SnapshotMemory() {}

    public static void main(String[] args) {
        int instructions = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        for (Measurement m : measureBoth(instructions)) {
            System.out.println(m.describe());
        }
    }

    /** Issue 5's measurement on the realistic program, then on the worst case, both of about this size. */
    public static Vector<Measurement> measureBoth(int instructions) {
        return Vector.of(
                measure("mix (LirGenerator MIX, " + FUNCTIONS + " functions, pruned SSA)", mix(instructions), SNAPSHOTS),
                measure("worst case (one chain of nested blocks)", chain(instructions), SNAPSHOTS));
    }

    /** Ten MIX functions of a tenth of {@code instructions} LIR statements each, in pruned SSA. */
    static Program mix(int instructions) {
        return Ssa.construct(LirGenerator.generate(42, GeneratorConfig.sized(instructions / FUNCTIONS,
                Shape.MIX).withFunctions(FUNCTIONS - 1).withFeatures(true, false, false)).module(),
                Construction.PRUNED, ConstructionOptions.DEFAULTS);
    }

    /** {@code snapshots} one-block rewrites of {@code program} in a History, against one copy and deep copies. */
    public static Measurement measure(String name, Program program, int snapshots) {
        List<Target> all = targets(program);
        java.util.Random random = new java.util.Random(7);
        List<Target> targets = new ArrayList<>();
        for (int i = 0; i < snapshots; i++) {
            targets.add(all.get(random.nextInt(all.size())));
        }

        long base = used();
        Program copy = deepCopy(program);
        long one = used() - base;

        long before = used();
        History history = History.of(copy);
        for (int i = 0; i < snapshots; i++) {
            Target target = targets.get(i);
            UnaryOperator<Fn> change = touch(i);
            history = history.apply(Pass.ofProgram("touch", p -> Rewrite.replaceLocalFunction(p, target.function(),
                    target.label(), change)));
        }
        long shared = used() - before;

        history = null;
        long start = used();
        List<Program> deep = new ArrayList<>();
        Program current = copy;
        for (int i = 0; i < Math.min(DEEP_COPIES, snapshots); i++) {
            Target target = targets.get(i);
            current = deepCopy(Rewrite.replaceLocalFunction(current, target.function(), target.label(), touch(i)));
            deep.add(current);
        }
        long copies = used() - start;
        keep(deep, copy, history);
        return new Measurement(name, ProgramSize.of(program), depth(program), snapshots, one, shared,
                copies / Math.max(1, deep.size()));
    }

    /** Keeps its arguments reachable until the measurement is over. */
    private static void keep(Object... values) {
        if (values.hashCode() == 42) {
            System.out.print("");
        }
    }

    /**
     * Adds {@code let _touch<i> = 0} to a block: a rewrite that touches it and nothing else. Its variable is
     * numbered above every function's count: the measurement keeps snapshots, it does not verify them.
     */
    private static UnaryOperator<Fn> touch(int i) {
        return fn -> fn.withBody(fn.body().withLets(fn.body().lets().append(Let.of(
                new Atom.Var(1_000_000_000 + i, "_touch" + i, Type.I32), new Expr.Copy(Atom.i32(i))))));
    }

    private static long used() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 5; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }

    /** A block to rewrite: a function and one of its local functions. */
    private record Target(String function, Label label) {}

    /** Every local function of every function. */
    private static List<Target> targets(Program program) {
        List<Target> targets = new ArrayList<>();
        for (Function f : program.functions()) {
            Nest nest = Nest.of(f);
            for (int node = 1; node < nest.size(); node++) {
                targets.add(new Target(f.name(), nest.fn(node).label()));
            }
        }
        return targets;
    }

    /** The deepest nesting of local functions. */
    private static int depth(Program program) {
        int max = 0;
        for (Function f : program.functions()) {
            Nest nest = Nest.of(f);
            int[] depth = new int[nest.size()];
            for (int node = 1; node < nest.size(); node++) {
                depth[node] = depth[nest.parent(node)] + 1;
                max = Math.max(max, depth[node]);
            }
        }
        return max;
    }

    /** A copy sharing nothing but operands and jump targets: the floor's ({@link Rebuild}). */
    static Program deepCopy(Program program) {
        return Rebuild.of(program);
    }

    /**
     * {@code n} blocks, each nested in the previous and adding 1 to its parameter: depth n. The memory token is
     * variable 0, {@code p<i>} is {@code 1 + 2i} and {@code x<i>} is {@code 2 + 2i}.
     */
    static Program chain(int n) {
        Atom.Var m = new Atom.Var(0, "m", Type.MEM);
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(p(n), m)));
        for (int i = n - 1; i >= 0; i--) {
            Atom.Var x = new Atom.Var(2 + 2 * i, "x" + i, Type.I32);
            Label label = new Label("L" + (i + 1));
            body = new Body(Vector.of(Let.of(x, new Expr.Prim(Op.ADD, Type.I32, Vector.of(p(i), Atom.i32(1))))),
                    Vector.of(new Fn(label, Vector.of(p(i + 1)), body)), Tail.Jump.of(label, x));
        }
        return new Program("chain", Vector.empty(), Vector.empty(), Vector.of(new Function("chain", Vector.empty(),
                Vector.of(p(0), m), Vector.of(Type.I32, Type.MEM), body, 2 + 2 * n)));
    }

    private static Atom.Var p(int i) {
        return new Atom.Var(1 + 2 * i, "p" + i, Type.I32);
    }
}
