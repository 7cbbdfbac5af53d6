package org.funssa.cli.args;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.function.Function;

/**
 * A command line parsed against its command's spec ({@link ArgumentParser}): the words given to each option
 * (by {@link OptionSpec#name()}, in order) and to each parameter (by {@link ParameterSpec#label()}), and, for
 * a subcommand, the arguments of the command before it, whose inherited options count here too. A value that
 * does not convert is a {@link UsageError} naming the option or parameter.
 */
public record Arguments(CommandSpec command, Map<String, Vector<String>> options,
                        Map<String, Vector<String>> parameters, Option<Arguments> caller) {

    /** Whether the flag (or any option) {@code name} was given here or, if inherited, to the caller. */
    public boolean flag(String name) {
        return !occurrences(name).isEmpty();
    }

    /** The word given to the single-valued option {@code name}, else its default. */
    public Option<String> value(String name) {
        return occurrences(name).lastOption().orElse(() -> spec(name).valueWhenAbsent());
    }

    /** {@link #value(String)} converted; a word that does not convert is a usage error. */
    public <T> Option<T> value(String name, Function<String, T> conversion) {
        return value(name).map(word -> convert(word, conversion, "option '" + name + "'"));
    }

    /** The word of an option that has a default: given or not, it has one. */
    public String valueOrDefault(String name) {
        return valueOrDefault(name, Function.identity());
    }

    /** The value of an option that has a default: given or not, it has one. */
    public <T> T valueOrDefault(String name, Function<String, T> conversion) {
        return value(name, conversion).getOrElseThrow(() ->
                new IllegalStateException("option " + name + " of " + command.usageName() + " has no default"));
    }

    /** Every word given to the repeatable option {@code name}, in order. */
    public Vector<String> values(String name) {
        return occurrences(name);
    }

    /** Every word given to the repeatable option {@code name}, converted, in order. */
    public <T> Vector<T> values(String name, Function<String, T> conversion) {
        return occurrences(name).map(word -> convert(word, conversion, "option '" + name + "'"));
    }

    /** The words of the parameter {@code label}, converted, in order. */
    public <T> Vector<T> parameter(String label, Function<String, T> conversion) {
        if (command.parameters().forAll(p -> !p.label().equals(label))) {
            throw new IllegalArgumentException(command.usageName() + " has no parameter " + label);
        }
        return parameters.getOrElse(label, Vector.empty())
                .map(word -> convert(word, conversion, "positional parameter '" + label + "'"));
    }

    private Vector<String> occurrences(String name) {
        OptionSpec spec = spec(name);
        Vector<String> here = options.getOrElse(name, Vector.empty());
        return spec.inherited() ? caller.map(c -> c.occurrences(name)).getOrElse(Vector.empty()).appendAll(here) : here;
    }

    private OptionSpec spec(String name) {
        return command.options().find(option -> option.name().equals(name)).getOrElseThrow(() ->
                new IllegalArgumentException(command.usageName() + " has no option " + name));
    }

    private <T> T convert(String word, Function<String, T> conversion, String what) {
        try {
            return conversion.apply(word);
        } catch (IllegalArgumentException e) {
            throw new UsageError(command, "Invalid value for " + what + ": " + e.getMessage());
        }
    }

    /** No options and no parameters given (yet). */
    static Arguments none(CommandSpec command, Option<Arguments> caller) {
        return new Arguments(command, LinkedHashMap.empty(), LinkedHashMap.empty(), caller);
    }
}
