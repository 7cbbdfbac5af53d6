package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Symbol;

/**
 * A module in functional form: what the LIR module says about its globals (name, {@code SYMTAB}, {@code DATA},
 * kept as LIR) and its functions. The data items are kept in their order; written back as LIR they come
 * before the functions.
 */
public record Program(String name, Vector<Symbol> symbols, Vector<Module.Data> data, Vector<Function> functions) {

    public Option<Function> function(String functionName) {
        return functions.find(f -> f.name().equals(functionName));
    }

    /** A bounded summary; print a whole program with {@code IrPrinter}. */
    @Override
    public String toString() {
        return "Program[" + name + ", " + symbols.size() + " symbols, " + data.size() + " data, functions "
                + functions.map(Function::name).take(8) + (functions.size() > 8 ? "…" : "") + "]";
    }
}
