package org.funssa.destruct.names;

import io.vavr.collection.Vector;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.destruct.nest.BottomUp;

/**
 * Hands out variable names and labels that a function does not use yet: {@code prefix + n} for the next n
 * that is free. Single-use, confined to one pass run over one function.
 *
 * <p>Labels and variables are two name spaces: a jump names a label, an atom names a variable, and neither
 * the verifier, the interpreters nor LIR (where a label is {@code (LABEL t "l")} and a variable
 * {@code (REG t "r")}) ever looks one up among the other. So a new label is checked against the function's
 * labels only, and a new variable against its parameters and let-bound variables only; each table is built
 * when the first name of its kind is asked for. The naive method asks for labels to split edges and for a
 * variable only when a parallel copy has a cycle: reading every let of the function to find clashes for
 * temporaries it never made was a fifth of its time on LOOPS at 10⁵ instructions, and more at 10⁶.
 *
 * <p>A method that knows its prefixes up front declares them: a new name can only clash with a name that
 * is a declared prefix followed by digits, so only those are kept while the function is read, and the rest
 * (nearly all: SSA names are {@code register_n}) are looked at and dropped. Methods whose prefixes derive
 * from names ({@code x_} for a copy of x) declare none, and then every name of the kind is kept and any
 * prefix may be asked for. One counter serves both kinds and every prefix.
 */
public final class FreshNames {

    private final Function function;
    private final String[] prefixes;
    /** The function's variables that new ones could clash with; null until a variable is asked for. */
    private NameSet variables;
    /** The function's labels that new ones could clash with; null until a label is asked for. */
    private NameSet labels;
    private int counter;

    private FreshNames(Function function, String[] prefixes) {
        this.function = function;
        this.prefixes = prefixes.clone();
    }

    /**
     * Fresh names for {@code function} with the given prefixes, or with any prefix when none is given. The
     * function is read when the first name of a kind is asked for.
     */
    public static FreshNames of(Function function, String... prefixes) {
        return new FreshNames(function, prefixes);
    }

    /** A new variable of the given type named {@code prefix + n}, a name no variable of the function has. */
    public Atom.Var variable(String prefix, Type type) {
        if (variables == null) {
            variables = variables();
        }
        return new Atom.Var(fresh(prefix, variables), type);
    }

    /** A new label named {@code prefix + n}, a name no label of the function has. */
    public Label label(String prefix) {
        if (labels == null) {
            labels = labels();
        }
        return new Label(fresh(prefix, labels));
    }

    private String fresh(String prefix, NameSet taken) {
        if (prefixes.length > 0 && !declared(prefix)) {
            throw new IllegalArgumentException("prefix \"" + prefix + "\" was not declared to FreshNames.of");
        }
        String name;
        do {
            name = prefix + (++counter);
        } while (!taken.add(name));
        return name;
    }

    /** The parameters and let-bound variables of the function that could clash. */
    private NameSet variables() {
        NameSet taken = new NameSet(prefixes.length > 0 ? 0 : definitions());
        noteAll(taken, function.params());
        noteLets(taken, function.body().lets());
        BottomUp.forEachFunction(function.body(), fn -> {
            noteAll(taken, fn.params());
            noteLets(taken, fn.body().lets());
        });
        return taken;
    }

    /**
     * About how many variables the function defines (a let of several variables counts once), read from the
     * sizes of its vectors alone: a table that keeps every name is made that large at once, not grown to it by
     * doublings that each rehash it (Sreedhar's method keeps 3·10^6 names at 10^6 instructions).
     */
    private int definitions() {
        int[] count = {function.params().size() + function.body().lets().size()};
        BottomUp.forEachFunction(function.body(), fn -> count[0] += fn.params().size() + fn.body().lets().size());
        return count[0];
    }

    /** The labels of the function's local functions that could clash. */
    private NameSet labels() {
        NameSet taken = new NameSet();
        BottomUp.forEachFunction(function.body(), fn -> note(taken, fn.label().name()));
        return taken;
    }

    private void noteAll(NameSet taken, Vector<Atom.Var> vars) {
        for (int k = 0, m = vars.size(); k < m; k++) {
            note(taken, vars.get(k).name());
        }
    }

    /**
     * Indexed loops: an iterator over a let's vector of variables, one per let, was a tenth of what the naive
     * method allocated at 10^6 instructions.
     */
    private void noteLets(NameSet taken, Vector<Let> lets) {
        for (int i = 0, n = lets.size(); i < n; i++) {
            Let let = lets.get(i);
            for (int k = 0, m = let.arity(); k < m; k++) {
                note(taken, let.var(k).name());
            }
        }
    }

    /** Keeps a name of the function when no prefix was declared, or when it is one followed by digits. */
    private void note(NameSet taken, String name) {
        if (prefixes.length == 0) {
            taken.add(name);
            return;
        }
        for (String prefix : prefixes) {
            if (name.length() > prefix.length() && name.startsWith(prefix) && digitsAfter(name, prefix.length())) {
                taken.add(name);
                return;
            }
        }
    }

    private static boolean digitsAfter(String name, int from) {
        for (int i = from; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private boolean declared(String prefix) {
        for (String p : prefixes) {
            if (p.equals(prefix)) {
                return true;
            }
        }
        return false;
    }
}
