package org.funssa.destruct.nest;

/*
 * Why: the methods that walk a function as a graph of blocks used to find a jump's target with a HashMap from
 * label names to boxed block numbers, each built from an IdentityHashMap from bodies to their positions. At
 * 10^6 instructions (1.7·10^5 labels) a lookup there followed four pointers to four places in the heap, and
 * Briggs et al.'s method looked every jump up three or four times: 9 % of its time at that size against 2 %
 * at 10^5. Here each body's local functions are numbered as the nest is walked (no map from bodies), the
 * labels go into a NameSet (one array of hashes, the names reached by number), and every jump is looked up
 * once, when the nest is numbered: the methods ask for the target of jump k of block b.
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;

/**
 * The blocks of one function: the bodies of its nest numbered as {@link BottomUp#nodes(Body)} numbers them (the
 * function's body is block 0, the entry), with each block's parameters (the function's for block 0), the
 * numbers of the local functions each body defines, the block of each label, and the block each jump goes to.
 */
public final class Nest {

    private final String function;
    private final List<Body> bodies;
    private final List<int[]> children;
    private final List<Vector<Atom.Var>> params;
    private final NameSet labels;
    /** For each label's number in {@link #labels}, its block. */
    private final int[] blockOfLabel;
    /** For each block and each jump of its tail, in the order of {@link Tail#jumps()}, the block it goes to. */
    private final int[][] targets;

    private Nest(String function, List<Body> bodies, List<int[]> children, List<Vector<Atom.Var>> params,
                 NameSet labels, int[] blockOfLabel) {
        this.function = function;
        this.bodies = bodies;
        this.children = children;
        this.params = params;
        this.labels = labels;
        this.blockOfLabel = blockOfLabel;
        targets = new int[bodies.size()][];
        for (int b = 0; b < bodies.size(); b++) {
            Vector<Tail.Jump> jumps = bodies.get(b).tail().jumps();
            targets[b] = new int[jumps.size()];
            for (int k = 0; k < targets[b].length; k++) {
                targets[b][k] = target(jumps.get(k));
            }
        }
    }

    /**
     * The blocks of {@code f}.
     *
     * @throws IllegalArgumentException when two local functions have one label, when a jump names no local
     *                                  function, or when it passes a function more or fewer arguments than it
     *                                  has parameters (the verifier refuses all three)
     */
    public static Nest of(Function f) {
        List<Body> bodies = new ArrayList<>();
        List<int[]> children = new ArrayList<>();
        BottomUp.number(f.body(), bodies, children);
        List<Vector<Atom.Var>> params = new ArrayList<>(Collections.nCopies(bodies.size(), Vector.empty()));
        params.set(0, f.params());
        NameSet labels = new NameSet(bodies.size());
        int[] blockOfLabel = new int[bodies.size()];
        for (int b = 0; b < bodies.size(); b++) {
            Vector<Fn> functions = bodies.get(b).functions();
            int[] kids = children.get(b);
            for (int k = 0; k < kids.length; k++) {
                Fn fn = functions.get(k);
                if (!labels.add(fn.label().name())) {
                    throw new IllegalArgumentException("function " + f.name() + ": two local functions are named "
                            + fn.label() + "; verify the program before destruction");
                }
                blockOfLabel[labels.size() - 1] = kids[k];
                params.set(kids[k], fn.params());
            }
        }
        return new Nest(f.name(), Collections.unmodifiableList(bodies), Collections.unmodifiableList(children),
                Collections.unmodifiableList(params), labels, blockOfLabel);
    }

    /** How many blocks the function has. */
    public int size() {
        return bodies.size();
    }

    /** The bodies, block 0 first; a body's local functions come after it. */
    public List<Body> bodies() {
        return bodies;
    }

    /** The parameters of each block, those of the function for block 0. */
    public List<Vector<Atom.Var>> params() {
        return params;
    }

    /** The block of local function {@code k} of block {@code b}'s body. */
    public int child(int b, int k) {
        return children.get(b)[k];
    }

    /** For each block, the blocks of the local functions its body defines, in their order. Not to be changed. */
    public List<int[]> children() {
        return children;
    }

    /** The block a label names, or −1 when no local function of the function has it. */
    public int block(Label label) {
        int n = labels.numberOrMinus(label.name());
        return n < 0 ? -1 : blockOfLabel[n];
    }

    /** The block that jump {@code k} of block {@code b}'s tail (in the order of {@link Tail#jumps()}) goes to. */
    public int target(int b, int k) {
        return targets[b][k];
    }

    /** How many jumps block {@code b}'s tail has. */
    public int jumpCount(int b) {
        return targets[b].length;
    }

    /**
     * The block a jump goes to, looked up by its label: for a jump that is not one of the nest's own.
     *
     * @throws IllegalArgumentException when no local function has the jump's label, or when the jump's arguments
     *                                  are not as many as that function's parameters
     */
    public int target(Tail.Jump j) {
        int b = block(j.target());
        if (b < 0) {
            throw new IllegalArgumentException("function " + function + ": the jump to " + j.target()
                    + " has no target; verify the program before destruction");
        }
        if (params.get(b).size() != j.args().size()) {
            throw new IllegalArgumentException("function " + function + ": the jump to " + j.target() + " passes "
                    + j.args().size() + " arguments for " + params.get(b).size()
                    + " parameters; verify the program before destruction");
        }
        return b;
    }
}
