package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.Objects;
import org.funssa.core.lir.Symbol;

/**
 * A function of the module: its global name, the symbols of its LIR {@code SYMTAB} (frame slots and
 * registers, kept so that the function can be written back as LIR), its parameters (the values LIR's
 * {@code PROLOGUE} receives, plus the incoming memory token), the types every {@code return} yields, its
 * body, whose local functions are its blocks, and how many variable numbers it uses: every variable of the
 * function is numbered below {@code varCount} (the verifier checks it), so a table indexed by variable number
 * has that length, and {@link VarSupply#after} numbers new variables from there.
 */
public record Function(String name, Vector<Symbol> symbols, Vector<Atom.Var> params, Vector<Type> results,
                       Body body, int varCount) {

    public Function {
        Objects.requireNonNull(name, "a function needs a name");
        Objects.requireNonNull(symbols, "a function needs its symbols");
        Objects.requireNonNull(params, "a function needs its parameters");
        Objects.requireNonNull(results, "a function needs its result types");
        Objects.requireNonNull(body, "a function needs a body");
        if (varCount < 0) {
            throw new IllegalArgumentException("a function uses no fewer than 0 variable numbers: " + varCount);
        }
    }

    /** A function without symbols of its own. */
    public static Function of(String name, Vector<Atom.Var> params, Vector<Type> results, Body body, int varCount) {
        return new Function(name, Vector.empty(), params, results, body, varCount);
    }

    /** This function with {@code newBody}; this function when it is the same body. */
    public Function withBody(Body newBody) {
        return newBody == body ? this : new Function(name, symbols, params, results, newBody, varCount);
    }

    /**
     * This function with {@code newBody}, whose variables are numbered below {@code newVarCount} (the count of
     * the {@link VarSupply} that numbered its new ones); this function when nothing changes.
     */
    public Function withBody(Body newBody, int newVarCount) {
        return newBody == body && newVarCount == varCount ? this
                : new Function(name, symbols, params, results, newBody, newVarCount);
    }

    /** This function with {@code newParams}; this function when they are the same vector. */
    public Function withParams(Vector<Atom.Var> newParams) {
        return newParams == params ? this : new Function(name, symbols, newParams, results, body, varCount);
    }

    /** This function with {@code newSymbols}; this function when they are the same vector. */
    public Function withSymbols(Vector<Symbol> newSymbols) {
        return newSymbols == symbols ? this : new Function(name, newSymbols, params, results, body, varCount);
    }

    /** A bounded summary; print a whole function with {@code IrPrinter}. */
    @Override
    public String toString() {
        return "Function[" + name + ", " + params.size() + " params, " + varCount + " variables, " + body + "]";
    }
}
