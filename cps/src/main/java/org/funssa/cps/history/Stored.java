package org.funssa.cps.history;

import io.vavr.collection.Vector;
import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
     * Steps between whole snapshots. Rebuilding a snapshot replays the edits since the whole one before it in a
     * single pass (see {@link Edits#program}), which costs the union of the paths they rewrote — at most the
     * nest —, so the keyframe only bounds how many edit lists are read. A whole snapshot costs the union of the
     * paths copied since the previous one, at most one copy of the program's nest of bodies and local
     * functions. So frequent keyframes multiply the memory of a history whose edits reach deep into the nest (a
     * chain of nested blocks copies most of its nest at each one), and rare ones lengthen a rebuild, which walks
     * each edit's path level by level. SnapshotMemory measures the trade-off.
     */
    int KEYFRAME = 1024;

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

        /**
         * The program, rebuilt from the whole snapshot this chain starts at. The edits are replayed together:
         * per function, the last whole replacement and then, per body, the last own parts written to it
         * (edits between whole replacements keep the shape of the nest, so a later edit of a body supersedes
         * an earlier one); each rewritten path is copied once, however many edits went down it.
         */
        @Override
        public Program program() {
            ArrayDeque<Edits> replay = new ArrayDeque<>();
            Stored s = this;
            while (s instanceof Edits e) {
                replay.push(e);
                s = e.base();
            }
            Program base = s.program();
            Function[] functions = base.functions().toJavaArray(Function[]::new);
            Map<Integer, Trie> pending = new HashMap<>();
            Map<Integer, Integer> counts = new HashMap<>();
            while (!replay.isEmpty()) {
                for (Edit edit : replay.pop().edits()) {
                    switch (edit) {
                        case FunctionEdit f -> {
                            functions[f.index()] = f.function();
                            pending.remove(f.index());
                            counts.remove(f.index());
                        }
                        case LocalEdit l -> pending.computeIfAbsent(l.function(), k -> new Trie()).put(l);
                        case CountEdit c -> counts.put(c.function(), c.varCount());
                    }
                }
            }
            pending.forEach((index, trie) -> functions[index] = functions[index].withBody(
                    trie.rebuild(functions[index].body())));
            counts.forEach((index, count) -> functions[index] = functions[index].withBody(functions[index].body(),
                    count));
            boolean unchanged = true;
            for (int i = 0; i < functions.length; i++) {
                unchanged &= functions[i] == base.functions().get(i);
            }
            // Steps that changed nothing give back the very program they started from.
            return unchanged ? base : base.withFunctions(Vector.of(functions));
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

    /** Function {@code function}'s variable count, changed by a pass that numbered new variables. */
    record CountEdit(int function, int varCount) implements Edit {
        @Override
        public Program applyTo(Program program) {
            Function f = program.functions().get(function);
            return program.withFunctions(program.functions().update(function, f.withBody(f.body(), varCount)));
        }
    }

    /** Function {@code index} replaced whole. */
    record FunctionEdit(int index, Function function) implements Edit {
        @Override
        public Program applyTo(Program program) {
            return program.withFunctions(program.functions().update(index, function));
        }
    }

    /**
     * New own parts for the body reached from the body of function {@code function} by a path of
     * local-function indices (the function's own body for an empty path): the local function's parameters
     * (ignored for the function's body), the body's lets and its tail. Its local functions stay those of the
     * program the edit is applied to, so that an edit keeps nothing of the nest below it; the bodies and local
     * functions on the way are path-copied. A path is as long as the nest is deep and an edit should cost
     * what it replaces, so the path is kept run-length encoded — each run of equal indices as the index and
     * the run's length, both unsigned LEB128 —: a path down a chain of dominators (index 0 at every level)
     * takes a few bytes.
     */
    record LocalEdit(int function, byte[] path, Vector<Atom.Var> params, Vector<Let> lets, Tail tail)
            implements Edit {

        static LocalEdit of(int function, int[] indices, Vector<Atom.Var> params, Body body) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int i = 0;
            while (i < indices.length) {
                int run = 1;
                while (i + run < indices.length && indices[i + run] == indices[i]) {
                    run++;
                }
                writeUnsigned(out, indices[i]);
                writeUnsigned(out, run);
                i += run;
            }
            return new LocalEdit(function, out.toByteArray(), params, body.lets(), body.tail());
        }

        private static void writeUnsigned(ByteArrayOutputStream out, int value) {
            int v = value;
            while ((v & ~0x7F) != 0) {
                out.write((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out.write(v);
        }

        /** The path's indices. */
        int[] indices() {
            int[] at = {0};
            int length = 0;
            while (at[0] < path.length) {
                readUnsigned(at);
                length += readUnsigned(at);
            }
            int[] indices = new int[length];
            at[0] = 0;
            int n = 0;
            while (at[0] < path.length) {
                int index = readUnsigned(at);
                int run = readUnsigned(at);
                Arrays.fill(indices, n, n + run, index);
                n += run;
            }
            return indices;
        }

        /** The unsigned LEB128 number at {@code at[0]} of the path, moving {@code at[0]} past it. */
        private int readUnsigned(int[] at) {
            int v = 0;
            int shift = 0;
            byte b;
            do {
                b = path[at[0]++];
                v |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            return v;
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
            return program.withFunctions(program.functions().update(function, f.withBody(rebuilt)));
        }
    }

    /**
     * The local edits of one function, by path: the last own parts written to each body, to be rebuilt in one
     * pass over the union of the paths.
     */
    final class Trie {
        private final TreeMap<Integer, Trie> children = new TreeMap<>();
        private LocalEdit edit;

        /** Records {@code e}, superseding an earlier edit of the same body. */
        void put(LocalEdit e) {
            Trie node = this;
            for (int index : e.indices()) {
                node = node.children.computeIfAbsent(index, k -> new Trie());
            }
            node.edit = e;
        }

        /**
         * {@code body} with the edits applied: post-order over the trie with an explicit stack, since the
         * trie is as deep as the deepest rewritten body.
         */
        Body rebuild(Body body) {
            record Frame(Trie node, Body body, int index, Iterator<Map.Entry<Integer, Trie>> next,
                         List<Map.Entry<Integer, Fn>> done) {}
            ArrayDeque<Frame> stack = new ArrayDeque<>();
            stack.push(new Frame(this, body, -1, children.entrySet().iterator(), new ArrayList<>()));
            Body result = null;
            while (!stack.isEmpty()) {
                Frame top = stack.peek();
                if (top.next().hasNext()) {
                    Map.Entry<Integer, Trie> child = top.next().next();
                    Body below = top.body().functions().get(child.getKey()).body();
                    stack.push(new Frame(child.getValue(), below, child.getKey(),
                            child.getValue().children.entrySet().iterator(), new ArrayList<>()));
                    continue;
                }
                stack.pop();
                Vector<Fn> functions = top.body().functions();
                for (Map.Entry<Integer, Fn> d : top.done()) {
                    functions = functions.update(d.getKey(), d.getValue());
                }
                LocalEdit e = top.node().edit;
                Body rebuilt = e == null ? top.body().withFunctions(functions) : new Body(e.lets(), functions, e.tail());
                if (stack.isEmpty()) {
                    result = rebuilt;
                } else {
                    Frame parent = stack.peek();
                    Fn old = parent.body().functions().get(top.index());
                    parent.done().add(Map.entry(top.index(), e == null ? old.withBody(rebuilt)
                            : new Fn(old.label(), e.params(), rebuilt)));
                }
            }
            return result;
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
                if (a.varCount() != b.varCount()) {
                    edits = edits.append(new CountEdit(i, b.varCount()));
                }
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
