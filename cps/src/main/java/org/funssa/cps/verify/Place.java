package org.funssa.cps.verify;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Label;

/**
 * Where in a program something is: the function, the chain of local functions from the function's body down
 * to the body in question (empty for the function's own body), and the position in that body.
 */
public record Place(String function, Vector<Label> path, Position position) {

    /** A position inside a body. */
    public sealed interface Position permits Params, LetAt, TailOf {}

    /** The parameters of the function or local function. */
    public record Params() implements Position {}

    /** The let at this index (from 0) of the body. */
    public record LetAt(int index) implements Position {}

    /** The tail of the body. */
    public record TailOf() implements Position {}

    @Override
    public String toString() {
        String where = switch (position) {
            case Params p -> "parameters";
            case LetAt(int index) -> "let " + index;
            case TailOf t -> "tail";
        };
        return function + path.map(l -> "/" + l.name()).mkString() + ", " + where;
    }
}
