package org.funssa.bench.phase;

import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.funssa.core.lir.Module;

/**
 * A named operation whose speed the benchmarks measure: {@code lir.parse}, {@code lir.print} and, as
 * they land, {@code construct.*}, {@code destruct.*}, {@code interp}, pass strings. {@link #bind} does
 * whatever preparation the phase needs on a {@link Workload} (not timed) and returns the {@link Trial} to
 * time.
 *
 * @param name        dotted name, as in reports and on command lines
 * @param unit        what throughput counts, e.g. {@code instr} (LIR instructions) or {@code ops}
 * @param description one line for reports
 * @param bind        prepares a workload and returns the operation to time on it
 */
public record Phase(String name, String unit, String description, Function<Workload, Trial> bind) {

    /** Throughput unit of phases that process a whole module: its LIR instructions. */
    public static final String INSTRUCTIONS = "instr";

    /** A phase that transforms the workload's module; throughput in LIR instructions. */
    public static Phase onModule(String name, String description, Function<Module, ?> operation) {
        return new Phase(name, INSTRUCTIONS, description,
                w -> new Trial(() -> operation.apply(w.module()), result -> w.instructions()));
    }

    /** A phase that reads the workload's LIR text; throughput in LIR instructions. */
    public static Phase onText(String name, String description, Function<String, ?> operation) {
        return new Phase(name, INSTRUCTIONS, description,
                w -> new Trial(() -> operation.apply(w.text()), result -> w.instructions()));
    }

    /**
     * A phase that counts its own work from its result, e.g. an interpreter returning the operations it
     * executed: {@code Phase.counting("interp", "ops", "…", Workload::module, m -> run(m), r -> r.steps())}.
     */
    public static <P, R> Phase counting(String name, String unit, String description,
                                        Function<Workload, P> prepare, Function<P, R> operation,
                                        ToLongFunction<R> work) {
        return new Phase(name, unit, description, w -> {
            P prepared = prepare.apply(w);
            @SuppressWarnings("unchecked")
            ToLongFunction<Object> count = result -> work.applyAsLong((R) result);
            return new Trial(() -> operation.apply(prepared), count);
        });
    }
}
