package org.funssa.cps.pass;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

/** Passes a pass string may name, in the order {@code --help} lists them. */
public record Registry(Vector<Pass> all) {

    /** Their names, as pass strings spell them. */
    public Vector<String> names() {
        return all.map(Pass::name);
    }

    /** The pass called {@code name} in pass strings, if there is one. */
    public Option<Pass> named(String name) {
        return all.find(p -> p.name().equals(name));
    }
}
