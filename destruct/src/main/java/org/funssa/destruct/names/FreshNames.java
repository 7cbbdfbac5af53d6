package org.funssa.destruct.names;

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
 * that is free. Single-use, confined to one pass run over one function. The names in use are a
 * {@link NameSet}, which collects the 3·10⁶ names of a function of 10⁶ instructions without a node per name.
 */
public final class FreshNames {

    private final NameSet taken = new NameSet();
    private int counter;

    private FreshNames() {}

    /** The names a function uses: its parameters, every let-bound variable and every label. */
    public static FreshNames of(Function function) {
        FreshNames names = new FreshNames();
        function.params().forEach(p -> names.taken.add(p.name()));
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(function.body());
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            for (Let let : body.lets()) {
                for (Atom.Var v : let.vars()) {
                    names.taken.add(v.name());
                }
            }
            for (Fn fn : body.functions()) {
                names.taken.add(fn.label().name());
                for (Atom.Var p : fn.params()) {
                    names.taken.add(p.name());
                }
                stack.push(fn.body());
            }
        }
        return names;
    }

    /** A new name {@code prefix + n}. */
    public String name(String prefix) {
        String name;
        do {
            name = prefix + (++counter);
        } while (!taken.add(name));
        return name;
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
