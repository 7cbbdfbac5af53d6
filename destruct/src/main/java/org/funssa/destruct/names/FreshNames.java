package org.funssa.destruct.names;

import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.rewrite.LabelSupply;

/**
 * Hands out the variables and labels a destruction adds to one function: variables by number, from the
 * function's {@link VarSupply} (their prefix is only a hint for printing), and labels from its
 * {@link LabelSupply}, named {@code prefix + n} beyond every number that ends a label of the function.
 * Single-use, confined to one pass run over one function.
 */
public final class FreshNames {

    private final VarSupply variables;
    private final LabelSupply labels;

    private FreshNames(Function function) {
        this.variables = VarSupply.after(function);
        this.labels = LabelSupply.after(function);
    }

    /** Fresh names for {@code function}; its labels are read when the first label is asked for. */
    public static FreshNames of(Function function) {
        return new FreshNames(function);
    }

    /** A new variable of the given type, printed after {@code hint}. */
    public Atom.Var variable(String hint, Type type) {
        return variables.fresh(hint, type);
    }

    /** How many variable numbers the function uses with the variables handed out so far. */
    public int variableCount() {
        return variables.count();
    }

    /** A new label named {@code prefix + n}, a name no label of the function has. */
    public Label label(String prefix) {
        return labels.fresh(prefix);
    }
}
