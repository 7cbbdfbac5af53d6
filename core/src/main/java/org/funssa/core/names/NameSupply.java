package org.funssa.core.names;

import java.util.Objects;
import java.util.function.Supplier;

/*
 * Every name made is `prefix + n + suffix` for the next n that makes a name not taken yet, and is taken from
 * then on, so that a new name never clashes with what the function already says nor with another new one.
 * The names taken are read only when the first name is asked for: most functions need none, and reading
 * them costs a pass over the code.
 *
 * Passes run one after another on a function may share the names taken ({@link #restarted}): those of the
 * first function plus every name any of them gave out, which covers every name each pass's input uses when
 * the passes add names only through the supply. The function is read once instead of once per pass, and
 * each pass counts its own n from 1, so a pass names what it adds as it would with a supply of its own.
 */

/**
 * Hands out names that a function does not use yet: labels, registers. Confined to one thread, one function
 * and what the passes that share the supply make of it.
 */
public final class NameSupply {

    private final Taken taken;
    private long counter;

    private NameSupply(Taken taken) {
        this.taken = taken;
    }

    /** A supply of names not in {@code taken}, which is called for them when the first name is asked for. */
    public static NameSupply avoiding(Supplier<NameSet> taken) {
        return new NameSupply(new Taken(Objects.requireNonNull(taken, "a supply needs the names taken")));
    }

    /** A supply taking the same names, those given out so far included, and counting from 1 again. */
    public NameSupply restarted() {
        return new NameSupply(taken);
    }

    /** A new name {@code prefix + n}, unused so far; n counts up across calls. */
    public String fresh(String prefix) {
        return fresh(prefix, "");
    }

    /** A new name {@code prefix + n + suffix}, unused so far; n counts up across calls. */
    public String fresh(String prefix, String suffix) {
        NameSet used = taken.names();
        String name;
        do {
            if (counter == Long.MAX_VALUE) {
                throw new IllegalStateException("no number is left for a fresh name " + prefix + "…" + suffix);
            }
            name = prefix + ++counter + suffix;
        } while (!used.add(name));
        return name;
    }

    /** {@code name}, primed ({@code '}) as often as needed to be unused so far; it is used from then on. */
    public String primed(String name) {
        String candidate = name;
        while (!claim(candidate)) {
            candidate = candidate + "'";
        }
        return candidate;
    }

    /** Takes {@code name} (a name a pass is about to introduce by another rule); whether it was free. */
    public boolean claim(String name) {
        return taken.names().add(name);
    }

    /** The names taken: read when first needed, then the same set for every supply sharing it. */
    private static final class Taken {
        private Supplier<NameSet> reader;
        private NameSet names;

        Taken(Supplier<NameSet> reader) {
            this.reader = reader;
        }

        NameSet names() {
            if (names == null) {
                names = Objects.requireNonNull(reader.get(), "the names taken");
                reader = null;
            }
            return names;
        }
    }
}
