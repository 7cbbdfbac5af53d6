package org.funssa.cli;

import io.vavr.Tuple;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.History;
import org.funssa.cps.history.Step;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.opt.Optimizations;
import org.funssa.cps.opt.ThreeAddressCode;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.PsiPasses;
import org.funssa.cps.pipeline.PassString;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.funssa.cps.verify.Violation;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Destructions;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.lir.LirWriter;

/**
 * A pass string run on a module: construction, optimizations, destruction (one function at a time, so
 * copies are counted per function) and the LIR writer. In checking mode the verifier runs after
 * construction, conventionality is checked after destruction, and the behaviour of {@code main} after
 * each stage is compared with the input's; the first difference is a {@link CheckFailure} naming the pass.
 */
final class Pipeline {

    /** A stage that broke the IR's rules or changed the program's behaviour. */
    static final class CheckFailure extends RuntimeException {
        CheckFailure(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * What a run produced: the program after construction, the LIR after destruction, counts and times, and
     * the history of program values from construction to destruction.
     */
    record Result(Program constructed, Module output, Vector<Integer> phis, Vector<CopyStats> copies,
                  Map<String, Double> passMillis, Option<Behaviour> checked, History history) {}

    private final String source;
    private final Option<RunOptions> check;
    private final Consumer<String> dumps;
    private Map<String, Double> millis = LinkedHashMap.empty();

    /**
     * @param source where the module came from, for messages
     * @param check  the run options of the behaviour comparisons, or none for no checking
     * @param dumps  where {@code dump} writes the program
     */
    Pipeline(String source, Option<RunOptions> check, Consumer<String> dumps) {
        this.source = source;
        this.check = check;
        this.dumps = dumps;
    }

    /** The destruction's switches as the log shows them. */
    private static Map<String, String> destructionOptions(boolean chaitin, boolean sreedharCoalescing) {
        Map<String, String> options = LinkedHashMap.empty();
        if (!sreedharCoalescing) {
            options = options.put("no-sreedhar-coalescing", "");
        }
        return chaitin ? options.put("chaitin", "") : options;
    }

    static PassString parse(String text) {
        try {
            return PassString.parse(text, new PassString.Vocabulary(Construction.names(),
                    Optimizations.names().appendAll(PsiPasses.REGISTRY.names()), Destructions.names()));
        } catch (PassString.PassStringError e) {
            throw new InputError("funssa: " + e.getMessage());
        }
    }

    /**
     * Runs {@code passes} on {@code input}: construction with {@code options} ({@code switches} are the words
     * they came from, for the log), the middle steps, destruction (followed by Chaitin's coalescing when asked)
     * one function at a time, and the LIR writer. Each step from construction to destruction is a snapshot of
     * the result's history.
     */
    Result run(Module input, PassString passes, ConstructionOptions options, Vector<String> switches,
               boolean chaitin, boolean sreedharCoalescing) {
        Construction construction = SsaCommand.construction(passes.construction());
        Destruction destruction = Destructions.configured(passes.destruction(), chaitin, sreedharCoalescing)
                .getOrElseThrow(why -> new InputError("funssa: " + why));
        Option<Behaviour> expected = check.map(o -> Behaviour.of(LirInterpreter.run(input, o)))
                .map(b -> UnassignedResult.inMain(input) ? b.withAnyStatus() : b);

        Timed<Program> constructed = timed(construction.seedName(), () -> Ssa.construct(input, construction, options));
        Program program = constructed.value();
        History history = History.of(program, new Step(construction.seedName(),
                LinkedHashMap.ofEntries(switches.map(w -> Tuple.of(w, ""))), constructed.elapsed()));
        Vector<Integer> phis = program.functions().map(Pipeline::parameters);
        expected.forEach(e -> checkSsa(construction.seedName(), program, e));
        Pass dump = Pass.ofProgram(PassString.DUMP, p -> {
            dumps.accept(IrPrinter.print(p));
            return p;
        });
        for (String step : passes.middle()) {
            if (step.equals(PassString.DUMP)) {
                history = history.apply(dump);
                continue;
            }
            Pass pass = Optimizations.named(step).orElse(() -> PsiPasses.REGISTRY.named(step)).get();
            Program before = history.current();
            Timed<Program> after = timed(step, () -> pass.apply(before));
            history = history.record(after.value(), new Step(step, LinkedHashMap.empty(), after.elapsed()));
            expected.forEach(e -> checkSsa(step, after.value(), e));
        }
        Program optimized = history.current();
        Vector<Timed<Destruction.DestructedFunction>> parts = optimized.functions().map(f -> timed(destruction.name(),
                () -> destruction.outOfSsa(f)));
        Program destructed = optimized.withFunctions(parts.map(d -> d.value().function()));
        history = history.record(destructed, new Step(passes.destruction(), destructionOptions(chaitin,
                sreedharCoalescing),
                parts.map(Timed::elapsed).fold(Duration.ZERO, Duration::plus)));
        expected.forEach(e -> {
            Conventional.violation(destructed).forEach(v -> {
                throw new CheckFailure(source + ": --check: after " + destruction.name()
                        + " the program is not conventional: " + v);
            });
            compare(destruction.name(), e, Behaviour.of(IrInterpreter.run(destructed, check.get())));
        });
        LirWriter.Form form = passes.middle().contains(ThreeAddressCode.PASS.name()) ? LirWriter.Form.THREE_ADDRESS
                : LirWriter.Form.TREES;
        Module output = timed("lir", () -> LirWriter.write(destructed, form)).value();
        for (int i = 0; i < passes.trailingDumps(); i++) {
            dumps.accept(LirPrinter.print(output));
        }
        expected.forEach(e -> compare("writing LIR", e, Behaviour.of(LirInterpreter.run(output, check.get()))));
        return new Result(program, output, phis, parts.map(d -> d.value().stats()), millis, expected, history);
    }

    /** A stage's result and how long it took. */
    private record Timed<T>(T value, Duration elapsed) {}

    private <T> Timed<T> timed(String pass, Supplier<T> work) {
        long start = System.nanoTime();
        T result;
        try {
            result = work.get();
        } catch (IllegalArgumentException e) {
            throw new InputError(source + ": " + pass + ": " + e.getMessage());
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        millis = millis.put(pass, millis.getOrElse(pass, 0.0) + elapsed.toNanos() / 1e6);
        return new Timed<>(result, elapsed);
    }

    /** The verifier accepts the program {@code pass} made, and it behaves as {@code expected}. */
    private void checkSsa(String pass, Program program, Behaviour expected) {
        Vector<Violation> violations = Verifier.verify(program);
        if (!violations.isEmpty()) {
            throw new CheckFailure(source + ": --check: after " + pass + " the verifier rejects the program: "
                    + violations.head() + (violations.size() > 1 ? " (and " + (violations.size() - 1) + " more)" : ""));
        }
        compare(pass, expected, Behaviour.of(IrInterpreter.run(program, check.get())));
    }

    private void compare(String pass, Behaviour expected, Behaviour actual) {
        if (!expected.admits(actual)) {
            throw new CheckFailure(source + ": --check: " + pass + " changed the behaviour of main: "
                    + actual.differenceFrom(expected));
        }
    }

    /** Parameters of all local functions that are values, not memory tokens: the φ-functions. */
    static int parameters(Function function) {
        Nest nest = Nest.of(function);
        int count = 0;
        for (int node = 1; node < nest.size(); node++) {
            count += nest.params(node).count(p -> !(p.type() instanceof Type.Mem));
        }
        return count;
    }
}
