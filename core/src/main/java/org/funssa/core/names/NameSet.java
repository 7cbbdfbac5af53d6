package org.funssa.core.names;

/*
 * An open-addressing hash set of strings in two parallel arrays, the strings and their hashes, probed
 * linearly (Knuth, TAOCP vol. 3, §6.4, Algorithm L) from a home slot given by Fibonacci hashing (ibid.)
 * and kept at most half full. A probe reads the int array and touches a string only when the hashes are
 * equal; the hash itself is the one String caches.
 *
 * Why not java.util.HashSet: a pass that makes up names first adds every name of the function, 3·10^6 of
 * them for a generated function of 10^6 instructions. A HashSet allocates a node per name and walks the
 * nodes again at each resize, one cache miss each; collecting the names was a third of naive destruction's
 * time at that size. Growing copies the arrays in slot order into a table twice as large, where the homes
 * keep their order, so no run of occupied slots lengthens.
 */

/** A growing set of strings: adding and membership. Not thread-safe. */
public final class NameSet {

    private String[] names = new String[16];
    private int[] hashes = new int[16];
    private int size;

    /** Adds {@code name}; whether it was not in the set before. */
    public boolean add(String name) {
        int hash = name.hashCode();
        int i = find(name, hash);
        if (names[i] != null) {
            return false;
        }
        names[i] = name;
        hashes[i] = hash;
        if (2 * ++size > names.length) {
            grow();
        }
        return true;
    }

    /** Whether {@code name} is in the set. */
    public boolean contains(String name) {
        return names[find(name, name.hashCode())] != null;
    }

    /** How many names the set has. */
    public int size() {
        return size;
    }

    /** The slot holding {@code name}, or the free slot where it would go. */
    private int find(String name, int hash) {
        int mask = names.length - 1;
        int i = home(hash);
        for (String there = names[i]; there != null; there = names[i]) {
            if (hashes[i] == hash && there.equals(name)) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        String[] oldNames = names;
        int[] oldHashes = hashes;
        names = new String[2 * oldNames.length];
        hashes = new int[2 * oldNames.length];
        int mask = names.length - 1;
        for (int j = 0; j < oldNames.length; j++) {
            if (oldNames[j] != null) {
                int i = home(oldHashes[j]);
                while (names[i] != null) {
                    i = (i + 1) & mask;
                }
                names[i] = oldNames[j];
                hashes[i] = oldHashes[j];
            }
        }
    }

    /** The top log₂(capacity) bits of the hash times 2³²/φ. */
    private int home(int hash) {
        return (hash * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(names.length));
    }
}
