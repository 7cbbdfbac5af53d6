package org.funssa.destruct;

/**
 * Copy counts of one destruction run, over value copies only (copies of memory tokens produce no code).
 *
 * @param inserted  copies the method inserted (sequentialization temporaries included)
 * @param remaining copies of those left in the result after the method's coalescing (equal to
 *                  {@code inserted} for a method that does not coalesce)
 */
public record CopyStats(int inserted, int remaining) {

    /** No copies. */
    public static final CopyStats NONE = new CopyStats(0, 0);

    /** The sum of two counts. */
    public CopyStats plus(CopyStats other) {
        return new CopyStats(inserted + other.inserted, remaining + other.remaining);
    }
}
