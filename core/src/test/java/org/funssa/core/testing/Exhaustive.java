package org.funssa.core.testing;

/**
 * How much of a test's cross product runs. By default a test that multiplies programs by methods by options
 * checks a deterministic part of it in which every method and every option still occurs, so that the README's
 * {@code mvn -B -ntp verify} stays within its time; the Maven profile {@code exhaustive} ({@code -Pexhaustive},
 * which {@code .ci/run} adds, setting the system property {@code funssa.exhaustive}) checks all of it.
 */
public final class Exhaustive {

    /** Whether the whole cross product runs. */
    public static final boolean ON = Boolean.getBoolean("funssa.exhaustive");

    private Exhaustive() {}

    /** Whether the {@code index}th case of a series runs: every case when {@link #ON}, else every {@code n}th. */
    public static boolean everyNth(long index, int n) {
        return inTurn(index, 0, n);
    }

    /**
     * Whether the {@code index}th case of a series is checked with the {@code k}th of {@code n} alternatives:
     * with all of them when {@link #ON}, else with the one whose turn it is, {@code index mod n}.
     */
    public static boolean inTurn(long index, int k, int n) {
        return ON || index % n == k;
    }
}
