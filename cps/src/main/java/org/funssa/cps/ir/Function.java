package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.Objects;
import org.funssa.core.lir.Symbol;

/**
 * A function of the module: its global name, the symbols of its LIR {@code SYMTAB} (frame slots and
 * registers, kept so that the function can be written back as LIR), its parameters (the values LIR's
 * {@code PROLOGUE} receives, plus the incoming memory token), the types every {@code return} yields, and
 * its body, whose local functions are its blocks.
 */
public record Function(String name, Vector<Symbol> symbols, Vector<Atom.Var> params, Vector<Type> results,
                       Body body) {

    public Function {
        Objects.requireNonNull(name, "a function needs a name");
        Objects.requireNonNull(symbols, "a function needs its symbols");
        Objects.requireNonNull(params, "a function needs its parameters");
        Objects.requireNonNull(results, "a function needs its result types");
        Objects.requireNonNull(body, "a function needs a body");
    }

    /** A function without symbols of its own. */
    public static Function of(String name, Vector<Atom.Var> params, Vector<Type> results, Body body) {
        return new Function(name, Vector.empty(), params, results, body);
    }

    /** This function with {@code newBody}; this function when it is the same body. */
    public Function withBody(Body newBody) {
        return newBody == body ? this : new Function(name, symbols, params, results, newBody);
    }

    /** This function with {@code newParams}; this function when they are the same vector. */
    public Function withParams(Vector<Atom.Var> newParams) {
        return newParams == params ? this : new Function(name, symbols, newParams, results, body);
    }

    /** A bounded summary; print a whole function with {@code IrPrinter}. */
    @Override
    public String toString() {
        return "Function[" + name + ", " + params.size() + " params, " + body + "]";
    }
}
