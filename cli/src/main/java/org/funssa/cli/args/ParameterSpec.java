package org.funssa.cli.args;

/**
 * A positional parameter: its label in the usage ({@code FILE.lir}), its description, and how many words it
 * takes ({@code min} to {@code max}; {@link #MANY} for no upper bound).
 */
public record ParameterSpec(String label, String description, int min, int max) {

    /** No upper bound on the number of words. */
    public static final int MANY = Integer.MAX_VALUE;

    public ParameterSpec {
        if (label.isEmpty() || min < 0 || max < Math.max(min, 1)) {
            throw new IllegalArgumentException("a parameter needs a label and 0 <= min <= max, max >= 1: "
                    + label + " " + min + ".." + max);
        }
    }

    /** Exactly one word. */
    public static ParameterSpec one(String label, String description) {
        return new ParameterSpec(label, description, 1, 1);
    }

    /** One word or more. */
    public static ParameterSpec oneOrMore(String label, String description) {
        return new ParameterSpec(label, description, 1, MANY);
    }

    /** None or one word. */
    public static ParameterSpec optional(String label, String description) {
        return new ParameterSpec(label, description, 0, 1);
    }

    /** How the synopsis shows it: {@code FILE.lir}, {@code FILE.lir...}, {@code [COMMAND]}. */
    String synopsis() {
        String words = max > 1 ? label + "..." : label;
        return min == 0 ? "[" + words + "]" : words;
    }
}
