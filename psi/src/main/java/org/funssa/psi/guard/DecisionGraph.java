package org.funssa.psi.guard;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntList;

/*
 * Seed 002 §3.2 and §4.1: the acyclic control-flow graph whose blocks' predicates (Definition 14: the traces
 * through the block) are the guards read as paths of branch outcomes (GuardPaths). A context — a path from START
 * — is a block. In it, the tests that the paths through it make next come one after another, each a diamond:
 * the context's block (or the join of the diamond before) branches to the two contexts one outcome longer,
 * whose last blocks join again; the root context starts at START and its last join is END. So a path's block
 * is on exactly the traces that take its outcomes. Two tests of one condition in different contexts are two
 * branches here, whose outcomes a trace may take differently while a run of the program cannot: the graph has
 * more traces than the program has runs, so a disjointness or inclusion that holds on every trace holds on every
 * run. Built from the paths by a loop over them, without recursion.
 */

/** The decision graph of a set of paths of branch outcomes: a block per path, reached when its outcomes are. */
public final class DecisionGraph {

    /** A block is named by its path's last outcomes, this many at most, so that names stay short in deep nests. */
    private static final int LABEL_OUTCOMES = 4;

    private final DiGraph graph;
    private final Map<Vector<Outcome>, Integer> blocks;

    private DecisionGraph(DiGraph graph, Map<Vector<Outcome>, Integer> blocks) {
        this.graph = graph;
        this.blocks = blocks;
    }

    /** The graph of the paths: START for the empty path, a diamond per test of a context. */
    public static DecisionGraph of(Iterable<Vector<Outcome>> paths) {
        List<Map<BranchTest, Integer>> testsOf = new ArrayList<>(); // per context: its tests, numbered
        List<String> labels = new ArrayList<>();
        IntList whenHolds = new IntList();
        IntList otherwise = new IntList();
        testsOf.add(new LinkedHashMap<>());
        labels.add("START");
        Map<Vector<Outcome>, Integer> blocks = new HashMap<>();
        for (Vector<Outcome> path : paths) {
            int context = 0;
            for (Outcome outcome : path) {
                Integer test = testsOf.get(context).get(outcome.test());
                if (test == null) {
                    test = whenHolds.size();
                    testsOf.get(context).put(outcome.test(), test);
                    String prefix = context == 0 ? "" : shortened(labels.get(context)) + "&";
                    whenHolds.add(context(testsOf, labels, prefix + new Outcome(outcome.test(), true)));
                    otherwise.add(context(testsOf, labels, prefix + new Outcome(outcome.test(), false)));
                }
                context = outcome.holds() ? whenHolds.get(test) : otherwise.get(test);
            }
            blocks.put(path, context);
        }
        int contexts = testsOf.size();
        int[] exit = new int[contexts];
        for (int context = 0; context < contexts; context++) {
            exit[context] = context;
            for (int test : testsOf.get(context).values()) {
                exit[context] = contexts + test;
            }
        }
        DiGraph.Builder builder = DiGraph.builder(contexts + whenHolds.size()).entry(0);
        String[] names = labels.toArray(new String[contexts + whenHolds.size()]);
        for (int context = 0; context < contexts; context++) {
            int last = context;
            for (int test : testsOf.get(context).values()) {
                int join = contexts + test;
                builder.edge(last, whenHolds.get(test)).edge(last, otherwise.get(test))
                        .edge(exit[whenHolds.get(test)], join).edge(exit[otherwise.get(test)], join);
                names[join] = (context == 0 ? "" : labels.get(context) + "·") + "join" + test;
                last = join;
            }
        }
        return new DecisionGraph(builder.labels(Vector.of(names)).build(), blocks);
    }

    /** A context's label as the start of its children's: its last {@link #LABEL_OUTCOMES} outcomes at most. */
    private static String shortened(String label) {
        int cut = label.length();
        for (int n = 1; n < LABEL_OUTCOMES && cut > 0; n++) {
            cut = label.lastIndexOf('&', cut - 1);
        }
        return cut <= 0 ? label : "…" + label.substring(cut);
    }

    private static int context(List<Map<BranchTest, Integer>> testsOf, List<String> labels, String label) {
        testsOf.add(new LinkedHashMap<>());
        labels.add(label);
        return testsOf.size() - 1;
    }

    /** The graph: contexts first (START is 0), then the joins of the tests. */
    public DiGraph graph() {
        return graph;
    }

    /** The block of one of the paths the graph was made of. */
    public int blockOf(Vector<Outcome> path) {
        Integer block = blocks.get(path);
        if (block == null) {
            throw new IllegalArgumentException("no block for the path " + path);
        }
        return block;
    }
}
