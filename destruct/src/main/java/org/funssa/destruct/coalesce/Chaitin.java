package org.funssa.destruct.coalesce;

/*
 * Source: seed 004 §5.5.2 "Chaitin's Method" (Figure 5.25): after back translation, a copy a ← b whose source
 * and target do not interfere is removed and the two are treated as one variable; with unboundedly many
 * registers this is repeated while it applies (aggressive coalescing). Interference (same section, after
 * Chaitin): a variable defined while another is live, except the source of the copy that defines it.
 * Liveness is that of the conventional program read as plain assignments: jump arguments and block
 * parameters are erased, so they are neither uses nor definitions; only the function's parameters are
 * defined at its entry.
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.rewrite.Nest;
import org.funssa.destruct.Congruence;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.liveness.Interference;

/**
 * Chaitin's aggressive coalescing run after another destruction method: pass name
 * {@code <method>/chaitin}. The copy counts are the method's, with {@code remaining} lowered by the copies
 * coalesced (Chaitin removes any value copy whose ends do not interfere, the method's or the program's own).
 */
public final class Chaitin implements Destruction {

    private final Destruction method;

    /** Chaitin's coalescing after {@code method}. */
    public Chaitin(Destruction method) {
        this.method = method;
    }

    @Override
    public String name() {
        return method.name() + "/chaitin";
    }

    @Override
    public DestructedFunction destruct(Function function) {
        return coalesced(method.destruct(function));
    }

    @Override
    public DestructedFunction destruct(Function function, Vector<Congruence> congruent) {
        return coalesced(method.destruct(function, congruent));
    }

    private DestructedFunction coalesced(DestructedFunction before) {
        Conventional.violation(before.function()).forEach(v -> {
            throw new IllegalStateException(method.name() + " left " + v);
        });
        Run run = new Run(before.function());
        Function coalesced = run.coalesced();
        CopyStats s = before.stats();
        return new DestructedFunction(coalesced, s.withRemaining(Math.max(0, s.remaining() - run.removed)));
    }

    /** Coalescing of one function. */
    private static final class Run {
        private final Nest nest;
        private final Liveness liveness;
        private final Interference interference;
        /** Per vertex of the interference graph: the vertex its class was merged into, or itself for a class. */
        private final int[] parent;
        /** Per class (by its vertex): the vertex of the graph that holds the edges of the whole class. */
        private final int[] classVertex;
        private int removed;

        Run(Function function) {
            nest = Nest.checked(function);
            List<Body> plain = Vector.ofAll(nest.bodies())
                    .map(b -> b.withTail(b.tail().mapJumps(j -> j.withArgs(Vector.empty())))).asJava();
            List<Vector<Atom.Var>> params = new ArrayList<>(Collections.nCopies(nest.size(), Vector.empty()));
            params.set(Nest.ROOT, function.params());
            liveness = Liveness.of(plain, nest, params);
            IntList values = new IntList();
            for (int n = 0; n < liveness.variableCount(); n++) {
                if (liveness.isNumbered(n) && value(liveness.variable(n))) {
                    values.add(n);
                }
            }
            interference = Interference.of(plain, liveness, values);
            parent = new int[interference.size()];
            classVertex = new int[interference.size()];
            for (int v = 0; v < parent.length; v++) {
                parent[v] = v;
                classVertex[v] = v;
            }
        }

        private static boolean value(Atom.Var v) {
            return v.type() instanceof Type.Data;
        }

        /** The vertex of {@code v}'s class, or −1 when it is not a value. */
        private int find(Atom.Var v) {
            int vertex = interference.vertexOfLive(liveness.numberOrMinus(v));
            if (vertex < 0) {
                return -1;
            }
            int root = vertex;
            while (parent[root] != root) {
                root = parent[root];
            }
            while (parent[vertex] != root) {
                int next = parent[vertex];
                parent[vertex] = root;
                vertex = next;
            }
            return root;
        }

        Function coalesced() {
            // greedy coalescing depends on the order of the copies: bodies in preorder, last local function first
            int[] pending = new int[nest.size()];
            int top = 0;
            pending[top++] = Nest.ROOT;
            while (top > 0) {
                int node = pending[--top];
                for (int c = nest.firstChild(node); c >= 0; c = nest.nextSibling(c)) {
                    pending[top++] = c;
                }
                for (Let let : nest.body(node).lets()) {
                    if (let.expr() instanceof Expr.Copy(Atom.Var s)) {
                        int a = find(let.var(0));
                        int b = find(s);
                        if (a >= 0 && b >= 0 && a != b && !interference.adjacent(classVertex[a], classVertex[b])) {
                            parent[a] = b;
                            classVertex[b] = interference.contract(classVertex[a], classVertex[b]);
                        }
                    }
                }
            }
            Function renamed = nest.rewrite((node, b) -> rename(b),
                    (node, fn) -> fn.withParams(Images.map(fn.params(), this::rename)));
            return renamed.withParams(Images.map(renamed.params(), this::rename));
        }

        private Atom.Var rename(Atom.Var v) {
            int root = find(v);
            return root < 0 ? v : interference.variable(root);
        }

        private Atom rename(Atom a) {
            return a instanceof Atom.Var v ? rename(v) : a;
        }

        /** The body with every value renamed to its class's, and the copies that became x ← x removed. */
        private Body rename(Body body) {
            Vector<Let> renamed = Images.map(body.lets(), let -> let.mapVars(this::rename).mapAtoms(this::rename));
            Vector<Let> lets = renamed.filter(let -> !(let.expr() instanceof Expr.Copy(Atom.Var s) && value(s)
                    && let.var(0).equals(s)));
            removed += renamed.size() - lets.size();
            return body.with(lets.size() == renamed.size() ? renamed : lets, body.functions(),
                    body.tail().mapAtoms(this::rename));
        }
    }
}
