package org.funssa.destruct;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.function.Supplier;
import org.funssa.destruct.boissinot.Boissinot;
import org.funssa.destruct.briggs.Briggs;
import org.funssa.destruct.coalesce.Chaitin;
import org.funssa.destruct.naive.Naive;
import org.funssa.destruct.sreedhar.Method;
import org.funssa.destruct.sreedhar.Sreedhar;

/**
 * The destruction methods by their seed names, as pass strings use them ({@code prun/srd3}); the one
 * place a new method is registered.
 */
public final class Destructions {

    private static final Map<String, Supplier<Destruction>> BY_NAME = LinkedHashMap.of(
            "naive", Naive::new,
            "brig", Briggs::new,
            "srd1", () -> new Sreedhar(Method.I),
            "srd2", () -> new Sreedhar(Method.II),
            "srd3", Sreedhar::new,
            "bois", Boissinot::new);

    private Destructions() {}

    /** The names, in the order of seed 004 chapter 5. */
    public static Vector<String> names() {
        return BY_NAME.keySet().toVector();
    }

    public static Option<Destruction> named(String name) {
        return BY_NAME.get(name).map(Supplier::get);
    }

    /** The method, followed by Chaitin's aggressive coalescing (seed 004 §5.5.2) when asked. */
    public static Option<Destruction> named(String name, boolean chaitin) {
        return named(name).map(method -> chaitin ? new Chaitin(method) : method);
    }
}
