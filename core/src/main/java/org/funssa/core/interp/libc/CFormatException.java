package org.funssa.core.interp.libc;

/**
 * A {@code printf} directive that C leaves undefined or that {@link CFormat} does not support; the
 * message quotes the format and names the directive and its byte offset.
 */
public final class CFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure described by a complete message. */
    public CFormatException(String message) {
        super(message);
    }
}
