package org.funssa.cli.args;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * Conversions of a word to the value an option or parameter holds, for {@link Arguments}: each fails with an
 * {@link IllegalArgumentException} whose message says what is wrong with the word.
 */
public final class Conversions {

    /** A decimal integer that fits in 64 bits. */
    public static final Function<String, Long> LONG = word -> {
        try {
            return Long.parseLong(word);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + word + "' is not a long", e);
        }
    };

    /** A file system path (it need not exist). */
    public static final Function<String, Path> PATH = Path::of;

    private Conversions() {}
}
