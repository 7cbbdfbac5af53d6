package org.funssa.core.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The definitions the algorithms are checked against, computed naively on small graphs. */
public final class BruteForce {

    private BruteForce() {}

    /** Nodes reachable from {@code from} along {@code succ} without passing {@code removed}. */
    public static boolean[] reach(List<List<Integer>> succ, int from, int removed) {
        boolean[] seen = new boolean[succ.size()];
        if (from == removed) {
            return seen;
        }
        ArrayDeque<Integer> work = new ArrayDeque<>();
        seen[from] = true;
        work.add(from);
        while (!work.isEmpty()) {
            for (int s : succ.get(work.poll())) {
                if (s != removed && !seen[s]) {
                    seen[s] = true;
                    work.add(s);
                }
            }
        }
        return seen;
    }

    public static List<List<Integer>> successors(Graph g) {
        List<List<Integer>> succ = new ArrayList<>();
        for (int x = 0; x < g.size(); x++) {
            List<Integer> list = new ArrayList<>();
            g.successors(x).stream().forEach(list::add);
            succ.add(list);
        }
        return succ;
    }

    /** dom[d][x]: every path from the entry to x passes d (x reachable). Seed 004 §2.2.3. */
    public static boolean[][] dominance(List<List<Integer>> succ, int entry) {
        int n = succ.size();
        boolean[] reachable = reach(succ, entry, -1);
        boolean[][] dom = new boolean[n][n];
        for (int d = 0; d < n; d++) {
            boolean[] without = reach(succ, entry, d);
            for (int x = 0; x < n; x++) {
                dom[d][x] = reachable[x] && reachable[d] && (d == x || !without[x]);
            }
        }
        return dom;
    }

    /** The immediate dominator from the relation: the strict dominator dominated by all the others. */
    public static int idom(boolean[][] dom, int x) {
        int n = dom.length;
        for (int d = 0; d < n; d++) {
            if (d == x || !dom[d][x]) {
                continue;
            }
            boolean closest = true;
            for (int e = 0; e < n; e++) {
                if (e != x && dom[e][x] && !dom[e][d]) {
                    closest = false;
                }
            }
            if (closest) {
                return d;
            }
        }
        return DominatorTree.NONE;
    }

    /** The exit-augmented graph of seed 004 §2.2.4, rebuilt independently; its last node is the exit when virtual. */
    public record Augmented(List<List<Integer>> succ, int exit, boolean virtual) {}

    public static Augmented augment(Graph g) {
        List<List<Integer>> succ = successors(g);
        boolean[] reachable = reach(succ, g.entry(), -1);
        List<Integer> exits = new ArrayList<>();
        for (int x = 0; x < g.size(); x++) {
            if (!reachable[x]) {
                succ.set(x, new ArrayList<>());
            } else if (succ.get(x).isEmpty()) {
                exits.add(x);
            }
        }
        if (exits.size() == 1) {
            return new Augmented(succ, exits.get(0), false);
        }
        int exit = g.size();
        succ.add(new ArrayList<>());
        if (exits.isEmpty()) {
            succ.get(g.entry()).add(exit);
        }
        for (int x : exits) {
            succ.get(x).add(exit);
        }
        return new Augmented(succ, exit, true);
    }

    /** pdom[p][x]: x reaches the exit and every path from x to the exit passes p. */
    public static boolean[][] postDominance(Augmented aug, int entry) {
        int n = aug.succ().size();
        boolean[] reachable = reach(aug.succ(), entry, -1);
        boolean[] reachesExit = new boolean[n];
        for (int x = 0; x < n; x++) {
            reachesExit[x] = reachable[x] && reach(aug.succ(), x, -1)[aug.exit()];
        }
        boolean[][] pdom = new boolean[n][n];
        for (int x = 0; x < n; x++) {
            if (!reachesExit[x]) {
                continue;
            }
            for (int p = 0; p < n; p++) {
                pdom[p][x] = reachesExit[p] && (p == x || !reach(aug.succ(), x, p)[aug.exit()]);
            }
        }
        return pdom;
    }

    /** DF(x) = { y | some predecessor u of y has x dom u, and not x sdom y } (seed 004 §2.2.5). */
    public static Set<Integer> frontier(List<List<Integer>> succ, boolean[][] dom, int x) {
        Set<Integer> result = new TreeSet<>();
        for (int u = 0; u < succ.size(); u++) {
            for (int y : succ.get(u)) {
                if (dom[x][u] && !(dom[x][y] && x != y)) {
                    result.add(y);
                }
            }
        }
        return result;
    }

    /** The reverse of a successor list. */
    public static List<List<Integer>> reverse(List<List<Integer>> succ) {
        List<List<Integer>> pred = new ArrayList<>();
        for (int x = 0; x < succ.size(); x++) {
            pred.add(new ArrayList<>());
        }
        for (int x = 0; x < succ.size(); x++) {
            for (int y : succ.get(x)) {
                pred.get(y).add(x);
            }
        }
        return pred;
    }

    public static Set<Integer> set(IntSeq seq) {
        Set<Integer> result = new TreeSet<>();
        seq.stream().forEach(result::add);
        return result;
    }
}
