package org.funssa.cps.opt;

import io.vavr.control.Option;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.cps.ir.Function;
import org.funssa.cps.rewrite.Nest;

/**
 * What the loop optimizations ({@code hli}, {@code osr}) work on: a function's nest and the loop nesting forest
 * (org.funssa.core.graph, Havlak) of the graph of jumps between its bodies.
 */
record LoopNest(Nest nest, LoopNestingForest loops) {

    /** The nest and loops of a well-formed function; none when it has no local function or no loop. */
    static Option<LoopNest> of(Function function) {
        Nest nest = Nest.checked(function);
        if (nest.size() == 1) {
            return Option.none();
        }
        LoopNestingForest loops = LoopNestingForest.of(nest.graph());
        return loops.loopCount() == 0 ? Option.none() : Option.some(new LoopNest(nest, loops));
    }
}
