package org.funssa.core.cfg;

/** A function body whose control flow cannot be built: names the function and what is wrong. */
public final class CfgException extends IllegalArgumentException {

    private final String function;

    public CfgException(String function, String problem) {
        super("function \"" + function + "\": " + problem);
        this.function = function;
    }

    /** The name of the function at fault. */
    public String function() {
        return function;
    }
}
