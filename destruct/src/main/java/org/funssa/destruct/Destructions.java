package org.funssa.destruct;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.destruct.coalesce.Chaitin;
import org.funssa.destruct.naive.Naive;
import org.funssa.destruct.sreedhar.Sreedhar;

/** The destruction methods by pass name (as in COINS's {@code -coins:ssa-opt=…/srd3}). */
public final class Destructions {

    private Destructions() {}

    /** Every method: {@code naive}, {@code naive/chaitin}, {@code srd3}, {@code srd3-nocoalesce}. */
    public static Vector<Destruction> all() {
        return Vector.of(new Naive(), new Chaitin(new Naive()), new Sreedhar(), new Sreedhar(false));
    }

    /** The names of {@link #all()}. */
    public static Vector<String> names() {
        return all().map(Destruction::name);
    }

    /** The method with that pass name, if there is one. */
    public static Option<Destruction> byName(String name) {
        return all().find(d -> d.name().equals(name));
    }
}
