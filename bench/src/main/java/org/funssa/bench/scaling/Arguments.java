package org.funssa.bench.scaling;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * Command-line options of the form {@code --name value}, checked against the names a command accepts.
 *
 * @param values the options given, in order
 */
public record Arguments(Map<String, String> values) {

    /** Parses {@code args}; every name must be one of {@code known}, and every name needs a value. */
    public static Arguments parse(String[] args, Vector<String> known) {
        Map<String, String> values = LinkedHashMap.empty();
        for (int i = 0; i < args.length; i += 2) {
            String arg = args[i];
            if (!arg.startsWith("--") || !known.contains(arg.substring(2))) {
                throw new IllegalArgumentException("unknown option " + arg + "; options: "
                        + known.map(k -> "--" + k).mkString(" "));
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + arg + " needs a value");
            }
            values = values.put(arg.substring(2), args[i + 1]);
        }
        return new Arguments(values);
    }

    public Option<String> get(String name) {
        return values.get(name);
    }

    /** A comma-separated list, or the default when the option is absent. */
    public Vector<String> list(String name, Vector<String> otherwise) {
        return get(name).map(v -> Vector.of(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()))
                .getOrElse(otherwise);
    }

    public int integer(String name, int otherwise) {
        return get(name).map(v -> parseNumber(name, v).intValue()).getOrElse(otherwise);
    }

    public double real(String name, double otherwise) {
        return get(name).map(v -> parseNumber(name, v)).getOrElse(otherwise);
    }

    /** A number as {@link #parseNumber} reads it back: {@code 5} for a whole number, {@code 0.5} otherwise. */
    public static String format(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value)
                : String.valueOf(value);
    }

    /** A number such as {@code 100000}, {@code 1e5} or {@code 0.1}, the value of option {@code --name}. */
    public static Double parseNumber(String name, String text) {
        try {
            return Double.valueOf(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option --" + name + " expects a number, got " + text);
        }
    }
}
