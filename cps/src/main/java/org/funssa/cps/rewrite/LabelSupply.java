package org.funssa.cps.rewrite;

import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;

/**
 * Hands out the labels of new local functions of one function, named {@code prefix + n}, where the prefix ends in
 * a character that is not a digit and n is larger than every number that ends a label of the function: the
 * labels' counterpart of {@link org.funssa.cps.ir.VarSupply}. Single-use, confined to one pass run over one
 * function.
 *
 * <p>Why no label can clash: the digits that end {@code prefix + n} are exactly those of n, so a label of the
 * function equal to it would end in n too, and n is larger than every such number. Two labels handed out differ
 * for the same reason, since n is never handed out twice. So the function's labels are read once, for the
 * largest number that ends one, when the first label is asked for, and never kept.
 */
public final class LabelSupply {

    /** The longest run of digits read as a number; a longer one cannot be the decimal form of a long. */
    private static final int MAX_DIGITS = 19;

    private final Function function;
    private boolean labelsRead;
    /** The last number handed out, or the largest number ending a label read so far. */
    private long counter;

    private LabelSupply(Function function) {
        this.function = function;
    }

    /** A supply of labels new to {@code function}; its labels are read when the first one is asked for. */
    public static LabelSupply after(Function function) {
        return new LabelSupply(function);
    }

    /** A new label named {@code prefix + n}, a name no label of the function has. */
    public Label fresh(String prefix) {
        if (!labelsRead) {
            labelsRead = true;
            Nest nest = Nest.of(function);
            for (int node = 1; node < nest.size(); node++) {
                counter = Math.max(counter, trailingNumber(nest.fn(node).label().name()));
            }
        }
        if (prefix.isEmpty() || isDigit(prefix.charAt(prefix.length() - 1))) {
            throw new IllegalArgumentException("a prefix for fresh labels must end in a character that is not a "
                    + "digit, not \"" + prefix + "\"");
        }
        if (counter == Long.MAX_VALUE) {
            throw new IllegalStateException("function " + function.name() + " has a label ending in "
                    + Long.MAX_VALUE + ": no larger number is left for a fresh label");
        }
        return new Label(prefix + ++counter);
    }

    /**
     * The number that the digits ending {@code name} spell, or 0 when none do or when they cannot spell a
     * fresh name's number (a leading zero, which {@link Long#toString} never writes, or more digits than a long
     * has).
     */
    static long trailingNumber(String name) {
        int from = name.length();
        while (from > 0 && isDigit(name.charAt(from - 1))) {
            from--;
        }
        int digits = name.length() - from;
        if (digits == 0 || digits > MAX_DIGITS || name.charAt(from) == '0') {
            return 0;
        }
        long value = 0;
        for (int i = from; i < name.length(); i++) {
            int d = name.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - d) / 10) {
                return 0; // nineteen digits above Long.MAX_VALUE: no long is written so
            }
            value = 10 * value + d;
        }
        return value;
    }

    /** A decimal digit as {@link Long#toString} writes one. */
    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
