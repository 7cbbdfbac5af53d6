package org.funssa.core.graph;

import java.util.Arrays;
import java.util.function.IntFunction;

/*
 * Liveness checking: "is variable v live on entry to node y?" answered for the questions asked, without
 * the live sets of org.funssa.core.graph.Liveness, whose total size can be quadratic in the graph's (L
 * counters set on entry, counter k read in loop k: counter k is live through loops 1..k-1). By definition
 * (Appel & Palsberg, "Modern Compiler Implementation", §10.1), v is live into y when some path from y's
 * entry reaches an upward-exposed use of v before any definition of v. Two explorations answer that, and
 * each alone can be the slow one:
 *
 *  - forward from y, through the nodes that neither use nor define v, until a use (per-variable path
 *    exploration). It is cheap when a use is near, and costs the whole region y reaches when v is dead
 *    there (a temporary defined in a loop body and read later in the body is dead at the loop header, and
 *    the region after the loop can be the rest of the function);
 *  - backward from every use of v, through the nodes that do not define v (Liveness's walk for one
 *    variable, Appel & Palsberg §19.6). It costs v's whole live range, which is what makes the counters
 *    quadratic.
 *
 * So a question runs both, one edge of each in turn, and stops when either knows: the forward search found a
 * use (live) or exhausted its region (dead), or the backward walk reached y (live) or ended (then it has
 * every node v is live into). A question costs at most twice the cheaper exploration. Both keep what they
 * learn for the next question about v: the backward walk is resumed, never restarted, and the forward
 * search is Tarjan's strongly connected components (Tarjan 1972) over the transparent nodes, so that when
 * it stops at a use every node still on Tarjan's stack reaches that use (it reaches a node of the depth-first
 * path, each of which leads to the use) and v is live into it, and every component completed before is closed
 * under successors without a use, so v is dead in it: every node a finished search visits is decided once.
 * A search the backward walk overtakes leaves its undecided nodes unvisited again, having done no more than
 * the walk did meanwhile. For one variable, all questions together cost at most twice the cheaper of the
 * variable's live range and the regions its questions explore forward, plus one step per question.
 *
 * Why not Boissinot et al.'s checker ("Fast Liveness Checking for SSA-Form Programs", CGO 2008): it
 * needs SSA form (one definition dominating the uses), which φ placement is building, and its precomputed
 * reduced-reachability sets take memory quadratic in the number of nodes in the worst case. Here memory is
 * a few int arrays over the nodes, stamped by the variable being asked about (a new stamp whenever the
 * variable changes), so nothing is cleared between variables; questions about one variable should come
 * together, as φ placement asks them.
 */

/** Answers "is variable v live on entry to node y" one question at a time, variables being ints {@code 0 .. variables-1}. */
public final class LivenessCheck {

    /** A forward search's verdicts for the current variable; an open node is on Tarjan's stack. */
    private static final int OPEN = 0;
    private static final int LIVE = 1;
    private static final int DEAD = 2;

    private final Graph graph;
    private final Liveness.Inverted usedAt;
    private final Liveness.Inverted definedAt;
    /** The stamp of the variable being asked about; the arrays below hold facts about it where they hold it. */
    private int stamp;
    private int variable = -1;
    private final int[] useStamp;
    private final int[] defStamp;
    /** The backward walk: v is live into the node (the walk reached it), and the nodes whose predecessors are next. */
    private final int[] inStamp;
    private final IntList backward = new IntList();
    /** The next predecessor of the node at the top of {@link #backward}, or -1 when its predecessors are not begun. */
    private int backwardEdge = -1;
    /** The forward search: verdict, depth-first number and lowest number reached of each node visited. */
    private final int[] searchStamp;
    private final int[] verdict;
    private final int[] number;
    private final int[] low;
    private int numbered;
    /** The depth-first path as pairs (node, next successor index), and Tarjan's stack. */
    private final IntList path = new IntList();
    private final IntList tarjan = new IntList();

    /**
     * Prepares the questions; no liveness is computed yet.
     *
     * @param variables number of variables; ids are {@code 0 .. variables-1}
     * @param uses      per node, the variables it reads before writing them (upward-exposed uses)
     * @param defs      per node, the variables it writes
     */
    public LivenessCheck(Graph graph, int variables, IntFunction<IntSeq> uses, IntFunction<IntSeq> defs) {
        this.graph = graph;
        int n = graph.size();
        usedAt = Liveness.Inverted.of(n, variables, uses);
        definedAt = Liveness.Inverted.of(n, variables, defs);
        useStamp = stamps(n);
        defStamp = stamps(n);
        inStamp = stamps(n);
        searchStamp = stamps(n);
        verdict = new int[n];
        number = new int[n];
        low = new int[n];
    }

