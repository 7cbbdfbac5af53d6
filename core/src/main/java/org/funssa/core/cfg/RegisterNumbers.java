package org.funssa.core.cfg;

import io.vavr.collection.Vector;
import org.funssa.core.names.NameSet;

/**
 * The registers of an LIR function numbered 0, 1, 2, … in order of first appearance (RegisterEffects' walk over the
 * blocks), so that what a pass knows of each register can be an array indexed by its number. Read-only.
 */
public final class RegisterNumbers {

    private final NameSet numbers;
    private final Vector<String> names;

    RegisterNumbers(NameSet numbers) {
        this.numbers = numbers;
        String[] byNumber = new String[numbers.size()];
        for (int r = 0; r < byNumber.length; r++) {
            byNumber[r] = numbers.name(r);
        }
        names = Vector.of(byNumber);
    }

    /** How many registers are numbered. */
    public int size() {
        return names.size();
    }

    /** Register names by number. */
    public Vector<String> names() {
        return names;
    }

    /** The register numbered {@code number}. */
    public String name(int number) {
        return names.get(number);
    }

    /** The number of a register, or −1 when the function does not mention it. */
    public int numberOrMinus(String register) {
        return numbers.numberOrMinus(register);
    }
}
