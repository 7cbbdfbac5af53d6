package org.funssa.cps.opt;

import org.funssa.core.graph.CriticalEdges;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.EdgeSplitting;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.12 "Elimination of Critical Edges", Figures 6.33 and 6.34: an edge B1 → B2 is critical when B1 has
 * several successors and B2 several predecessors (org.funssa.core.graph.CriticalEdges, edges counted with
 * multiplicity: both jumps of a branch whose two targets are one local function are critical); each is split by
 * a new block N1, B1 → N1 → B2. Here B1's tail is a branch or a switch, B2 a local function with several call
 * sites, and N1 a parameterless local function defined in B1's body that makes B1's jump, arguments and all
 * (EdgeSplitting): B2's parameters — its φ-functions — are bound on the edge N1 → B2 as they were on B1 → B2, so,
 * as §6.12 asks, the φs are rewritten with the edge and SSA form is kept; the nest stays the dominator tree.
 *
 * Idempotent: a split edge leaves a critical one behind on neither side (N1 has one successor and B2 as many
 * predecessors as before), and an edge that was not critical does not become so. Not shrink-clean, by its
 * nature: the blocks it adds are empty, and ebe or shrink would remove them again.
 */

/** Critical edge splitting ({@code esplt}): every critical edge goes through a new empty local function. */
public final class CriticalEdgeSplitting {

    /** The pass. */
    public static final Pass PASS = Pass.of("esplt", CriticalEdgeSplitting::apply);

    private CriticalEdgeSplitting() {}

    /** The function with each critical edge split. */
    public static Function apply(Function function) {
        Nest nest = Nest.checked(function);
        DiGraph graph = nest.graph();
        NameSupply labels = nest.labelSupply();
        return nest.rewrite((node, body) -> nest.jumpCount(node) < 2 ? body
                : EdgeSplitting.split(body, (k, jump) -> CriticalEdges.isCritical(graph, node, nest.target(node, k)),
                        () -> new Label(labels.fresh("split"))));
    }
}
