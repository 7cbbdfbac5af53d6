package org.funssa.destruct.liveness;

/*
 * Source: seed 004 §5.5.2 (after Chaitin): two variables interfere when one is defined where the other is
 * live, except that the source of a copy does not interfere with the copy's destination. Parameters of one
 * block (φ targets, seed 004 §5.4.2) are defined together at its entry, so they interfere with one another
 * and with everything live there; so do a function's parameters.
 *
 * Only the variables a caller names are in the graph: Sreedhar's method asks about φ resources and the
 * operands of copies only, a third of the variables and a third of the edges on generated functions.
 * The caller names them by their liveness numbers, and the graph keeps a table from those numbers to its
 * vertices both ways, arrays indexed by number; a table from variables to vertices is made only when a caller
 * first asks by variable.
 * Variables are numbered, each has the set of its neighbours' numbers, and the live variables of the
 * backward walk are a sparse set (Briggs and Torczon, "An efficient representation for sparse sets",
 * 1993): adding, removing and clearing cost O(1) or the size, whatever the number of variables.
 *
 * Two vertices can be contracted into one that has the edges of both, which is how the interference of
 * classes of variables (φ-congruence classes) is kept as the classes grow: the vertex with fewer
 * neighbours is the one that goes, so each edge is moved O(log n) times.
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Arrays;
import java.util.function.IntConsumer;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSet;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;
import org.funssa.cps.liveness.LiveSet;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.liveness.Occurrences;

/**
 * An interference graph over some of a function's variables, numbered from 0; it can grow as copies are
 * inserted, and its vertices can be contracted. A graph {@link #of} a function's liveness knows each vertex's
 * liveness number and each liveness number's vertex.
 */
public final class Interference {

    /** Per vertex: its variable. */
    private final ArrayList<Atom.Var> names = new ArrayList<>();
    /** The vertices by variable, made when first asked by variable; null until then. */
    private java.util.HashMap<Atom.Var, Integer> byName;
    private final ArrayList<IntSet> neighbours = new ArrayList<>();
    /** The liveness the graph was made from; null for a graph {@link #over} given names. */
    private final Liveness liveness;
    /** Per liveness number: the variable's vertex, or −1 (numbers past the end too). */
    private int[] vertexOfLive = new int[0];
    /** Per vertex: its variable's liveness number, or −1. */
    private final IntList liveOfVertex = new IntList();

    private Interference(Liveness liveness) {
        this.liveness = liveness;
    }

