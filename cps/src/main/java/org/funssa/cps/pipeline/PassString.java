package org.funssa.cps.pipeline;

import io.vavr.collection.Vector;

/**
 * A pipeline written as in COINS's {@code -coins:ssa-opt=prun/cstp/cse/srd3} (seed 004, appendix A.1 and
 * A.10): one construction first, then optimizations in order (the same one may appear several times),
 * then one destruction; {@code dump} may stand anywhere after the construction and shows the program at
 * that point.
 *
 * @param construction  the construction's name, e.g. {@code prun}
 * @param middle        optimizations and dumps between construction and destruction, in order
 * @param destruction   the destruction's name, e.g. {@code srd3}
 * @param trailingDumps how many {@code dump}s follow the destruction
 */
public record PassString(String construction, Vector<String> middle, String destruction, int trailingDumps) {

    /** The name that shows the current program instead of transforming it. */
    public static final String DUMP = "dump";

    /** The names a pass string may use, by position. */
    public record Vocabulary(Vector<String> constructions, Vector<String> optimizations,
                             Vector<String> destructions) {}

    /** A pass string that does not follow the grammar; the message lists what would be valid. */
    public static final class PassStringError extends IllegalArgumentException {
        PassStringError(String message) {
            super(message);
        }
    }

    /** Reads {@code text}; every error names the offending element, its position and the valid names there. */
    public static PassString parse(String text, Vocabulary names) {
        Vector<String> parts = Vector.of(text.split("/", -1));
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).isBlank()) {
                throw new PassStringError("pass string \"" + text + "\": element " + (i + 1)
                        + " is empty; write names separated by single '/'");
            }
        }
        String first = parts.head();
        if (!names.constructions().contains(first)) {
            throw new PassStringError("pass string \"" + text + "\": it must start with a construction, one of "
                    + names.constructions().mkString(", ") + "; found \"" + first + "\""
                    + elsewhere(first, names, "construction"));
        }
        int destructionAt = parts.indexWhere(names.destructions()::contains);
        if (destructionAt < 0) {
            throw new PassStringError("pass string \"" + text + "\": it must end with a destruction, one of "
                    + names.destructions().mkString(", ") + " (optionally followed by dump)");
        }
        Vector<String> middle = parts.slice(1, destructionAt);
        for (int i = 0; i < middle.size(); i++) {
            String name = middle.get(i);
            if (!name.equals(DUMP) && !names.optimizations().contains(name)) {
                throw new PassStringError("pass string \"" + text + "\": element " + (i + 2) + " \"" + name
                        + "\" is not an optimization; between construction and destruction come "
                        + (names.optimizations().isEmpty() ? "" : names.optimizations().mkString(", ") + " and ")
                        + DUMP + elsewhere(name, names, "optimization"));
            }
        }
        Vector<String> after = parts.drop(destructionAt + 1);
        for (int i = 0; i < after.size(); i++) {
            if (!after.get(i).equals(DUMP)) {
                throw new PassStringError("pass string \"" + text + "\": element " + (destructionAt + i + 2)
                        + " \"" + after.get(i) + "\" follows the destruction " + parts.get(destructionAt)
                        + "; only dump may come after it" + elsewhere(after.get(i), names, "after"));
            }
        }
        return new PassString(first, middle, parts.get(destructionAt), after.size());
    }

    /** A hint when a known name stands in the wrong place. */
    private static String elsewhere(String name, Vocabulary names, String expectedRole) {
        if (names.constructions().contains(name) && !expectedRole.equals("construction")) {
            return " (" + name + " is a construction: it comes first)";
        }
        if (names.destructions().contains(name) && !expectedRole.equals("after")) {
            return " (" + name + " is a destruction: it comes last)";
        }
        if (names.optimizations().contains(name) && !expectedRole.equals("optimization")) {
            return " (" + name + " is an optimization: it comes between construction and destruction)";
        }
        return "";
    }

    @Override
    public String toString() {
        return Vector.of(construction).appendAll(middle).append(destruction)
                .appendAll(Vector.fill(trailingDumps, DUMP)).mkString("/");
    }
}
