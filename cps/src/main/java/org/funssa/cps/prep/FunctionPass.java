package org.funssa.cps.prep;

import org.funssa.core.lir.Module;

/** A pure transformation of one LIR function, lifted to modules by applying it to every function. */
@FunctionalInterface
public interface FunctionPass {

    /** The transformed function; the argument is left as it was. */
    Module.Function apply(Module.Function function);

    /** The module with every function transformed, data and symbols unchanged. */
    default Module apply(Module module) {
        return new Module(module.name(), module.symbols(), module.items().map(item -> switch (item) {
            case Module.Function f -> (Module.Item) apply(f);
            case Module.Data d -> d;
        }));
    }
}
