package org.funssa.core.names;

/*
 * An open-addressing hash set of strings: one array of slots, each the string's hash and number packed in one
 * long, probed linearly (Knuth, TAOCP vol. 3, §6.4, Algorithm L) from a home slot given by
 * Fibonacci hashing (ibid.) and kept at most half full. A probe reads the long array and touches a string
 * only when the hashes are equal, reaching it through the array of names by number, so finding a member costs
 * two cache misses in a large table and finding none one; the hash itself is the one String caches. A second
 * array of strings parallel to the slots would hold the same references again, at twice the size, in every
 * table of 5·10^6 names (Sreedhar's method on a generated function of 10^6 instructions).
 *
 * Why not java.util.HashSet: a pass that makes up names first adds every name of the function, 3·10^6 of
 * them for a generated function of 10^6 instructions. A HashSet allocates a node per name and walks the
 * nodes again at each resize, one cache miss each in a table far larger than the cache. Growing copies the
 * arrays in slot order into a table twice as large, where the homes keep their order, so no run of occupied
 * slots lengthens.
 *
 * The members are numbered 0, 1, 2, … in the order they came, so that a pass can keep what it knows of
 * each name in arrays indexed by the number (liveness keeps sets of these numbers, not of strings).
 */

import java.util.Arrays;

/** A growing set of strings, each numbered by when it was added: adding, membership, numbers. Not thread-safe. */
public final class NameSet {

    /** Per slot: the name's hash in the high half, its number plus one in the low half; 0 for a free slot. */
    private long[] entries;
    private String[] byNumber;
    private int size;

    /** An empty set. */
    public NameSet() {
        this(8);
    }

    /**
     * An empty set with room for {@code expected} names before it grows. A pass that knows how many names it
     * will add (a function's definitions, say) saves the doublings: each rehashes every slot into a table
     * twice as large, at random, so that growing from empty moves about as many slots as it adds names, each
     * a cache miss in a large table.
     */
    public NameSet(int expected) {
        if (expected < 0) {
            throw new IllegalArgumentException("expected " + expected + " names");
        }
        int slots = Integer.highestOneBit(Math.max(8, Math.min(expected, 1 << 29)) * 2 - 1) << 1;
        entries = new long[slots];
        byNumber = new String[Math.max(8, expected)];
    }

    /** Adds {@code name}; whether it was not in the set before. */
    public boolean add(String name) {
        int before = size;
        number(name);
        return size > before;
    }

    /** The number of {@code name}, which is added first (with the next number) when it is not a member. */
    public int number(String name) {
        int hash = name.hashCode();
        int i = find(name, hash);
        if (entries[i] != 0) {
            return (int) entries[i] - 1;
        }
        entries[i] = entry(hash, size);
        if (size == byNumber.length) {
            byNumber = Arrays.copyOf(byNumber, 2 * size);
        }
        byNumber[size] = name;
        if (2 * ++size > entries.length) {
            grow();
        }
        return size - 1;
    }

    /** The number of {@code name}, or −1 when it is not a member. */
    public int numberOrMinus(String name) {
        return (int) entries[find(name, name.hashCode())] - 1;
    }

    /** The member numbered {@code number}. */
    public String name(int number) {
        if (number < 0 || number >= size) {
            throw new IndexOutOfBoundsException("no name numbered " + number + " among " + size);
        }
        return byNumber[number];
    }

    /** Whether {@code name} is in the set. */
    public boolean contains(String name) {
        return entries[find(name, name.hashCode())] != 0;
    }

    /** How many names the set has; they are numbered from 0 to one less. */
    public int size() {
        return size;
    }

    /** The slot holding {@code name}, or the free slot where it would go. */
    private int find(String name, int hash) {
        int mask = entries.length - 1;
        int i = home(hash);
        for (long e = entries[i]; e != 0; e = entries[i]) {
            if ((int) (e >>> 32) == hash && byNumber[(int) e - 1].equals(name)) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return i;
    }

    private static long entry(int hash, int number) {
        return (long) hash << 32 | (number + 1L);
    }

    private void grow() {
        long[] oldEntries = entries;
        entries = new long[2 * oldEntries.length];
        int mask = entries.length - 1;
        for (int j = 0; j < oldEntries.length; j++) {
            if (oldEntries[j] != 0) {
                int i = home((int) (oldEntries[j] >>> 32));
                while (entries[i] != 0) {
                    i = (i + 1) & mask;
                }
                entries[i] = oldEntries[j];
            }
        }
    }

    /** The top log₂(capacity) bits of the hash times 2³²/φ. */
    private int home(int hash) {
        return (hash * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(entries.length));
    }
}
