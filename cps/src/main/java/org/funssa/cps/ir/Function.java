package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Symbol;

/**
 * A function of the module: its global name, the symbols of its LIR {@code SYMTAB} (frame slots and
 * registers, kept so that the function can be written back as LIR), its parameters (the values LIR's
 * {@code PROLOGUE} receives, plus the incoming memory token), the types every {@code return} yields, and
 * its body, whose local functions are its blocks.
 */
public record Function(String name, Vector<Symbol> symbols, Vector<Atom.Var> params, Vector<Type> results,
                       Body body) {

    public Function withBody(Body newBody) {
        return new Function(name, symbols, params, results, newBody);
    }

    /** A bounded summary; print a whole function with {@code IrPrinter}. */
    @Override
    public String toString() {
        return "Function[" + name + ", " + params.size() + " params, " + body + "]";
    }
}
