package org.funssa.bench.phase;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;

/**
 * Every phase the benchmarks know, in report order. Registering a phase is one line here; the scaling
 * harness, the report and the peer comparison pick it up by name.
 */
public final class Phases {

    private static final Vector<Phase> ALL = Vector.of(
            Phase.onText("lir.parse", "LIR text to module: S-expression reader and type check",
                    text -> LirReader.read("bench.lir", text)),
            Phase.onModule("lir.print", "module to LIR text in the COINS layout", LirPrinter::print));

    private Phases() {}

    /** All registered phases. */
    public static Vector<Phase> all() {
        return ALL;
    }

    /** The phase with this name, if registered. */
    public static Option<Phase> find(String name) {
        return ALL.find(p -> p.name().equals(name));
    }

    /** The phases with these names, or an error listing the known ones. */
    public static Vector<Phase> named(Iterable<String> names) {
        return Vector.ofAll(names).map(n -> find(n).getOrElseThrow(() -> new IllegalArgumentException(
                "unknown phase " + n + "; known: " + ALL.map(Phase::name).mkString(", "))));
    }
}
