package org.funssa.cli;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.nio.file.Path;
import org.funssa.cli.args.Arguments;
import org.funssa.cli.args.CommandSpec;
import org.funssa.cli.args.Conversions;
import org.funssa.cli.args.OptionSpec;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrPrinter;

/** {@code funssa ssa FILE.lir [--construct …] [--function F]}: the module in functional SSA form, as IR text. */
final class SsaCommand {

    private static final OptionSpec CONSTRUCT = OptionSpec.value("HOW", "lifted, dropped, mini, semi or prun",
            "--construct").withDefault("prun");

    /** A construction switch: repeatable, shared with {@code opt}, which says what it is in its own words. */
    static final String SWITCH = "--option";

    static final CommandSpec SPEC = CommandSpec.of("ssa",
                    "Construct SSA (the functional IR) and print it in the IR text form.")
            .withParameters(PrintCommand.FILE)
            .withOptions(CONSTRUCT, CfgCommand.FUNCTION, OptionSpec.repeated("SWITCH", "a construction switch such"
                    + " as no-copy-folding, no-redundant-phi-elimination, no-change-loop, no-frame-promotion,"
                    + " psi (ψ construction from predicated selects); repeatable", SWITCH));

    private final Terminal terminal;
    private final Path file;
    private final String construction;
    private final Option<String> function;
    private final Vector<String> switches;

    SsaCommand(Terminal terminal, Arguments arguments) {
        this.terminal = terminal;
        this.file = arguments.parameter(PrintCommand.FILE.label(), Conversions.PATH).head();
        this.construction = arguments.valueOrDefault(CONSTRUCT.name());
        this.function = arguments.value(CfgCommand.FUNCTION.name());
        this.switches = arguments.values(SWITCH);
    }

    int call() {
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

    static ConstructionOptions options(Vector<String> switches) {
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
