package org.funssa.cli;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code funssa ssa FILE.lir [--construct …] [--function F]}: the module in functional SSA form, as IR text. */
@Command(name = "ssa", description = "Construct SSA (the functional IR) and print it in the IR text form.")
final class SsaCommand implements Callable<Integer> {

    private final Terminal terminal;

    @Parameters(paramLabel = "FILE.lir", description = "the LIR module")
    Path file;

    @Option(names = "--construct", paramLabel = "HOW", defaultValue = "prun",
            description = "lifted, dropped, mini, semi or prun (default: ${DEFAULT-VALUE})")
    String construction;

    @Option(names = "--function", paramLabel = "F", description = "only this function")
    String function;

    @Option(names = "--option", paramLabel = "SWITCH",
            description = "a construction switch such as no-copy-folding, no-redundant-phi-elimination, "
                    + "no-change-loop, no-frame-promotion; repeatable")
    List<String> switches = List.of();

    SsaCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        Module module = Inputs.read(file, terminal.err());
        Construction how = construction(construction);
        ConstructionOptions options = options(switches);
        Vector<Module.Function> chosen = CfgCommand.selected(module, function, file);
        Module selected = new Module(module.name(), module.symbols(),
                module.items().filter(item -> !(item instanceof Module.Function f) || chosen.contains(f)));
        Program program;
        try {
            program = Ssa.construct(selected, how, options);
        } catch (IllegalArgumentException e) {
            throw new InputError(file + ": " + e.getMessage());
        }
        terminal.out().print(IrPrinter.print(program));
        return ExitStatus.OK;
    }

    static Construction construction(String name) {
        return Construction.named(name).getOrElseThrow(() -> new InputError(
                "funssa: unknown construction \"" + name + "\"; expected one of "
                        + Construction.names().mkString(", ")));
    }

    static ConstructionOptions options(List<String> switches) {
        ConstructionOptions options = ConstructionOptions.DEFAULTS;
        for (String word : switches) {
            try {
                options = options.with(word);
            } catch (IllegalArgumentException e) {
                throw new InputError("funssa: " + e.getMessage());
            }
        }
        return options;
    }
}
