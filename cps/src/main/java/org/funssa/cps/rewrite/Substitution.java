package org.funssa.cps.rewrite;

import io.vavr.collection.HashMap;
import io.vavr.collection.Vector;
import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;

/*
 * Seed 003 §6.1: in let-normal form a copy "let x = a in e" is a substitution e[a/x]; variables are bound once
 * in SSA form, so a substitution applied to a whole function captures nothing. Copy propagation (seed 004 §6.1,
 * "chains resolved to the root") is a substitution whose chains x ↦ y ↦ 5 are followed to their end, which
 * apply does on every lookup.
 */

/**
 * A persistent map from variables to the atoms that replace them, applied to atoms, expressions, lets, tails and
 * whole functions. A chain {@code x ↦ y}, {@code y ↦ a} replaces {@code x} by {@code a}. Every application
 * returns its argument when nothing in it is replaced, so rewriting with an empty or irrelevant substitution
 * allocates nothing.
 */
public final class Substitution implements UnaryOperator<Atom> {

    private static final Substitution EMPTY = new Substitution(HashMap.empty());

    private final HashMap<Atom.Var, Atom> replacements;

    private Substitution(HashMap<Atom.Var, Atom> replacements) {
        this.replacements = replacements;
    }

    /** The substitution that replaces nothing. */
    public static Substitution empty() {
        return EMPTY;
    }

    /** {@code var ↦ atom}. */
    public static Substitution of(Atom.Var var, Atom atom) {
        return EMPTY.with(var, atom);
    }

    /**
     * This substitution and {@code var ↦ atom}.
     *
     * @throws IllegalArgumentException when {@code var} is already replaced, or when the atom stands for
     *                                  {@code var} itself (a chain back to it would never end)
     */
    public Substitution with(Atom.Var var, Atom atom) {
        if (replacements.containsKey(var)) {
            throw new IllegalArgumentException(var + " is already replaced by " + replacements.get(var).get());
        }
        if (apply(atom).equals(var)) {
            throw new IllegalArgumentException(var + " would be replaced by itself");
        }
        return new Substitution(replacements.put(var, atom));
    }

    /** Whether this substitution replaces nothing. */
    public boolean isEmpty() {
        return replacements.isEmpty();
    }

    /** Whether {@code var} is replaced. */
    public boolean replaces(Atom.Var var) {
        return replacements.containsKey(var);
    }

    /** The atom that stands for {@code atom}: its replacement's, followed to the end of the chain; or itself. */
    @Override
    public Atom apply(Atom atom) {
        Atom result = atom;
        while (result instanceof Atom.Var v) {
            Atom next = replacements.get(v).getOrNull();
            if (next == null) {
                break;
            }
            result = next;
        }
        return result;
    }

    /** The expression with every operand substituted; itself when none is replaced. */
    public Expr apply(Expr expr) {
        return isEmpty() ? expr : expr.mapAtoms(this);
    }

    /** The let with every operand substituted (its variables are binders and stay); itself when none is. */
    public Let apply(Let let) {
        return isEmpty() ? let : let.mapAtoms(this);
    }

    /** The lets, each substituted; the same vector when no let changes. */
    public Vector<Let> apply(Vector<Let> lets) {
        return isEmpty() ? lets : Images.map(lets, this::apply);
    }

    /** The tail with every operand, jump arguments included, substituted; itself when none is replaced. */
    public Tail apply(Tail tail) {
        return isEmpty() ? tail : tail.mapAtoms(this);
    }

    /**
     * The function with every use substituted, in every body of its nest; binders stay. The same function when
     * nothing is replaced, and every body that uses no replaced variable is kept by identity.
     */
    public Function apply(Function function) {
        if (isEmpty()) {
            return function;
        }
        return Nest.of(function).rewrite((node, body) -> body.with(apply(body.lets()), body.functions(),
                apply(body.tail())));
    }

    @Override
    public String toString() {
        return "Substitution" + replacements.mkString("{", ", ", "}");
    }
}
