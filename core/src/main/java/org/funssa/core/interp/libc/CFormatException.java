package org.funssa.core.interp.libc;

/** A format directive that {@link CFormat} does not accept. */
public final class CFormatException extends RuntimeException {
    public CFormatException(String message) {
        super(message);
    }
}
