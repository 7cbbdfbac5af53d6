package org.funssa.core.cfg;

import io.vavr.control.Option;
import org.funssa.core.lir.SourcePos;

/**
 * A function body whose control flow cannot be built. The message names the place (file, line and
 * column, when the function was read from text), the function and what is wrong.
 */
public final class CfgException extends IllegalArgumentException {

    private final String function;
    private final Option<SourcePos> position;

    public CfgException(String function, Option<SourcePos> position, String problem) {
        super(position.map(p -> p + ": ").getOrElse("") + "function \"" + function + "\": " + problem);
        this.function = function;
        this.position = position;
    }

    /** The name of the function at fault. */
    public String function() {
        return function;
    }

    /** Where the offending statement was read, if known. */
    public Option<SourcePos> position() {
        return position;
    }
}
