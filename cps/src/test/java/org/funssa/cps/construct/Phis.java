package org.funssa.cps.construct;

import io.vavr.collection.SortedSet;
import io.vavr.collection.TreeMap;
import io.vavr.collection.TreeSet;
import java.util.ArrayDeque;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.prep.PhiPlacement;

/** The φs of constructed functions and of placements, as label → registers, to compare them. */
final class Phis {

    private Phis() {}

    /**
     * For each local function with parameters, the registers they stand for: a variable's hint is the register
     * it is a version of.
     */
    static TreeMap<String, SortedSet<String>> of(Function function) {
        TreeMap<String, SortedSet<String>> out = TreeMap.empty();
        ArrayDeque<Body> work = new ArrayDeque<>();
        work.push(function.body());
        while (!work.isEmpty()) {
            for (Fn fn : work.pop().functions()) {
                if (!fn.params().isEmpty()) {
                    out = out.put(fn.label().name(), TreeSet.ofAll(fn.params().map(Atom.Var::hint)));
                }
                work.push(fn.body());
            }
        }
        return out;
    }

    /** The placement as label → registers. */
    static TreeMap<String, SortedSet<String>> of(PhiPlacement.Placement placement) {
        return TreeMap.ofEntries(placement.byBlock().toVector().map(e -> io.vavr.Tuple.of(e._1, e._2)));
    }
}
