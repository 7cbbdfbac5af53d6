package org.funssa.cps.history;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;

/*
 * How a History keeps its snapshots: the program itself, or the edits that turn the previous snapshot into
 * it, with a whole program every KEYFRAME steps so that rebuilding a snapshot replays a bounded number of
 * edits (the scheme of delta-compressed version stores, e.g. git's pack files: deltas against a base, with
 * the chain length capped).
 *
 * Path copying (Rewrite) makes a one-block rewrite share everything with the program it started from except
 * the path from the function's body to the block: new bodies and local functions, one per level of the nest.
 * Keeping every snapshot whole would keep every path, which costs O(nest depth) per snapshot — a nest is as
 * deep as the dominator tree, hundreds of levels in a large function. An edit keeps only what the pass
 * actually rewrote: for each body whose lets or tail changed (or whose local function's parameters did), the
 * new lets, tail and parameters and the indices that lead to it — not its local functions, which are taken
 * from the program the edit is applied to, nor the path. A snapshot then costs the rewritten part, as issue 5
 * asks; the path is rebuilt, by the same path copying, when the snapshot is looked at. A step that changes
 * which local functions a body defines, or a function's signature, is kept as the whole new function.
 *
 * The edits between two programs are found by the walk Diff does: identical objects are skipped without
 * looking inside, so finding them costs the rewritten paths, not the program.
 */

/** A snapshot as kept: whole, or as edits to the one before. */
sealed interface Stored {

    /**
     * Steps between whole snapshots; at most this many edit lists are replayed to rebuild one. A whole snapshot
     * costs the union of the paths the steps since the previous one copied, so fewer of them cost less memory
     * and more replay: on SnapshotMemory's MIX program (1,000 one-block rewrites, nest depth 971) 32 gives
     * 1.99x one copy, 128 gives 0.74x, none at all 0.17x; replaying 128 edits to a block 10^3 levels deep
     * takes milliseconds.
     */
    int KEYFRAME = 128;

    /** The program this snapshot holds. */
    Program program();

    /** How many edit lists lie between this snapshot and the whole one it is based on. */
    int chain();

    /** A snapshot kept whole. */
    record Whole(Program program) implements Stored {
        @Override
        public int chain() {
            return 0;
        }
    }

    /**
     * A snapshot kept as edits to {@code base}, whose functions' names, number and signatures it shares.
     *
     * @param base  the snapshot before
     * @param chain {@code base.chain() + 1}
     * @param edits what to replace, in order
     */
    record Edits(Stored base, int chain, Vector<Edit> edits) implements Stored {

        @Override
        public Program program() {
            ArrayDeque<Edits> replay = new ArrayDeque<>();
            Stored s = this;
            while (s instanceof Edits e) {
                replay.push(e);
                s = e.base();
            }
            Program program = s.program();
            while (!replay.isEmpty()) {
                program = replay.pop().applyTo(program);
            }
            return program;
        }

        /** This snapshot's program, given its base's. */
        Program applyTo(Program base) {
            Program program = base;
            for (Edit edit : edits) {
                program = edit.applyTo(program);
            }
            return program;
        }
    }

    /** One replacement. */
    sealed interface Edit {
        Program applyTo(Program program);
    }

    /** Function {@code index} replaced whole. */
    record FunctionEdit(int index, Function function) implements Edit {
        @Override
        public Program applyTo(Program program) {
            return new Program(program.name(), program.symbols(), program.data(),
                    program.functions().update(index, function));
        }
    }

    /**
     * New own parts for the body reached from the body of function {@code function} by a path of
     * local-function indices (the function's own body for an empty path): the local function's parameters
     * (ignored for the function's body), the body's lets and its tail. Its local functions stay those of the
     * program the edit is applied to, so that an edit keeps nothing of the nest below it; the bodies and local
     * functions on the way are path-copied. The path is kept as unsigned LEB128 bytes (one byte per level for
     * indices below 128, nearly every level), because a path is as long as the nest is deep and an edit should
     * cost what it replaces.
     */
    record LocalEdit(int function, byte[] path, Vector<Atom.Var> params, Vector<Let> lets, Tail tail)
            implements Edit {

        static LocalEdit of(int function, int[] indices, Vector<Atom.Var> params, Body body) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(indices.length);
            for (int index : indices) {
                int v = index;
                while ((v & ~0x7F) != 0) {
                    out.write((v & 0x7F) | 0x80);
                    v >>>= 7;
                }
                out.write(v);
            }
            return new LocalEdit(function, out.toByteArray(), params, body.lets(), body.tail());
        }

        /** The path's indices. */
        int[] indices() {
            int[] decoded = new int[path.length];
            int n = 0;
            int i = 0;
            while (i < path.length) {
                int v = 0;
                int shift = 0;
                byte b;
                do {
                    b = path[i++];
                    v |= (b & 0x7F) << shift;
                    shift += 7;
                } while ((b & 0x80) != 0);
                decoded[n++] = v;
            }
            return java.util.Arrays.copyOf(decoded, n);
        }

