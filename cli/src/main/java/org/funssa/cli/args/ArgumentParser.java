package org.funssa.cli.args;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * Parses the words of a command line against a {@link CommandSpec}. Options and parameters may come in any
 * order; {@code --} makes every later word a parameter. A long option's value is attached ({@code
 * --passes=P}) or the next word; a short option's is attached ({@code -oOUT}, {@code -o=OUT}) or the next
 * word; short flags cluster ({@code -hV}). On a command with subcommands and no parameters, the first
 * parameter names the subcommand, which parses the words after it (with the inherited options of the commands
 * before it). Every problem is a {@link UsageError} whose message names the word at fault.
 */
public final class ArgumentParser {

    private final Vector<String> words;
    private CommandSpec command;
    private Arguments arguments;
    private Vector<String> given = Vector.empty();
    private boolean onlyParameters;

    private ArgumentParser(CommandSpec top, Vector<String> words) {
        this.words = words;
        this.command = top;
        this.arguments = Arguments.none(top, Option.none());
    }

    /** The arguments of the last command named on the line (the top command's own if none is named). */
    public static Arguments parse(CommandSpec top, String... words) {
        return new ArgumentParser(top, Vector.of(words)).run();
    }

    private Arguments run() {
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (!onlyParameters && word.equals("--")) {
                onlyParameters = true;
            } else if (!onlyParameters && word.startsWith("-") && word.length() > 1) {
                i = option(i);
            } else if (given.isEmpty() && command.parameters().isEmpty() && !command.subcommands().isEmpty()) {
                enter(word);
            } else {
                parameter(i);
            }
        }
        return finish();
    }

    /** Moves on to the subcommand {@code word}: the words so far belong to the command before it. */
    private void enter(String word) {
        CommandSpec sub = command.requireSubcommand(word);
        Arguments before = finish();
        command = sub;
        arguments = Arguments.none(sub, Option.some(before));
        given = Vector.empty();
        onlyParameters = false;
    }

    private void parameter(int index) {
        int room = command.parameters().map(ParameterSpec::max).fold(0, (a, b) -> (int) Math.min((long) a + b,
                ParameterSpec.MANY));
        if (given.size() >= room) {
            throw new UsageError(command, "Unmatched argument at index " + index + ": '" + words.get(index) + "'");
        }
        given = given.append(words.get(index));
    }

    /** Reads the option word at {@code index} (and its value); gives the index of the last word it used. */
    private int option(int index) {
        String word = words.get(index);
        if (word.startsWith("--")) {
            int equals = word.indexOf('=');
            String name = equals < 0 ? word : word.substring(0, equals);
            OptionSpec option = command.option(name).getOrElseThrow(() -> unknown(word));
            return take(option, equals < 0 ? Option.none() : Option.some(word.substring(equals + 1)), index);
        }
        for (int k = 1; k < word.length(); k++) {
            OptionSpec option = command.option("-" + word.charAt(k)).getOrElseThrow(() -> unknown(word));
            String rest = word.substring(k + 1);
            if (option.kind() != OptionSpec.Kind.FLAG || rest.startsWith("=")) {
                return take(option, rest.isEmpty() ? Option.none()
                        : Option.some(rest.startsWith("=") ? rest.substring(1) : rest), index);
            }
            record(option, "");
        }
        return index;
    }

    private UsageError unknown(String word) {
        return new UsageError(command, "Unknown option: '" + word + "'");
    }

    private int take(OptionSpec option, Option<String> attached, int index) {
        switch (option.kind()) {
            case FLAG -> {
                if (attached.isDefined()) {
                    throw new UsageError(command, "Option '" + option.name() + "' takes no value, found '"
                            + attached.get() + "'");
                }
                record(option, "");
            }
            case ATTACHED -> record(option, attached.orElse(option.defaultValue()).get());
            case VALUE, REPEATED -> {
                if (attached.isDefined()) {
                    record(option, attached.get());
                    return index;
                }
                if (index + 1 >= words.size()) {
                    throw new UsageError(command, "Missing required parameter for option '" + option.name() + "' ("
                            + option.label() + ")");
                }
                String next = words.get(index + 1);
                if (isOption(next)) {
                    throw new UsageError(command, "Expected parameter for option '" + option.name()
                            + "' but found '" + next + "'");
                }
                record(option, next);
                return index + 1;
            }
        }
        return index;
    }

    /** Whether {@code word} is one of this command's options (so not the value of the option before it). */
    private boolean isOption(String word) {
        int equals = word.indexOf('=');
        return word.startsWith("-") && command.option(equals < 0 ? word : word.substring(0, equals)).isDefined();
    }

    private void record(OptionSpec option, String value) {
        Vector<String> before = arguments.options().getOrElse(option.name(), Vector.empty());
        if (option.kind() != OptionSpec.Kind.REPEATED && !before.isEmpty()) {
            throw new UsageError(command, "option '" + option.name() + "' should be specified only once");
        }
        arguments = new Arguments(command, arguments.options().put(option.name(), before.append(value)),
                arguments.parameters(), arguments.caller());
    }

    /**
     * The current command's arguments with the parameter words shared out in order (every parameter but the
     * last takes a fixed count); too few is an error unless a standalone option such as {@code --help} was given.
     */
    private Arguments finish() {
        boolean answered = command.options().exists(o -> o.standalone() && arguments.flag(o.name()));
        Vector<String> rest = given;
        for (ParameterSpec parameter : command.parameters()) {
            if (rest.size() < parameter.min() && !answered) {
                throw new UsageError(command, "Missing required parameter: '" + parameter.label() + "'");
            }
            int count = Math.min(rest.size(), parameter.max());
            arguments = new Arguments(command, arguments.options(),
                    arguments.parameters().put(parameter.label(), rest.take(count)), arguments.caller());
            rest = rest.drop(count);
        }
        return arguments;
    }
}
