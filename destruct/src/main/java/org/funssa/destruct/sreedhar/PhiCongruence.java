package org.funssa.destruct.sreedhar;

/*
 * Source: seed 004 §5.4.6, Note 1 and Note 2 of Method III's algorithm: merging the classes of one φ merges
 * every class its resources already belong to (the transitive closure of a union of sets), and a class is a
 * single entity that every member points to. Here every member maps to its class's representative, and a
 * merge re-points the members of the smaller class (so a variable is re-pointed O(log n) times).
 */

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The φ-congruence classes of one function's variables; a variable starts in a class of its own. */
final class PhiCongruence {

    private final Map<String, String> representative = new HashMap<>();
    private final Map<String, List<String>> members = new HashMap<>();

    /** The representative of {@code v}'s class. */
    String find(String v) {
        return representative.getOrDefault(v, v);
    }

    /** Whether {@code a} and {@code b} are in one class. */
    boolean same(String a, String b) {
        return find(a).equals(find(b));
    }

    /** The members of {@code v}'s class; not to be changed by the caller. */
    List<String> members(String v) {
        String r = find(v);
        return members.getOrDefault(r, List.of(r));
    }

    /** Merges the classes of {@code a} and {@code b}; the larger class's representative stays (a's on a tie). */
    void union(String a, String b) {
        String kept = find(a);
        String gone = find(b);
        if (kept.equals(gone)) {
            return;
        }
        if (members(kept).size() < members(gone).size()) {
            String t = kept;
            kept = gone;
            gone = t;
        }
        List<String> moved = members(gone);
        List<String> into = members.computeIfAbsent(kept, r -> new ArrayList<>(List.of(r)));
        for (String m : moved) {
            representative.put(m, kept);
        }
        into.addAll(moved);
        members.remove(gone);
    }
}
