package org.funssa.destruct;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Either;
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
            "srd3", () -> new Sreedhar(Method.III),
            "bois", Boissinot::new);

    /** Sreedhar et al.'s methods (seed 004 §5.4), whose SSA-based coalescing can be switched off. */
    private static final Map<String, Method> SREEDHAR = LinkedHashMap.of("srd1", Method.I, "srd2", Method.II,
            "srd3", Method.III);

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

    /**
     * The method as the command line configures it: without Sreedhar's SSA-based coalescing when
     * {@code sreedharCoalescing} is false (seed 004 §5.5.1 and A.5, {@code -coins:ssa-no-sreedhar-coalescing};
     * only {@code srd1}, {@code srd2} and {@code srd3} have it), then Chaitin's coalescing when asked; or why
     * there is no such method.
     */
    public static Either<String, Destruction> configured(String name, boolean chaitin, boolean sreedharCoalescing) {
        if (!BY_NAME.containsKey(name)) {
            return Either.left("unknown destruction " + name + "; destructions: " + names().mkString(", "));
        }
        if (sreedharCoalescing) {
            return Either.right(named(name, chaitin).get());
        }
        return SREEDHAR.get(name).<Destruction>map(method -> new Sreedhar(method, false))
                .map(method -> chaitin ? new Chaitin(method) : method)
                .toEither(() -> "switching Sreedhar's coalescing off applies to " + SREEDHAR.keySet().mkString(", ")
                        + ", not to " + name);
    }
}
