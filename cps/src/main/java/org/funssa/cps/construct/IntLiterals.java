package org.funssa.cps.construct;

import java.math.BigInteger;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;

/*
 * One instance of each integer literal of a function, for Lowering: a function of 10^6 instructions has about as
 * many literal occurrences as lets, but a few thousand distinct literals, and the IR keeps them all. The table is
 * open addressing with linear probing over the literals themselves, keyed by type and value: a lookup hashes the
 * value's words and makes nothing, and a literal is made only the first time it occurs.
 */

/** The integer literals a lowering has made, each once. */
final class IntLiterals {

    private Atom.IntLit[] table = new Atom.IntLit[256];
    private int size;

    /** The literal of that type and value: the one made before, or a new one. */
    Atom.IntLit of(Type.Data type, BigInteger value) {
        int mask = table.length - 1;
        for (int i = slot(type, value, mask); ; i = (i + 1) & mask) {
            Atom.IntLit known = table[i];
            if (known == null) {
                Atom.IntLit made = new Atom.IntLit(type, value);
                table[i] = made;
                if (2 * ++size > table.length) {
                    grow();
                }
                return made;
            }
            if (known.value().equals(value) && known.type().equals(type)) {
                return known;
            }
        }
    }

    /** The table twice as large, at most half full again. */
    private void grow() {
        Atom.IntLit[] old = table;
        table = new Atom.IntLit[2 * old.length];
        int mask = table.length - 1;
        for (Atom.IntLit literal : old) {
            if (literal != null) {
                int i = slot(literal.type(), literal.value(), mask);
                while (table[i] != null) {
                    i = (i + 1) & mask;
                }
                table[i] = literal;
            }
        }
    }

    private static int slot(Type.Data type, BigInteger value, int mask) {
        int h = 31 * value.hashCode() + type.hashCode();
        return (h ^ (h >>> 16)) & mask;
    }

    /** How many distinct literals have been made. */
    int size() {
        return size;
    }
}