    private static int[] stamps(int n) {
        int[] stamps = new int[n];
        Arrays.fill(stamps, -1);
        return stamps;
    }

    /** Whether {@code variable} is live on entry to {@code node}. */
    public boolean liveIn(int node, int variable) {
        select(variable);
        // a use is live in from the start, a definition (not read before) never; a node already decided stays so
        if (inStamp[node] != stamp && defStamp[node] != stamp && searchStamp[node] != stamp && !backwardDone()) {
            numbered = 0;
            open(node);
            while (!path.isEmpty() && inStamp[node] != stamp && !backwardDone()) {
                forwardStep();
                backwardStep();
            }
            if (!path.isEmpty()) {
                abandon();
            }
        }
        return inStamp[node] == stamp || (searchStamp[node] == stamp && verdict[node] == LIVE);
    }

    /** Starts the facts about a new variable: its uses begin the backward walk. */
    private void select(int v) {
        if (v == variable) {
            return;
        }
        variable = v;
        stamp++;
        path.clear();
        tarjan.clear();
        backward.clear();
        backwardEdge = -1;
        for (int k = definedAt.start()[v]; k < definedAt.start()[v + 1]; k++) {
            defStamp[definedAt.nodes()[k]] = stamp;
        }
        for (int k = usedAt.start()[v]; k < usedAt.start()[v + 1]; k++) {
            int node = usedAt.nodes()[k];
            useStamp[node] = stamp;
            inStamp[node] = stamp;
            backward.add(node);
        }
    }

    private boolean backwardDone() {
        return backward.isEmpty();
    }

    /** One predecessor edge of the backward walk: v live into a node is live out of its predecessor. */
    private void backwardStep() {
        if (backward.isEmpty()) {
            return;
        }
        int node = backward.last();
        int k = backwardEdge < 0 ? 0 : backwardEdge;
        if (k == graph.predecessorCount(node)) {
            backward.pop();
            backwardEdge = -1;
            return;
        }
        backwardEdge = k + 1;
        int p = graph.predecessor(node, k);
        if (defStamp[p] != stamp && inStamp[p] != stamp) {
            inStamp[p] = stamp;
            backward.pop();
            backward.add(p);
            backward.add(node);
            // the node keeps its place on top with its next edge; p is worked once the node is done
        }
    }

    /** One successor edge of the forward search, or the end of a node's successors. */
    private void forwardStep() {
        int top = path.size() - 2;
        int node = path.get(top);
        int k = path.get(top + 1);
        IntSeq successors = graph.successors(node);
        if (k == successors.size()) {
            path.pop();
            path.pop();
            if (low[node] == number[node]) {
                int w;
                do {
                    w = tarjan.pop();
                    verdict[w] = DEAD;
                } while (w != node);
            }
            if (!path.isEmpty()) {
                int parent = path.get(path.size() - 2);
                low[parent] = Math.min(low[parent], low[node]);
            }
            return;
        }
        path.set(top + 1, k + 1);
        int s = successors.get(k);
        if (inStamp[s] == stamp || useStamp[s] == stamp
                || (searchStamp[s] == stamp && verdict[s] == LIVE)) {
            found();
        } else if (searchStamp[s] == stamp) {
            if (verdict[s] == OPEN) {
                low[node] = Math.min(low[node], number[s]);
            }
        } else if (defStamp[s] != stamp) {
            open(s);
        }
    }

    /** A node where neither search has been: on the path and on Tarjan's stack. */
    private void open(int node) {
        searchStamp[node] = stamp;
        verdict[node] = OPEN;
        number[node] = numbered;
        low[node] = numbered;
        numbered++;
        path.add(node);
        path.add(0);
        tarjan.add(node);
    }

    /**
     * The backward walk answered first: the nodes on Tarjan's stack are undecided and become unvisited again (the
     * components completed meanwhile keep their verdict).
     */
    private void abandon() {
        while (!tarjan.isEmpty()) {
            searchStamp[tarjan.pop()] = -1;
        }
        path.clear();
    }

    /** The path reached a node v is live into: so is every node on Tarjan's stack. */
    private void found() {
        while (!tarjan.isEmpty()) {
            verdict[tarjan.pop()] = LIVE;
        }
        path.clear();
    }
}
