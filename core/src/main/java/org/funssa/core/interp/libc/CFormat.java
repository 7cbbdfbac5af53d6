package org.funssa.core.interp.libc;

/** printf-style formatting with glibc's exact output (placeholder until the cformat branch lands). */
public final class CFormat {

    /** The arguments a format consumes, in order. */
    public interface Arguments {
        /** The next integer or pointer argument, as a raw 64-bit value. */
        long nextInteger();

        /** The next floating argument (float varargs arrive as double). */
        double nextDouble();

        /** The NUL-terminated bytes at address, without the NUL. */
        byte[] string(long address);
    }

    private CFormat() {}

    /** Formats as glibc's printf does. */
    public static byte[] format(byte[] format, Arguments args) {
        throw new UnsupportedOperationException("CFormat pending");
    }
}
