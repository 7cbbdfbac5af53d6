package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Symbol;

/**
 * A module in functional form: what the LIR module says about its globals (name, {@code SYMTAB}, {@code DATA},
 * kept as LIR) and its functions. The data items are kept in their order; written back as LIR they come
 * before the functions.
 */
public record Program(String name, Vector<Symbol> symbols, Vector<Module.Data> data, Vector<Function> functions) {

    public Program {
        Objects.requireNonNull(name, "a program needs a name");
        Objects.requireNonNull(symbols, "a program needs its symbols");
        Objects.requireNonNull(data, "a program needs its data");
        Objects.requireNonNull(functions, "a program needs its functions");
    }

    public Option<Function> function(String functionName) {
        return functions.find(f -> f.name().equals(functionName));
    }

    /** This program's globals with {@code newFunctions}; this program when they are the same vector. */
    public Program withFunctions(Vector<Function> newFunctions) {
        return newFunctions == functions ? this : new Program(name, symbols, data, newFunctions);
    }

    /** Each function replaced by {@code f}'s image; this program when every function is its own image. */
    public Program mapFunctions(UnaryOperator<Function> f) {
        return withFunctions(Images.map(functions, f));
    }

    /** A bounded summary; print a whole program with {@code IrPrinter}. */
    @Override
    public String toString() {
        return "Program[" + name + ", " + symbols.size() + " symbols, " + data.size() + " data, functions "
                + functions.map(Function::name).take(8) + (functions.size() > 8 ? "…" : "") + "]";
    }
}
