package org.funssa.destruct.names;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;

/**
 * Hands out variable names and labels that a function does not use yet: {@code prefix + n} for the next n
 * that is free. Single-use, confined to one pass run over one function.
 *
 * <p>A method that knows its prefixes up front declares them: a new name can only clash with a name of the
 * function that is a declared prefix followed by digits, so only those are kept while the function is read,
 * and the rest (nearly all: SSA names are {@code register_n}) are looked at and dropped. Keeping all 3·10⁶
 * names of a function of 10⁶ instructions in a hash table cost a third of the naive method's time and most
 * of its allocation, every lookup a cache miss. Methods whose prefixes derive from names ({@code x_} for a
 * copy of x) declare none, and then every name is kept and any prefix may be asked for.
 */
public final class FreshNames {

    private final NameSet taken = new NameSet();
    private final String[] prefixes;
    private int counter;

    private FreshNames(String[] prefixes) {
        this.prefixes = prefixes.clone();
    }

    /**
     * The names a function uses (its parameters, every let-bound variable and every label) that fresh names
     * with the given prefixes could clash with; all of them when no prefix is given.
     */
    public static FreshNames of(Function function, String... prefixes) {
        FreshNames names = new FreshNames(prefixes);
        function.params().forEach(p -> names.note(p.name()));
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(function.body());
        // indexed loops: an iterator over a let's vector of variables, one per let, was a tenth of what the
        // naive method allocated at 10^6 instructions
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            Vector<Let> lets = body.lets();
            for (int i = 0, n = lets.size(); i < n; i++) {
                Vector<Atom.Var> vars = lets.get(i).vars();
                for (int k = 0, m = vars.size(); k < m; k++) {
                    names.note(vars.get(k).name());
                }
            }
            Vector<Fn> functions = body.functions();
            for (int i = 0, n = functions.size(); i < n; i++) {
                Fn fn = functions.get(i);
                names.note(fn.label().name());
                Vector<Atom.Var> params = fn.params();
                for (int k = 0, m = params.size(); k < m; k++) {
                    names.note(params.get(k).name());
                }
                stack.push(fn.body());
            }
        }
        return names;
    }

    /** Keeps a name of the function when it is a declared prefix followed by digits. */
    private void note(String name) {
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

    /** A new name {@code prefix + n}; the prefix must be one of those declared, if any were. */
    public String name(String prefix) {
        if (prefixes.length > 0 && !declared(prefix)) {
            throw new IllegalArgumentException("prefix \"" + prefix + "\" was not declared to FreshNames.of");
        }
        String name;
        do {
            name = prefix + (++counter);
        } while (!taken.add(name));
        return name;
    }

    private boolean declared(String prefix) {
        for (String p : prefixes) {
            if (p.equals(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** A new variable of the given type named {@code prefix + n}. */
    public Atom.Var variable(String prefix, Type type) {
        return new Atom.Var(name(prefix), type);
    }

    /** A new label named {@code prefix + n}. */
    public Label label(String prefix) {
        return new Label(name(prefix));
    }
}
