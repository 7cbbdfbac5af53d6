package org.funssa.cps.rewrite;

import io.vavr.collection.Vector;
import java.util.function.Supplier;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;

/*
 * Seed 004 §6.12: an edge B1 → B2 is split by a new block N on it, B1 → N → B2, which the optimizer does to
 * critical edges (esplt) and the destructions of chapter 5 do to edges whose copies have no block of their own.
 * In the nested IR, N is a parameterless local function defined in B1's body — B1 is its one predecessor, so its
 * immediate dominator — whose body is the jump B1 made: the arguments are in scope there, as they were at B1's
 * tail, and so is B2, since N sees all that B1's tail sees. N is dominated by B1, so B2's immediate dominator
 * stays what it was and the nest stays the dominator tree.
 */

/** Splits edges out of one body: each chosen jump of its tail goes through a new empty local function. */
public final class EdgeSplitting {

    /** Which jumps of a tail to split, by their index in {@link Tail#jumps()} and the jump itself. */
    @FunctionalInterface
    public interface Choice {
        boolean split(int k, Tail.Jump jump);
    }

    private EdgeSplitting() {}

    /**
     * The body whose jumps out of a branch or a switch that pass arguments go through new blocks, where the
     * destructions put the copies those arguments become; the body itself when there are none.
     */
    public static Body splitEdgesWithArguments(Body body, Supplier<Label> labels) {
        return body.tail() instanceof Tail.Jump ? body : split(body, (k, jump) -> !jump.args().isEmpty(), labels);
    }

    /**
     * The body whose chosen jumps go to new parameterless local functions, labelled by {@code labels} and added
     * after its own, each making the jump it replaces; the body itself when no jump is chosen.
     */
    public static Body split(Body body, Choice choice, Supplier<Label> labels) {
        Tail tail = body.tail();
        int count = tail.jumpCount();
        Tail.Jump[] now = new Tail.Jump[count];
        Vector<Fn> edges = Vector.empty();
        for (int k = 0; k < count; k++) {
            Tail.Jump jump = tail.jump(k);
            now[k] = jump;
            if (choice.split(k, jump)) {
                Label edge = labels.get();
                now[k] = new Tail.Jump(edge, Vector.empty());
                edges = edges.append(new Fn(edge, Vector.empty(), Body.of(Vector.empty(), jump)));
            }
        }
        if (edges.isEmpty()) {
            return body;
        }
        int[] next = {0};
        return new Body(body.lets(), body.functions().appendAll(edges), tail.mapJumps(j -> now[next[0]++]));
    }
}
