package org.funssa.destruct.names;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;

/**
 * Hands out variable names and labels that a function does not use yet: {@code prefix + n}, where the prefix
 * ends in a character that is not a digit and n is larger than every number that ends a name of the same kind
 * in the function. Single-use, confined to one pass run over one function.
 *
 * <p>Why no clash is possible: the digits that end {@code prefix + n} are exactly those of n, so a name of the
 * function equal to it would end in n too, and n is larger than every such number. Two names handed out differ
 * for the same reason, since n is never handed out twice. So the function's names are read once, for the
 * largest number that ends one, and never kept: a supply that kept them all in a hash table to test each new
 * name against (3·10^6 names for Sreedhar's method on a generated function of 10^6 instructions, 88 MB) paid a
 * cache miss per name to fill it and one per new name to ask it, a tenth of that method's time at that size.
 *
 * <p>Labels and variables are two name spaces: a jump names a label, an atom names a variable, and neither
 * the verifier, the interpreters nor LIR (where a label is {@code (LABEL t "l")} and a variable
 * {@code (REG t "r")}) ever looks one up among the other. So a new label's number only has to exceed those
 * of the function's labels, and a new variable's those of its parameters and let-bound variables; each kind is
 * read when the first name of that kind is asked for. The naive method asks for labels to split edges and for
 * a variable only when a parallel copy has a cycle: reading every let of the function for temporaries it
 * never made was a fifth of its time on LOOPS at 10⁵ instructions. One counter serves both kinds and every
 * prefix: it only ever grows.
 */
public final class FreshNames {

    /** The longest run of digits read as a number; a longer one cannot be the decimal form of a long. */
    private static final int MAX_DIGITS = 19;

    private final Function function;
    private boolean variablesRead;
    private boolean labelsRead;
    /** The last number handed out, or the largest number ending a name of a kind read so far. */
    private long counter;

    private FreshNames(Function function) {
        this.function = function;
    }

    /** Fresh names for {@code function}; the function is read when the first name of a kind is asked for. */
    public static FreshNames of(Function function) {
        return new FreshNames(function);
    }

    /** A new variable of the given type named {@code prefix + n}, a name no variable of the function has. */
    public Atom.Var variable(String prefix, Type type) {
        if (!variablesRead) {
            variablesRead = true;
            counter = Math.max(counter, largestVariableNumber());
        }
        return new Atom.Var(fresh(prefix), type);
    }

    /** A new label named {@code prefix + n}, a name no label of the function has. */
    public Label label(String prefix) {
        if (!labelsRead) {
            labelsRead = true;
            Nest nest = Nest.of(function);
            for (int node = 1; node < nest.size(); node++) {
                counter = Math.max(counter, trailingNumber(nest.fn(node).label().name()));
            }
        }
        return new Label(fresh(prefix));
    }

    private String fresh(String prefix) {
        if (prefix.isEmpty() || isDigit(prefix.charAt(prefix.length() - 1))) {
            throw new IllegalArgumentException("a prefix for fresh names must end in a character that is not a "
                    + "digit, not \"" + prefix + "\"");
        }
        if (counter == Long.MAX_VALUE) {
            throw new IllegalStateException("function " + function.name() + " has a name ending in "
                    + Long.MAX_VALUE + ": no larger number is left for a fresh name");
        }
        return prefix + ++counter;
    }

    /** The largest number ending the name of a parameter or let-bound variable of the function, or 0. */
    private long largestVariableNumber() {
        Nest nest = Nest.of(function);
        long largest = 0;
        for (int node = 0; node < nest.size(); node++) {
            largest = largestInLets(nest.body(node).lets(), largest(nest.params(node), largest));
        }
        return largest;
    }

    private static long largest(Vector<Atom.Var> vars, long sofar) {
        for (int k = 0, m = vars.size(); k < m; k++) {
            sofar = Math.max(sofar, trailingNumber(vars.get(k).name()));
        }
        return sofar;
    }

    /**
     * Indexed loops: an iterator over a let's vector of variables, one per let, was a tenth of what the naive
     * method allocated at 10^6 instructions.
     */
    private static long largestInLets(Vector<Let> lets, long sofar) {
        for (int i = 0, n = lets.size(); i < n; i++) {
            Let let = lets.get(i);
            for (int k = 0, m = let.arity(); k < m; k++) {
                sofar = Math.max(sofar, trailingNumber(let.var(k).name()));
            }
        }
        return sofar;
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
