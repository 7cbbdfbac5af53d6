package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.Objects;

/**
 * {@code let …; letrec f₁ … and fₙ in tail}: a block's straight-line code, the local functions it defines
 * (the blocks it immediately dominates, seed 003 §6.2.2 "block sinking"), and how it ends.
 *
 * <p>Scope (DESIGN.md "The IR"): a let's variables are in scope from the let to the end of the body,
 * including the local functions; the local functions are in scope for the tail and for each other.
 *
 * <p>A class rather than a record: bodies nest as deep as the dominator tree (10⁵ levels and more), so
 * equality is an iterative comparison and the hash is computed bottom-up with an explicit stack; the
 * recursive {@code equals}/{@code hashCode} a record would generate would overflow the stack.
 *
 * <p>The hash is computed on first use and cached, not at construction. A rewrite rebuilds a body once per
 * change (append the copies, then replace the tail), and hashing at construction would hash every let of the
 * body at each change, though no pass ever asks for the hash. The cache is the racy single-check idiom
 * of {@link String#hashCode()}: the value is a function of final fields, so a thread that sees no cached value
 * computes the same one again.
 */
public final class Body {

    private final Vector<Let> lets;
    private final Vector<Fn> functions;
    private final Tail tail;
    /** The cached hash, 0 until computed; {@link #hashIsZero} tells a computed 0 apart, as in {@code String}. */
    private int hash;
    private boolean hashIsZero;

    public Body(Vector<Let> lets, Vector<Fn> functions, Tail tail) {
        this.lets = Objects.requireNonNull(lets, "a body needs its lets");
        this.functions = Objects.requireNonNull(functions, "a body needs its local functions");
        this.tail = Objects.requireNonNull(tail, "a body needs a tail");
    }

    /** A body without local functions. */
    public static Body of(Vector<Let> lets, Tail tail) {
        return new Body(lets, Vector.empty(), tail);
    }

    public Vector<Let> lets() {
        return lets;
    }

    /** The local functions this body defines ({@code letrec}), in order. */
    public Vector<Fn> functions() {
        return functions;
    }

    public Tail tail() {
        return tail;
    }

    /** This body with {@code newLets}; this body when they are the same vector. */
    public Body withLets(Vector<Let> newLets) {
        return newLets == lets ? this : new Body(newLets, functions, tail);
    }

    /** This body with {@code newFunctions}; this body when they are the same vector. */
    public Body withFunctions(Vector<Fn> newFunctions) {
        return newFunctions == functions ? this : new Body(lets, newFunctions, tail);
    }

    /** This body with {@code newTail}; this body when it is the same tail. */
    public Body withTail(Tail newTail) {
        return newTail == tail ? this : new Body(lets, functions, newTail);
    }

    /** Each let replaced by {@code f}'s image; this body when every let is its own image. */
    public Body mapLets(java.util.function.UnaryOperator<Let> f) {
        return withLets(Images.map(lets, f));
    }

    /** This body with the three parts given; this body when each is the same object as its own. */
    public Body with(Vector<Let> newLets, Vector<Fn> newFunctions, Tail newTail) {
        return newLets == lets && newFunctions == functions && newTail == tail ? this
                : new Body(newLets, newFunctions, newTail);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Body that && equal(this, that);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0 && !hashIsZero) {
            hashNest(this);
            h = hash;
        }
        return h;
    }

    /**
     * Hashes every body of the nest under {@code root} that has no cached hash yet, children before parents:
     * a body whose local functions' bodies are all hashed is hashed at once, any other goes back on the stack
     * under its unhashed children.
     */
    private static void hashNest(Body root) {
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            if (body.hashed()) {
                continue;
            }
            Vector<Fn> waiting = body.functions.filter(f -> !f.body().hashed());
            if (!waiting.isEmpty()) {
                stack.push(body);
                waiting.forEach(f -> stack.push(f.body()));
                continue;
            }
            int h = body.lets.hashCode();
            for (Fn f : body.functions) {
                h = 31 * h + f.hashCode();
            }
            h = 31 * h + body.tail.hashCode();
            if (h == 0) {
                body.hashIsZero = true;
            } else {
                body.hash = h;
            }
        }
    }

    private boolean hashed() {
        return hash != 0 || hashIsZero;
    }

    /** A bounded summary; print a whole body with {@code IrPrinter}. */
    @Override
    public String toString() {
        return "Body[" + lets.size() + " lets, local functions " + functions.map(f -> f.label().name()).take(8)
                + (functions.size() > 8 ? "…" : "") + ", " + tail.getClass().getSimpleName().toLowerCase() + "]";
    }

    /** Structural equality of two bodies, with an explicit stack; shared subterms compare by identity. */
    static boolean equal(Body a, Body b) {
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(a);
        stack.push(b);
        while (!stack.isEmpty()) {
            Body y = stack.pop();
            Body x = stack.pop();
            if (x == y) {
                continue;
            }
            if (x.hashCode() != y.hashCode() || x.functions.size() != y.functions.size() || !x.tail.equals(y.tail)
                    || !x.lets.equals(y.lets)) {
                return false;
            }
            for (int i = 0; i < x.functions.size(); i++) {
                Fn f = x.functions.get(i);
                Fn g = y.functions.get(i);
                if (f == g) {
                    continue;
                }
                if (f.hashCode() != g.hashCode() || !f.label().equals(g.label()) || !f.params().equals(g.params())) {
                    return false;
                }
                stack.push(f.body());
                stack.push(g.body());
            }
        }
        return true;
    }
}
