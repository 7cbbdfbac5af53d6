package org.funssa.cli.args;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * A command: its name, the command it is a subcommand of ({@code caller}: empty for the top command, else
 * the words that call it, {@code funssa}), its description (paragraphs), its options, its positional
 * parameters in order, and its subcommands.
 */
public record CommandSpec(String name, String caller, Vector<String> description, Vector<OptionSpec> options,
                          Vector<ParameterSpec> parameters, Vector<CommandSpec> subcommands) {

    public CommandSpec {
        Vector<String> names = options.flatMap(OptionSpec::names);
        if (names.distinct().size() != names.size()) {
            throw new IllegalArgumentException("command " + name + " declares an option name twice: " + names);
        }
        if (parameters.dropRight(1).exists(p -> p.min() != p.max())) {
            throw new IllegalArgumentException("only the last parameter of " + name + " may take a varying count");
        }
    }

    /** A command without options, parameters or subcommands yet. */
    public static CommandSpec of(String name, String... description) {
        return new CommandSpec(name, "", Vector.of(description), Vector.empty(), Vector.empty(), Vector.empty());
    }

    public CommandSpec withOptions(OptionSpec... more) {
        return new CommandSpec(name, caller, description, options.appendAll(Vector.of(more)), parameters,
                subcommands);
    }

    public CommandSpec withParameters(ParameterSpec... more) {
        return new CommandSpec(name, caller, description, options, parameters.appendAll(Vector.of(more)),
                subcommands);
    }

    public CommandSpec withSubcommands(CommandSpec... more) {
        return new CommandSpec(name, caller, description, options, parameters, subcommands.appendAll(Vector.of(more)));
    }

    /** The words that call this command: {@code funssa run}. */
    public String usageName() {
        return caller.isEmpty() ? name : caller + " " + name;
    }

    /**
     * The subcommand called {@code word} as it is invoked from this command: with this command's inherited
     * options after its own.
     */
    public Option<CommandSpec> subcommand(String word) {
        return subcommands.find(sub -> sub.name.equals(word)).map(sub -> new CommandSpec(sub.name, usageName(),
                sub.description, sub.options.appendAll(options.filter(OptionSpec::inherited)), sub.parameters,
                sub.subcommands));
    }

    /** {@link #subcommand}, or a usage error naming the word and the subcommands there are. */
    public CommandSpec requireSubcommand(String word) {
        return subcommand(word).getOrElseThrow(() -> new UsageError(this, "Unknown command: '" + word
                + "'; the commands are " + subcommands.map(CommandSpec::name).mkString(", ")));
    }

    /** The option one of whose names is {@code word}. */
    Option<OptionSpec> option(String word) {
        return options.find(option -> option.names().contains(word));
    }
}
