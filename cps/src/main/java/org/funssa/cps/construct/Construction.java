package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * The ways to bring LIR into the functional IR, named as in COINS's {@code -coins:ssa-opt=…} (seed 004 A.1)
 * where COINS has them: seed 003 §6.2's liveness-based parameter introduction ({@code lifted}) followed by
 * λ-dropping ({@code dropped}), and Cytron et al.'s construction in seed 004's three variants.
 */
public enum Construction {
    /** Every block a closed local function whose parameters are the variables live into it (seed 003 §6.2.1). */
    LIFTED("lifted"),
    /** {@link #LIFTED}, then block sinking and parameter dropping (seed 003 §6.2.2): pruned SSA. */
    DROPPED("dropped"),
    /** Cytron et al., φs at the iterated dominance frontiers of the definitions (seed 004 §4.1.1). */
    MINIMAL("mini"),
    /** Cytron et al., φs for non-local variables only (seed 004 §4.1.3). */
    SEMI_PRUNED("semi"),
    /** Cytron et al., φs only where the variable is live (seed 004 §4.1.2). */
    PRUNED("prun");

    private final String seedName;

    Construction(String seedName) {
        this.seedName = seedName;
    }

    /** The name in pass strings and on the command line: {@code lifted dropped mini semi prun}. */
    public String seedName() {
        return seedName;
    }

    /** Every name, in declaration order. */
    public static Vector<String> names() {
        return Vector.of(values()).map(Construction::seedName);
    }

    /** The construction called {@code name}, if any. */
    public static Option<Construction> named(String name) {
        return Vector.of(values()).find(c -> c.seedName.equals(name));
    }

    /**
     * The construction called {@code name}.
     *
     * @throws IllegalArgumentException naming the valid names when there is none
     */
    public static Construction parse(String name) {
        return named(name).getOrElseThrow(() -> new IllegalArgumentException("unknown construction \"" + name
                + "\"; expected one of " + names().mkString(", ")));
    }
}
