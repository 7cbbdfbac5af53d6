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
 * the loops of a function has a member at every loop header: on generated functions of 10^5 instructions
 * with nested loops Method III grew as n^1.6. So the interference of the classes is kept instead: the
 * interference graph of the variables, with each class contracted to one vertex (one of its members).
 * A merge contracts two vertices; an edge added by step 6 joins the classes of its ends. Both questions
 * are then one lookup.
 *
 * The forest links the smaller class under the larger (union by size, ibid.), so no path is longer than
 * log₂ of the class size; the contracted vertex is whichever of the two had more neighbours (so that few
 * edges move), and each root records it. Linking by neighbours instead made paths long: on a generated
 * function of 10^6 instructions, finding roots took a tenth of Method III's time, a hundred times its
 * time at 10^5.
 */

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.funssa.core.graph.IntList;
import org.funssa.destruct.liveness.Interference;
import org.funssa.destruct.liveness.LiveSet;
import org.funssa.destruct.liveness.Liveness;

/**
 * The φ-congruence classes of one function's variables, a variable starting in a class of its own, with the
 * interference between them. The interference of the variables is given (and changed: its vertices become
 * the classes); a variable outside it (neither a φ resource nor a copy's operand) stays alone in its class.
 */
final class PhiCongruence {

    private final Interference graph;
    private final Liveness liveness;
    /**
     * Per liveness number: the variable's number in the graph, −1 when it is not in the graph, or {@link
     * #UNKNOWN} when not asked yet (a number liveness gave after the graph was made). Copies add interference
     * with whole live sets; reading the sets' numbers through this table, instead of looking every name up in
     * the graph again, spares two hash lookups per live variable (at 10^6 instructions, cache misses each).
     */
    private int[] memberOfLive;
    private static final int UNKNOWN = -2;
    /** Per variable number: its parent in the union-find forest, itself for a root. */
    private int[] parent = new int[0];
    /** Per root: the variable whose name the class takes (the seed's representative). */
    private int[] representative = new int[0];
    /** Per root: the graph's vertex for the class (one of its members). */
    private int[] vertex = new int[0];
    /** Per root: the members of its class, itself included; null for a class of one. */
    private final List<IntList> members = new ArrayList<>();

    /** The classes over {@code graph}, whose live sets come from {@code liveness}. */
    PhiCongruence(Interference graph, Liveness liveness) {
        this.graph = graph;
        this.liveness = liveness;
        memberOfLive = graph.vertexOfLive();
        grow();
    }

    /** Whether {@code a} and {@code b} are in one class. */
    boolean same(String a, String b) {
        int na = graph.numberOrMinus(a);
        int nb = graph.numberOrMinus(b);
        return na < 0 || nb < 0 ? a.equals(b) : same(na, nb);
    }

    /**
     * The representative of every variable's class as the classes are now, looked up in a table made once:
     * for renaming every occurrence after the last merge, which must not be followed by another.
     */
    UnaryOperator<String> finalNames() {
        String[] name = new String[graph.size()];
        for (int n = 0; n < name.length; n++) {
            name[n] = graph.name(representative[root(n)]);
        }
        return v -> {
            int n = graph.numberOrMinus(v);
            return n < 0 ? v : name[n];
        };
    }

    /**
     * The same by liveness numbers: the name of the class of each variable {@code liveness} numbers, in an array
     * indexed by them, read through the table of vertices rather than by looking each name up in the graph (at
     * 10^6 instructions those lookups, cache misses each, were a tenth of Method I's time).
     */
    String[] finalNamesByLiveNumber() {
        String[] name = new String[liveness.variableCount()];
        for (int l = 0; l < name.length; l++) {
            int m = memberOfLive(l);
            name[l] = m < 0 ? liveness.variable(l) : graph.name(representative[root(m)]);
        }
        return name;
    }

    /** The number of members of {@code v}'s class. */
    int size(String v) {
        int n = graph.numberOrMinus(v);
        return n < 0 ? 1 : size(root(n));
    }

    /** Whether {@code test} holds for a member of {@code v}'s class. */
    boolean anyMember(String v, Predicate<String> test) {
        int n = graph.numberOrMinus(v);
        IntList m = n < 0 ? null : members.get(root(n));
        if (m == null) {
            return test.test(v);
        }
        for (int i = 0; i < m.size(); i++) {
            if (test.test(graph.name(m.get(i)))) {
                return true;
            }
        }
        return false;
    }

    /** Puts the variable {@code v} in the graph, so that what interferes with it is recorded; its number there. */
    int include(String v) {
        return number(v);
    }

    /**
     * Records that the variable numbered {@code n} in the graph interferes with every member of {@code live}
     * but the one whose liveness number is {@code except} (−1 for none).
     */
    void addInterference(int n, LiveSet live, int except) {
        int at = vertex[root(n)];
        live.forEachNumber(l -> {
            if (l != except) {
                int m = memberOfLive(l);
                if (m >= 0) {
                    graph.add(at, vertex[root(m)]);
                }
            }
        });
    }

    /** The graph's number of the variable whose liveness number is {@code live}, or −1. */
    private int memberOfLive(int live) {
        if (live >= memberOfLive.length) {
            int old = memberOfLive.length;
            memberOfLive = Arrays.copyOf(memberOfLive, Math.max(live + 1, 2 * old));
            Arrays.fill(memberOfLive, old, memberOfLive.length, UNKNOWN);
        }
        int m = memberOfLive[live];
        if (m == UNKNOWN) {
            m = graph.numberOrMinus(liveness.variable(live));
            memberOfLive[live] = m;
        }
        return m;
    }

    /** The graph's number of {@code v}, which is added to the graph when it is not in it. */
    private int number(String v) {
        int before = graph.size();
        int n = graph.number(v);
        if (graph.size() > before) { // a variable the table may have found missing is in the graph now
            int live = liveness.numberOrMinus(v);
            if (live >= 0 && live < memberOfLive.length) {
                memberOfLive[live] = n;
            }
            grow();
        }
        return n;
    }

    /** Records that the variables {@code a} and {@code b} interfere, when both are in the graph. */
    void addInterference(String a, String b) {
        int na = graph.numberOrMinus(a);
        int nb = graph.numberOrMinus(b);
        if (na >= 0 && nb >= 0) {
            graph.add(vertex[root(na)], vertex[root(nb)]);
        }
    }

    /** Whether a member of {@code a}'s class interferes with a member of {@code b}'s. */
    boolean interfere(String a, String b) {
        int na = graph.numberOrMinus(a);
        int nb = graph.numberOrMinus(b);
        return na >= 0 && nb >= 0 && interfere(na, nb);
    }

    /** Merges the classes of {@code a} and {@code b}; the larger class's representative stays (a's on a tie). */
    void union(String a, String b) {
        union(number(a), number(b));
    }

    /**
     * Merges the classes of the variables numbered {@code na} and {@code nb} in the graph (numbers {@link
     * #include} or {@link #member} gave); the larger class's representative stays (na's on a tie).
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

    /** The number of {@code v} in the graph, or −1 when it is not in it. */
    int member(String v) {
        return graph.numberOrMinus(v);
    }

    /** Whether the variables numbered {@code na} and {@code nb} in the graph are in one class. */
    boolean same(int na, int nb) {
        return root(na) == root(nb);
    }

    /** Whether a member of the class of variable {@code na} interferes with one of {@code nb}'s (numbers ≥ 0). */
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
