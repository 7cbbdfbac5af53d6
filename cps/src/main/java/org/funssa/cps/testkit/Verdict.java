package org.funssa.cps.testkit;

/** The result of checking a {@link Law} on one sample. */
public sealed interface Verdict permits Verdict.Holds, Verdict.Inconclusive, Verdict.Broken {

    /** The law holds on the sample. */
    record Holds() implements Verdict {}

    /** The sample says nothing about the law (for instance, it cannot be run). */
    record Inconclusive(String why) implements Verdict {}

    /**
     * The law is broken. The reducer keeps a smaller program only if it breaks the law the same way.
     *
     * @param kind   how it broke, a short fixed phrase ({@code "output differs"}, {@code "pass threw"}, …)
     * @param detail what exactly differs, for a person
     */
    record Broken(String kind, String detail) implements Verdict {}

    Holds HOLDS = new Holds();

    /** Whether this is a {@link Broken} of the given kind. */
    default boolean isBroken(String kind) {
        return this instanceof Broken b && b.kind().equals(kind);
    }
}
