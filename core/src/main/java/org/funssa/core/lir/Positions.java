package org.funssa.core.lir;

import io.vavr.control.Option;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Where the reader found each node of a module: the {@link Module} itself, its {@link Symbol}s,
 * {@link Module.Item}s, {@link Stmt}s and {@link LExp}s. Nodes are looked up by identity, not by
 * equality, so two equal statements at different places keep their own positions; the model records
 * stay free of positions and compare structurally. Read-only once built.
 */
public final class Positions {

    private static final Positions NONE = new Positions(new IdentityHashMap<>());

    private final Map<Object, SourcePos> byNode;

    Positions(IdentityHashMap<Object, SourcePos> byNode) {
        this.byNode = byNode;
    }

    /** No positions at all, for modules that were not read from text. */
    public static Positions none() {
        return NONE;
    }

    /** Where this very node (by identity) was read, if it was. */
    public Option<SourcePos> of(Object node) {
        return Option.of(byNode.get(node));
    }
}