    /**
     * The interference among the variables of {@code blocks} whose liveness numbers are {@code among} (in the
     * order they first come there the graph numbers them from 0) under {@code liveness}, which must be the
     * liveness of these blocks: the walk reads the variables' numbers from its {@link Liveness#occurrences()}
     * (the blocks' parameters too: the function's for block 0).
     */
    public static Interference of(List<Body> blocks, Liveness liveness, IntList among) {
        Occurrences occurrences = liveness.occurrences();
        if (occurrences.blocks() != blocks.size()) {
            throw new IllegalArgumentException("the liveness of " + occurrences.blocks() + " blocks given for "
                    + blocks.size() + " blocks");
        }
        Interference g = new Interference(liveness);
        int[] vertex = new int[liveness.variableCount()];
        Arrays.fill(vertex, -1);
        g.vertexOfLive = vertex;
        g.neighbours.ensureCapacity(among.size());
        for (int i = 0; i < among.size(); i++) {
            int l = among.get(i);
            if (l < 0 || l >= vertex.length) {
                throw new IllegalArgumentException("no liveness number " + l + " among " + vertex.length
                        + " variables");
            }
            if (vertex[l] < 0) {
                g.addVertex(liveness.variable(l), l);
            }
        }
        Live live = new Live(g.size());
        for (int b = 0; b < blocks.size(); b++) {
            Body body = blocks.get(b);
            live.clear();
            liveness.out(b).forEachNumber(v -> live.add(vertex[v]));
            for (int k = occurrences.tailFrom(b); k < occurrences.tailTo(b); k++) {
                live.add(vertex[occurrences.number(k)]);
            }
            Vector<Let> lets = body.lets();
            for (int i = lets.size() - 1; i >= 0; i--) {
                int from = occurrences.varsFrom(b, i);
                int to = occurrences.varsTo(b, i);
                int source = lets.get(i).expr() instanceof Expr.Copy(Atom.Var s)
                        ? vertex[occurrences.number(occurrences.operandsFrom(b, i))] : -1;
                for (int d = from; d < to; d++) {
                    int n = vertex[occurrences.number(d)];
                    if (n >= 0) {
                        g.neighboursOf(n).reserve(live.size() + to - from);
                        live.forEach(l -> {
                            if (l != source) {
                                g.add(n, l);
                            }
                        });
                        for (int e = from; e < to; e++) {
                            g.add(n, vertex[occurrences.number(e)]);
                        }
                    }
                }
                for (int d = from; d < to; d++) {
                    live.remove(vertex[occurrences.number(d)]);
                }
                for (int k = occurrences.operandsFrom(b, i); k < from; k++) {
                    live.add(vertex[occurrences.number(k)]);
                }
            }
            int from = occurrences.paramsFrom(b);
            int to = occurrences.paramsTo(b);
            int reserve = -1; // the live-in variables that are in the graph, plus the parameters
            for (int d = from; d < to; d++) {
                int n = vertex[occurrences.number(d)];
                if (n >= 0) {
                    if (reserve < 0) {
                        reserve = inGraph(liveness.in(b), vertex) + to - from;
                    }
                    g.neighboursOf(n).reserve(reserve);
                    liveness.in(b).forEachNumber(l -> g.add(n, vertex[l]));
                    for (int q = from; q < to; q++) {
                        g.add(n, vertex[occurrences.number(q)]);
                    }
                }
            }
        }
        return g;
    }

    /**
     * How many of {@code live}'s variables are in the graph. Reserving room for every live variable, a third of
     * which are, left half the neighbour sets of generated functions oversized.
     */
    private static int inGraph(LiveSet live, int[] vertex) {
        int[] count = {0};
        live.forEachNumber(v -> {
            if (vertex[v] >= 0) {
                count[0]++;
            }
        });
        return count[0];
    }

    /** A graph without edges over {@code variables}, numbered in the order they first come from 0. */
    public static Interference over(Iterable<Atom.Var> variables) {
        Interference g = new Interference(null);
        if (variables instanceof Collection<Atom.Var> known) {
            g.neighbours.ensureCapacity(known.size());
        }
        variables.forEach(g::number);
        return g;
    }

    /** The number of {@code v}, given it now if it has none: from now on {@code v} is in the graph. */
    public int number(Atom.Var v) {
        int n = numberOrMinus(v);
        return n >= 0 ? n : addVertex(v, liveness == null ? -1 : liveness.numberOrMinus(v));
    }

    /** The number of {@code v}, or −1 when it is not in the graph. */
    public int numberOrMinus(Atom.Var v) {
        Integer n = byName().get(v);
        return n == null ? -1 : n;
    }

    /**
     * The vertex of the variable whose liveness number is {@code live}, or −1 when it is not in the graph (or
     * the graph was made {@link #over} names).
     */
    public int vertexOfLive(int live) {
        return live >= 0 && live < vertexOfLive.length ? vertexOfLive[live] : -1;
    }

    /** The liveness number of vertex {@code n}'s variable, or −1 when the graph was made {@link #over} names. */
    public int liveOf(int n) {
        return liveOfVertex.get(n);
    }

    /**
     * The vertex of the variable whose liveness number is {@code live}, given it now if it has none (a variable
     * numbered since the graph was made: a copy): from now on the variable is in the graph.
     */
    public int includeLive(int live) {
        if (liveness == null) {
            throw new IllegalStateException("a graph made over names has no liveness numbers");
        }
        int n = vertexOfLive(live);
        return n >= 0 ? n : addVertex(liveness.variable(live), live);
    }

