package org.funssa.cps.verify;

/** A broken invariant: which rule, where, and what exactly is wrong. */
public record Violation(Rule rule, Place place, String message) {
    @Override
    public String toString() {
        return place + ": " + rule + ": " + message;
    }
}
