package org.funssa.bench.phase;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.cps.opt.CopyPropagation;
import org.funssa.cps.opt.Optimizations;
import org.funssa.cps.opt.ThreeAddressCode;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.pipeline.PassString;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Destructions;
import org.funssa.destruct.lir.LirWriter;
import org.funssa.psi.ifcv.IfConversion;

/**
 * Every phase the benchmarks know, in report order. Registering a phase is one line here; the scaling
 * harness, the report and the peer comparison pick it up by name.
 */
public final class Phases {

    /** The pass strings benchmarked whole: the classic pair, the recommended one, the functional one, COINS's -O. */
    private static final Vector<String> PIPELINES = Vector.of("prun/naive", "prun/srd3", "dropped/bois",
            "prun/cpyp/cstp/cse/dce/srd3");

    private static final Vector<Phase> ALL = Vector.of(
            Phase.onText("lir.parse", "LIR text to module: S-expression reader and type check",
                    text -> LirReader.read("bench.lir", text)),
            Phase.onModule("lir.print", "module to LIR text in the COINS layout", LirPrinter::print))
            .appendAll(Vector.of(Construction.values()).map(c -> Phase.onModule("construct." + c.seedName(),
                    "LIR module to functional SSA, " + c.seedName() + " (Ssa.construct, default options)",
                    m -> Ssa.construct(m, c))))
            .append(new Phase("ir.rebuild", Phase.INSTRUCTIONS, "pruned SSA built again node by node from itself "
                    + "(construction untimed): the IR any construction must allocate, a floor for construct.*", w -> {
                        Program ssa = pruned(w);
                        return new Trial(() -> Rebuild.of(ssa), result -> w.instructions());
                    }))
            .appendAll(Destructions.names().map(name -> new Phase("destruct." + name, Phase.INSTRUCTIONS,
                    "pruned SSA to conventional IR by " + name + " (construction untimed)", w -> {
                        Program ssa = pruned(w);
                        Destruction method = Destructions.named(name).get();
                        return new Trial(() -> method.destruct(ssa), result -> w.instructions());
                    })))
            .appendAll(Vector.of("srd3", "bois").map(name -> new Phase("outofpsi." + name, Phase.INSTRUCTIONS,
                    "pruned SSA if-converted without limits and copy-folded (untimed), out of ψ-SSA with " + name
                            + " as φ-congruence (seed 001 §4)", w -> {
                        Program psi = CopyPropagation.PASS.apply(IfConversion.pass(IfConversion.Limits.ANY)
                                .apply(pruned(w)));
                        Destruction method = Destructions.named(name).get();
                        return new Trial(() -> method.destruct(psi), result -> w.instructions());
                    })))
            .appendAll(Optimizations.all().map(pass -> new Phase("opt." + pass.name(), Phase.INSTRUCTIONS,
                    "pruned SSA optimized by " + pass.name() + " (construction untimed)", w -> {
                        Program ssa = pruned(w);
                        return new Trial(() -> pass.apply(ssa), result -> w.instructions());
                    })))
            .append(new Phase("lir.write", Phase.INSTRUCTIONS,
                    "conventional IR (prun/naive) to an LIR module (destruction untimed)", w -> {
                        Program conventional = Destructions.named("naive").get().apply(pruned(w));
                        return new Trial(() -> LirWriter.write(conventional), result -> w.instructions());
                    }))
            .appendAll(PIPELINES.map(Phases::pipeline))
            .append(Phase.counting("interp", "ops", "LIR interpreter: operations executed per second "
                            + "(compiled once, untimed)", w -> LirInterpreter.compile(w.module()),
                    interpreter -> interpreter.run(RunOptions.defaults()), RunResult::steps));

    /** The workload {@link #pruned} last built SSA for, and that SSA. */
    private static Workload lastWorkload;
    private static Program lastPruned;

    private Phases() {}

    /**
     * Pruned SSA of {@code w}, the untimed starting point of the destruction and writer phases. The scaling harness
     * binds every phase to one input before the next, so the SSA of the last input asked for is kept and each
     * input is constructed once, not once per destruction method.
     */
    private static synchronized Program pruned(Workload w) {
        if (lastWorkload != w) {
            lastPruned = Ssa.construct(w.module(), Construction.PRUNED);
            lastWorkload = w;
        }
        return lastPruned;
    }

    /**
     * {@code pipeline.<pass string>}: what {@code funssa opt --passes <pass string>} does between reading and
     * writing files: LIR text to module, construction, optimizations, destruction, LIR writer, LIR text.
     */
    private static Phase pipeline(String passes) {
        PassString parsed = parse(passes);
        return Phase.onText("pipeline." + passes, "LIR text to LIR text by " + passes + " (funssa opt, no checks)",
                text -> LirPrinter.print(compile(LirReader.read("bench.lir", text), parsed)));
    }

    /** {@code passes} read against the names construction, the optimizations and destruction know. */
    public static PassString parse(String passes) {
        return PassString.parse(passes, new PassString.Vocabulary(Construction.names(), Optimizations.names(),
                Destructions.names()));
    }

    /**
     * {@code input} through {@code passes} as {@code funssa opt} takes it, without checks: construction with
     * default options, the optimizations in order ({@code dump}s skipped), destruction, and the LIR writer, in
     * three-address form when the string names {@code divex}.
     */
    public static Module compile(Module input, PassString passes) {
        Program program = Ssa.construct(input, Construction.parse(passes.construction()));
        for (Pass pass : passes.middle().flatMap(Optimizations::named)) {
            program = pass.apply(program);
        }
        Destruction method = Destructions.named(passes.destruction()).get();
        LirWriter.Form form = passes.middle().contains(ThreeAddressCode.PASS.name())
                ? LirWriter.Form.THREE_ADDRESS : LirWriter.Form.TREES;
        return LirWriter.write(method.apply(program), form);
    }

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
