package org.funssa.core.lir;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * {@code (MODULE "name" (SYMTAB …) item…)}: a translation unit. Data and functions are kept in the
 * order they were written.
 */
public record Module(String name, Vector<Symbol> symbols, Vector<Item> items) {

    /** A top-level item after the module's symbol table. */
    public sealed interface Item permits Data, Function {
        String name();
    }

    /** {@code (DATA "name" content…)}: the initial contents of a static symbol. */
    public record Data(String name, Vector<DataItem> contents) implements Item {}

    /** One piece of a {@link Data}'s contents. */
    public sealed interface DataItem permits Values, Zeros, Space {}

    /** {@code (t value…)}: values of type t, each an integer, a float or an address expression. */
    public record Values(LirType type, Vector<LExp> values) implements DataItem {}

    /** {@code (ZEROS n)}: n zero bytes. */
    public record Zeros(long bytes) implements DataItem {}

    /** {@code (SPACE n)}: n bytes of uninitialised (zeroed) storage. */
    public record Space(long bytes) implements DataItem {}

    /** {@code (FUNCTION "name" (SYMTAB …) body…)}. */
    public record Function(String name, Vector<Symbol> symbols, Vector<Stmt> body) implements Item {}

    public Vector<Function> functions() {
        return items.flatMap(item -> switch (item) {
            case Function f -> Option.of(f);
            case Data d -> Option.none();
        });
    }

    public Vector<Data> data() {
        return items.flatMap(item -> switch (item) {
            case Data d -> Option.of(d);
            case Function f -> Option.none();
        });
    }

    public Option<Function> function(String name) {
        return functions().find(f -> f.name().equals(name));
    }

    public Option<Symbol> symbol(String name) {
        return symbols.find(s -> s.name().equals(name));
    }
}
