package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.Objects;

/**
 * A local function: a basic block in direct style (seed 003 §6.1 "Direct Style"). Its parameters are the
 * block's φ-functions, its call sites are the incoming edges, and where it is defined (which body) is its
 * place in the dominator tree.
 *
 * <p>A class rather than a record for the reason given in {@link Body}: equality and hashing must not
 * recurse through the nest of bodies. Like the body's, the hash is computed on first use and cached.
 */
public final class Fn {

    private final Label label;
    private final Vector<Atom.Var> params;
    private final Body body;
    /** The cached hash, 0 until computed; {@link #hashIsZero} tells a computed 0 apart, as in {@code String}. */
    private int hash;
    private boolean hashIsZero;

    public Fn(Label label, Vector<Atom.Var> params, Body body) {
        this.label = Objects.requireNonNull(label, "a local function needs a label");
        this.params = Objects.requireNonNull(params, "a local function needs its parameters");
        this.body = Objects.requireNonNull(body, "a local function needs a body");
    }

    public Label label() {
        return label;
    }

    /** The formal parameters, which play the role of the block's φ-functions. */
    public Vector<Atom.Var> params() {
        return params;
    }

    public Body body() {
        return body;
    }

    /** This local function with {@code newBody}; this one when it is the same body. */
    public Fn withBody(Body newBody) {
        return newBody == body ? this : new Fn(label, params, newBody);
    }

    /** This local function with {@code newParams}; this one when they are the same vector. */
    public Fn withParams(Vector<Atom.Var> newParams) {
        return newParams == params ? this : new Fn(label, newParams, body);
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof Fn that && hashCode() == that.hashCode() && label.equals(that.label)
                && params.equals(that.params) && Body.equal(body, that.body);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0 && !hashIsZero) {
            h = (31 * label.hashCode() + params.hashCode()) * 31 + body.hashCode();
            if (h == 0) {
                hashIsZero = true;
            } else {
                hash = h;
            }
        }
        return h;
    }

    /** A bounded summary: the label and parameters. */
    @Override
    public String toString() {
        return "Fn[" + label + params.map(p -> p + ": " + p.type()).take(8).mkString("(", ", ",
                params.size() > 8 ? ", …)" : ")") + "]";
    }
}
