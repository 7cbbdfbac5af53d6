package org.funssa.cps.opt;

import org.funssa.core.graph.DepthFirst;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.13.1 "Computing Ranks" (after Briggs and Cooper): the blocks are ranked in a reverse-postorder
 * traversal of the CFG, the first block visited rank 1, the second rank 2, and so on, and every expression of a
 * block by three rules:
 *   1. a constant receives rank 0;
 *   2. the result of a φ-node receives the rank of the block, as do variables modified by procedure calls,
 *      including the result of a load;
 *   3. an expression receives a rank equal to its highest-ranked operand.
 * Here the CFG is the graph of jumps between the nest's bodies and a φ-node's result is a parameter, so the
 * function's own parameters have rank 1. A predicated let (ψ-SSA's p ? x = e) is conditional like a φ: its
 * results get the block's rank. A body no jump reaches comes after every reached one. The nest is walked in
 * preorder, which is dominance order, so every operand is ranked before it is used.
 */

/** The rank of every variable of a function: low for constants and values computed early (loop invariants). */
final class Ranks {

    private final int[] ofVar;

    private Ranks(int[] ofVar) {
        this.ofVar = ofVar;
    }

    /** The ranks of the variables of the nest's function. */
    static Ranks of(Nest nest) {
        DepthFirst search = DepthFirst.of(nest.graph());
        int reached = search.reachableCount();
        Ranks ranks = new Ranks(new int[nest.function().varCount()]);
        for (int node = 0; node < nest.size(); node++) {
            int block = search.isReachable(node) ? reached - search.postNumber(node) : reached + 1;
            nest.params(node).forEach(p -> ranks.ofVar[p.id()] = block);
            Body body = nest.body(node);
            for (int i = 0, n = body.lets().size(); i < n; i++) {
                Let let = body.lets().get(i);
                int rank = let.isGuarded() ? block : switch (let.expr()) {
                    case Expr.Copy c -> ranks.highest(c);
                    case Expr.Prim p -> ranks.highest(p);
                    case Expr.Select s -> ranks.highest(s);
                    case Expr.Psi p -> ranks.highest(p);
                    case Expr.Load l -> block;
                    case Expr.Store s -> block;
                    case Expr.Call c -> block;
                };
                for (int k = 0; k < let.arity(); k++) {
                    ranks.ofVar[let.var(k).id()] = rank;
                }
            }
        }
        return ranks;
    }

    /** The rank of an operand: 0 for a constant, an address or ⊥, the variable's otherwise. */
    int of(Atom atom) {
        return atom instanceof Atom.Var v ? ofVar[v.id()] : 0;
    }

    /** Rule 3: the rank of the highest-ranked operand. */
    private int highest(Expr e) {
        int rank = 0;
        for (int k = 0; k < e.operandCount(); k++) {
            rank = Math.max(rank, of(e.operand(k)));
        }
        return rank;
    }
}