        @Override
        public Program applyTo(Program program) {
            int[] path = indices();
            Function f = program.functions().get(function);
            // bodies[i] is the body holding the local function path[i]; bodies[path.length] the edited one.
            List<Body> bodies = new ArrayList<>(path.length + 1);
            Body body = f.body();
            bodies.add(body);
            for (int index : path) {
                body = body.functions().get(index).body();
                bodies.add(body);
            }
            Body rebuilt = new Body(lets, body.functions(), tail);
            for (int i = path.length - 1; i >= 0; i--) {
                Body at = bodies.get(i);
                Fn old = at.functions().get(path[i]);
                Fn fn = i == path.length - 1 ? new Fn(old.label(), params, rebuilt) : old.withBody(rebuilt);
                rebuilt = at.withFunctions(at.functions().update(path[i], fn));
            }
            return new Program(program.name(), program.symbols(), program.data(),
                    program.functions().update(function, f.withBody(rebuilt)));
        }
    }

    /**
     * {@code next}, kept as edits to {@code previous} (whose program is {@code before}) when it shares its
     * functions' names, signatures and the labels of their local functions along the rewritten paths, and the
     * edit chain is short enough; whole otherwise.
     */
    static Stored of(Stored previous, Program before, Program next) {
        if (previous.chain() + 1 >= KEYFRAME || !sameFrame(before, next)) {
            return new Whole(next);
        }
        Vector<Edit> edits = Vector.empty();
        for (int i = 0; i < next.functions().size(); i++) {
            Function a = before.functions().get(i);
            Function b = next.functions().get(i);
            if (a == b) {
                continue;
            }
            if (!a.name().equals(b.name()) || !a.symbols().equals(b.symbols()) || !a.params().equals(b.params())
                    || !a.results().equals(b.results())) {
                edits = edits.append(new FunctionEdit(i, b));
            } else {
                edits = edits.appendAll(localEdits(i, a, b));
            }
        }
        return new Edits(previous, previous.chain() + 1, edits);
    }

    /** Whether the programs agree on everything but their functions' contents. */
    private static boolean sameFrame(Program a, Program b) {
        return a.functions().size() == b.functions().size() && a.name().equals(b.name())
                && (a.symbols() == b.symbols() || a.symbols().equals(b.symbols()))
                && (a.data() == b.data() || a.data().equals(b.data()));
    }

    /** Whether two bodies define local functions with the same labels in the same order. */
    private static boolean sameShape(Body a, Body b) {
        if (a.functions().size() != b.functions().size()) {
            return false;
        }
        for (int i = 0; i < a.functions().size(); i++) {
            Fn f = a.functions().get(i);
            Fn g = b.functions().get(i);
            if (f != g && !f.label().equals(g.label())) {
                return false;
            }
        }
        return true;
    }

    /** Whether the bodies differ in their lets or tail. */
    private static boolean ownPartsDiffer(Body a, Body b) {
        return a.lets() != b.lets() && !a.lets().equals(b.lets()) || a.tail() != b.tail() && !a.tail().equals(b.tail());
    }

    /** A pair of bodies to compare, the parameters of the second one's local function, and the path to them. */
    record Visit(Body a, Body b, Vector<Atom.Var> paramsA, Vector<Atom.Var> paramsB, Visit parent, int index,
                         int depth) {

        /** The local-function indices from the function's body to this one. */
        int[] path() {
            int[] path = new int[depth];
            for (Visit v = this; v.parent() != null; v = v.parent()) {
                path[v.depth() - 1] = v.index();
            }
            return path;
        }
    }

    /**
     * The edits that turn function {@code a} into {@code b}: down the nest, skipping identical local
     * functions, an edit of the own parts of each body that differs, or the whole function when the local
     * functions of one of its bodies changed their labels (the nest below that body was rebuilt).
     */
    private static Vector<Edit> localEdits(int function, Function a, Function b) {
        Vector<Edit> edits = Vector.empty();
        ArrayDeque<Visit> stack = new ArrayDeque<>();
        stack.push(new Visit(a.body(), b.body(), Vector.empty(), Vector.empty(), null, -1, 0));
        while (!stack.isEmpty()) {
            Visit v = stack.pop();
            if (!sameShape(v.a(), v.b())) {
                return Vector.of(new FunctionEdit(function, b));
            }
            if (ownPartsDiffer(v.a(), v.b()) || !v.paramsA().equals(v.paramsB())) {
                edits = edits.append(LocalEdit.of(function, v.path(), v.paramsB(), v.b()));
            }
            for (int i = v.a().functions().size() - 1; i >= 0; i--) {
                Fn f = v.a().functions().get(i);
                Fn g = v.b().functions().get(i);
                if (f != g) {
                    stack.push(new Visit(f.body(), g.body(), f.params(), g.params(), v, i, v.depth() + 1));
                }
            }
        }
        return edits;
    }
}