    /** A new vertex for {@code v}, which is not in the graph, whose liveness number is {@code live} (or −1). */
    private int addVertex(Atom.Var v, int live) {
        int n = names.size();
        names.add(v);
        neighbours.add(null);
        liveOfVertex.add(live);
        if (byName != null) {
            byName.putIfAbsent(v, n);
        }
        if (live >= 0) {
            if (live >= vertexOfLive.length) {
                int old = vertexOfLive.length;
                vertexOfLive = Arrays.copyOf(vertexOfLive, Math.max(live + 1, 2 * old));
                Arrays.fill(vertexOfLive, old, vertexOfLive.length, -1);
            }
            vertexOfLive[live] = n;
        }
        return n;
    }

    /** The vertices by variable, made now if no one has asked by variable before. */
    private java.util.HashMap<Atom.Var, Integer> byName() {
        if (byName == null) {
            byName = new java.util.HashMap<>();
            for (int n = 0; n < names.size(); n++) {
                byName.putIfAbsent(names.get(n), n);
            }
        }
        return byName;
    }

    /** The variable of vertex {@code n}. */
    public Atom.Var variable(int n) {
        return names.get(n);
    }

    /** How many variables are in the graph. */
    public int size() {
        return names.size();
    }

    /** Makes vertices {@code a} and {@code b} adjacent (nothing for −1, nor for a vertex and itself). */
    public void add(int a, int b) {
        if (a >= 0 && b >= 0 && a != b && neighboursOf(a).add(b)) {
            neighboursOf(b).add(a);
        }
    }

    /** Calls {@code action} with each neighbour of vertex {@code v}. */
    public void forEachNeighbour(int v, IntConsumer action) {
        IntSet n = neighbours.get(v);
        if (n != null) {
            n.forEach(action);
        }
    }

    /** Whether vertices {@code a} and {@code b} are adjacent. */
    public boolean adjacent(int a, int b) {
        IntSet na = neighbours.get(a);
        IntSet nb = neighbours.get(b);
        return na != null && nb != null && (na.size() <= nb.size() ? na.contains(b) : nb.contains(a));
    }

    /**
     * Contracts vertices {@code a} and {@code b} (two different ones) into one that has the neighbours of
     * both, and returns it: the one of the two with more neighbours (a on a tie). The other has none after.
     */
    public int contract(int a, int b) {
        int kept = degree(a) >= degree(b) ? a : b;
        int gone = kept == a ? b : a;
        IntSet moved = neighbours.get(gone);
        if (moved != null) {
            neighbours.set(gone, null);
            // grown once, not doubling by doubling as the moved edges come
            neighboursOf(kept).reserve(moved.size());
            moved.forEach(c -> {
                neighbours.get(c).remove(gone);
                add(kept, c);
            });
        }
        return kept;
    }

    private int degree(int v) {
        IntSet n = neighbours.get(v);
        return n == null ? 0 : n.size();
    }

    private IntSet neighboursOf(int v) {
        IntSet n = neighbours.get(v);
        if (n == null) {
            n = new IntSet();
            neighbours.set(v, n);
        }
        return n;
    }

    /** The live variables of the walk: a sparse set over the variable numbers; −1 is ignored. */
    private static final class Live {
        private final int[] dense;
        private final int[] sparse;
        private int size;

        Live(int universe) {
            dense = new int[universe];
            sparse = new int[universe];
        }

        boolean contains(int n) {
            int i = sparse[n];
            return i < size && dense[i] == n;
        }

        void add(int n) {
            if (n >= 0 && !contains(n)) {
                sparse[n] = size;
                dense[size++] = n;
            }
        }

        void remove(int n) {
            if (n >= 0 && contains(n)) {
                int last = dense[--size];
                dense[sparse[n]] = last;
                sparse[last] = sparse[n];
            }
        }

        void clear() {
            size = 0;
        }

        int size() {
            return size;
        }

        void forEach(IntConsumer action) {
            for (int i = 0; i < size; i++) {
                action.accept(dense[i]);
            }
        }
    }
}
