package org.funssa.destruct.sreedhar;

/*
 * Source: seed 004 §5.4.6, Note 1 and Note 2 of Method III's algorithm: merging the classes of one φ merges
 * every class its resources already belong to (the transitive closure of a union of sets), and a class is a
 * single entity that every member points to. Here the classes are a union-find forest (path halving; Tarjan,
 * "Efficiency of a good but not linear set union algorithm", 1975) whose roots carry the class: its
 * representative (the variable that names it, the larger class's on a merge), its members and its
 * interference.
 *
 * Step 4 asks whether the classes of two resources interfere, and §5.5.1 whether two classes have an
 * interfering pair of members other than the copy's own (a copy's destination does not interfere with its
 * source, §5.5.2, and no update of step 6 makes them, so that is whether the classes interfere). Comparing
 * the members pairwise costs the product of the class sizes, and a class that follows one register around
 * the loops of a function has a member at every loop header, so on functions with nested loops the pairwise
 * tests grow with the square of the number of loops. So the interference of the classes is kept instead: the
 * interference graph of the variables, with each class contracted to one vertex (one of its members).
 * A merge contracts two vertices; an edge added by step 6 joins the classes of its ends. Both questions
 * are then one lookup.
 *
 * The forest links the smaller class under the larger (union by size, ibid.), so no path is longer than
 * log₂ of the class size; the contracted vertex is whichever of the two had more neighbours (so that few
 * edges move), and each root records it. Linking by neighbours instead made paths long, bounded only by the
 * class size, so that finding a root was no longer logarithmic.
 */

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.destruct.liveness.Interference;
import org.funssa.cps.liveness.LiveSet;
import org.funssa.cps.liveness.Liveness;

/**
 * The φ-congruence classes of one function's variables, a variable starting in a class of its own, with the
 * interference between them. The interference of the variables is given (and changed: its vertices become
 * the classes); a variable outside it (neither a φ resource nor a copy's operand) stays alone in its class.
 *
 * <p>Variables are named by numbers, never by names: a variable's <em>liveness number</em> (the number {@link
 * Liveness} gives it, which the method reads from the liveness's occurrences) and its <em>member number</em>
 * (its vertex in the graph as first given, which the graph finds from the liveness number by a table).
 * At 10^6 instructions a name looked up in a hash table of 10^6 names is a cache miss or two; numbers replace
 * those lookups by name in step 4's pair test, in coalescing and in the final renaming.
 */
final class PhiCongruence {

    private final Interference graph;
    private final Liveness liveness;
    /** Per member number: its parent in the union-find forest, itself for a root. */
    private int[] parent = new int[0];
    /** Per root: the member whose name the class takes (the seed's representative). */
    private int[] representative = new int[0];
    /** Per root: the graph's vertex for the class (one of its members). */
    private int[] vertex = new int[0];
    /** Per root: the members of its class, itself included; null for a class of one. */
    private final List<IntList> members = new ArrayList<>();

    /**
     * The classes over {@code graph}, which {@link Interference#of} made from {@code liveness}: every variable
     * of the graph has a liveness number.
     */
    PhiCongruence(Interference graph, Liveness liveness) {
        this.graph = graph;
        this.liveness = liveness;
        grow();
    }

    /** The member number of the variable whose liveness number is {@code live}, or −1 when it is not in the graph. */
    int member(int live) {
        return graph.vertexOfLive(live);
    }

    /**
     * The member number of the variable whose liveness number is {@code live}, which is put in the graph when it
     * is not in it (a copy the method makes), so that what interferes with it is recorded.
     */
    int include(int live) {
        int m = graph.includeLive(live);
        grow();
        return m;
    }

    /**
     * The name of the class of each variable {@code liveness} numbers, in an array indexed by the liveness
     * numbers: for renaming every occurrence after the last merge, which must not be followed by another.
     */
    Atom.Var[] finalNamesByLiveNumber() {
        Atom.Var[] name = new Atom.Var[liveness.variableCount()];
        for (int l = 0; l < name.length; l++) {
            int m = member(l);
            name[l] = m >= 0 ? graph.variable(representative[root(m)])
                    : liveness.isNumbered(l) ? liveness.variable(l) : null;
        }
        return name;
    }

    /**
     * Whether a member of the class of member {@code n} is in {@code live}, looked up from the smaller side: the
     * class's members in the set, or the set's variables in the class.
     */
    boolean anyMemberIn(int n, LiveSet live) {
        int r = root(n);
        IntList m = members.get(r);
        if (m == null) {
            return live.contains(graph.liveOf(r));
        }
        if (m.size() <= live.size()) {
            for (int i = 0; i < m.size(); i++) {
                if (live.contains(graph.liveOf(m.get(i)))) {
                    return true;
                }
            }
            return false;
        }
        return live.anyNumber(l -> {
            int k = member(l);
            return k >= 0 && root(k) == r;
        });
    }

    /**
     * Records that member {@code n}'s class interferes with the class of every member of {@code live} but the
     * variable whose liveness number is {@code except} (−1 for none).
     */
    void addInterference(int n, LiveSet live, int except) {
        int at = vertex[root(n)];
        live.forEachNumber(l -> {
            if (l != except) {
                int m = member(l);
                if (m >= 0) {
                    graph.add(at, vertex[root(m)]);
                }
            }
        });
    }

    /** Records that the classes of members {@code a} and {@code b} interfere. */
    void addInterference(int a, int b) {
        graph.add(vertex[root(a)], vertex[root(b)]);
    }

    /**
     * Merges the classes of members {@code na} and {@code nb}; the larger class's representative stays (na's on a
     * tie).
     */
    void union(int na, int nb) {
        int ra = root(na);
        int rb = root(nb);
        if (ra == rb) {
            return;
        }
        int kept = size(ra) < size(rb) ? rb : ra;
        int gone = kept == ra ? rb : ra;
        vertex[kept] = graph.contract(vertex[ra], vertex[rb]);
        parent[gone] = kept;
        IntList into = membersOf(kept);
        into.addAll(membersOf(gone));
        members.set(gone, null);
    }

    /** Whether members {@code na} and {@code nb} are in one class. */
    boolean same(int na, int nb) {
        return root(na) == root(nb);
    }

    /** Whether a member of the class of member {@code na} interferes with one of {@code nb}'s. */
    boolean interfere(int na, int nb) {
        return graph.adjacent(vertex[root(na)], vertex[root(nb)]);
    }

    /** The root of {@code n}'s tree, halving the path on the way. */
    private int root(int n) {
        while (parent[n] != n) {
            parent[n] = parent[parent[n]];
            n = parent[n];
        }
        return n;
    }

    private int size(int root) {
        IntList m = members.get(root);
        return m == null ? 1 : m.size();
    }

    private IntList membersOf(int root) {
        IntList m = members.get(root);
        if (m == null) {
            m = new IntList();
            m.add(root);
            members.set(root, m);
        }
        return m;
    }

    /** Room for every variable the graph has numbered so far, each in a class of its own. */
    private void grow() {
        int old = parent.length;
        if (graph.size() > old) {
            int length = Math.max(graph.size(), 2 * old);
            parent = Arrays.copyOf(parent, length);
            representative = Arrays.copyOf(representative, length);
            vertex = Arrays.copyOf(vertex, length);
            for (int i = old; i < length; i++) {
                parent[i] = i;
                representative[i] = i;
                vertex[i] = i;
                members.add(null);
            }
        }
    }
}
