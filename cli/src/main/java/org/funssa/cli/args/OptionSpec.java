package org.funssa.cli.args;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * A named option: its names ({@code -o}, {@code --output}), the label of its value ({@code OUT}; none for a
 * flag), its description, how it takes values ({@link Kind}), the value it has when not given, and two roles:
 * {@code inherited} (an option of the top command that every subcommand accepts too, such as {@code --debug})
 * and {@code standalone} (an option that answers by itself, such as {@code --help}: with it, missing
 * parameters are no error).
 */
public record OptionSpec(Vector<String> names, Kind kind, String label, String description,
                         Option<String> defaultValue, boolean inherited, boolean standalone) {

    /** How an option takes values. */
    public enum Kind {
        /** No value: given or not. */
        FLAG,
        /** One value, attached ({@code --passes=P}, {@code -oOUT}) or the next word; given at most once. */
        VALUE,
        /** One value per occurrence, as {@link #VALUE}; given any number of times, every value kept. */
        REPEATED,
        /**
         * A value only when attached ({@code --dot=dom}); alone ({@code --dot}) it has {@code defaultValue}, and
         * the next word stays a word of its own. Not given, it has no value.
         */
        ATTACHED
    }

    public OptionSpec {
        if (names.isEmpty() || names.exists(name -> !name.matches("-[A-Za-z]|--[a-z][a-z0-9-]*"))) {
            throw new IllegalArgumentException("option names are -x or --long-name: " + names);
        }
        if ((kind == Kind.FLAG) != label.isEmpty()) {
            throw new IllegalArgumentException("a flag has no value label, and other options have one: " + names);
        }
    }

    /** An option given or not. */
    public static OptionSpec flag(String description, String... names) {
        return new OptionSpec(Vector.of(names), Kind.FLAG, "", description, Option.none(), false, false);
    }

    /** An option with one value, given at most once. */
    public static OptionSpec value(String label, String description, String... names) {
        return new OptionSpec(Vector.of(names), Kind.VALUE, label, description, Option.none(), false, false);
    }

    /** An option with one value per occurrence, given any number of times. */
    public static OptionSpec repeated(String label, String description, String... names) {
        return new OptionSpec(Vector.of(names), Kind.REPEATED, label, description, Option.none(), false, false);
    }

    /** An option whose value must be attached; alone it has {@code implicit}. */
    public static OptionSpec attached(String label, String implicit, String description, String... names) {
        return new OptionSpec(Vector.of(names), Kind.ATTACHED, label, description, Option.some(implicit), false,
                false);
    }

    /** This option with a value when not given, which the help shows. */
    public OptionSpec withDefault(String value) {
        if (kind != Kind.VALUE) {
            throw new IllegalArgumentException("only a single-valued option has a default: " + names);
        }
        return new OptionSpec(names, kind, label, description, Option.some(value), inherited, standalone);
    }

    /** This option, accepted by every subcommand of the command that declares it. */
    public OptionSpec asInherited() {
        return new OptionSpec(names, kind, label, description, defaultValue, true, standalone);
    }

    /** This option, answering by itself: a command line with it needs none of the command's parameters. */
    public OptionSpec asStandalone() {
        return new OptionSpec(names, kind, label, description, defaultValue, inherited, true);
    }

    /** The value the option has when not given: the default of a single-valued option, else none. */
    Option<String> valueWhenAbsent() {
        return kind == Kind.VALUE ? defaultValue : Option.none();
    }

    /** The name messages and {@link Arguments} use: the longest. */
    public String name() {
        return names.maxBy(String::length).get();
    }

    /** Whether a word given alone takes the next word as its value. */
    boolean takesNextWord() {
        return kind == Kind.VALUE || kind == Kind.REPEATED;
    }

    /** The option's names and value in the help's option list: {@code -o, --output=OUT}. */
    String signature() {
        String shortName = names.find(name -> name.length() == 2).map(name -> name + ", ").getOrElse("");
        Option<String> longName = names.find(name -> name.length() > 2);
        return shortName + longName.getOrElse("") + valueSuffix(longName.isEmpty() ? "" : "=");
    }

    /** The option in the synopsis: {@code [--check]}, {@code [-o=OUT]}, {@code [--arg=N]...}. */
    String synopsis() {
        String name = names.minBy(String::length).get();
        return "[" + name + valueSuffix("=") + "]" + (kind == Kind.REPEATED ? "..." : "");
    }

    private String valueSuffix(String separator) {
        return switch (kind) {
            case FLAG -> "";
            case VALUE, REPEATED -> separator + label;
            case ATTACHED -> "[=" + label + "]";
        };
    }

    /** The description with the default value appended, as the help shows it. */
    String helpDescription() {
        return kind == Kind.VALUE && defaultValue.isDefined()
                ? description + " (default: " + defaultValue.get() + ")"
                : description;
    }

    /** The order of the help's option list: by the shortest name without dashes, ignoring case. */
    String sortKey() {
        return names.minBy(String::length).get().replace("-", "").toLowerCase(java.util.Locale.ROOT);
    }
}
