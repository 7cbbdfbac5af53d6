package org.funssa.cli;

import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.text.IrPrinter;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * What {@code funssa} does without arguments: takes the embedded example (a loop, a diamond and a call)
 * and shows each stage of the tool on it, saying what it checked.
 */
final class MainJob {

    /** The pass string the main job runs, in COINS's syntax (seed 004 appendix A). */
    static final String PASSES = "prun/naive";

    private final Terminal terminal;

    MainJob(Terminal terminal) {
        this.terminal = terminal;
    }

    int run() {
        LirReader.Parsed parsed = LirReader.readWithPositions(Inputs.EXAMPLE_NAME, Inputs.exampleText());
        Module module = parsed.module();
        String printed = LirPrinter.print(module);

        section("1. The example in LIR (" + Inputs.EXAMPLE_NAME + ", canonical layout)");
        terminal.out().print(printed);
        boolean roundTrip = LirReader.read(Inputs.EXAMPLE_NAME, printed).equals(module);
        terminal.out().println("checked: reading the printed module back gives the same module: "
                + (roundTrip ? "yes" : "NO"));

        section("2. Control-flow graphs, dominators and loops");
        for (Module.Function f : module.functions()) {
            terminal.out().print(CfgView.of(f, parsed.positions()).summary());
        }

        section("3. Running main under the LIR interpreter");
        RunResult result = LirInterpreter.run(module, RunOptions.defaults());
        terminal.out().print(result.stdout());
        terminal.out().println(switch (result) {
            case RunResult.Returned r -> "main returned " + r.exitStatus() + " after " + r.steps() + " steps";
            case RunResult.Exited e -> "the program exited with status " + e.status();
            case RunResult.Failed f -> "runtime error: " + f.error();
        });

        section("4. SSA form (pruned: blocks are local functions nested by dominance, phi-functions are their parameters)");
        Pipeline.Result ssa = new Pipeline(Inputs.EXAMPLE_NAME, Option.of(RunOptions.defaults()), text -> { })
                .run(module, Pipeline.parse(PASSES), ConstructionOptions.DEFAULTS, Vector.empty(), false, true);
        terminal.out().print(IrPrinter.print(ssa.constructed()));

        section("5. Back to LIR: " + PASSES + " --check");
        terminal.out().print(LirPrinter.print(ssa.output()));
        terminal.out().println("checked: the verifier accepts the SSA form, and main behaves the same after "
                + "construction, after destruction and as written LIR ("
                + ssa.checked().get().ending() + ", output \"" + ssa.checked().get().stdout().strip() + "\")");
        return roundTrip && result instanceof RunResult.Returned r && r.exitStatus() == 0
                ? ExitStatus.OK : ExitStatus.INTERNAL_ERROR;
    }

    private void section(String title) {
        terminal.out().println();
        terminal.out().println("== " + title);
    }
}
