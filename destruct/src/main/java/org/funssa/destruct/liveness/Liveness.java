package org.funssa.destruct.liveness;

/*
 * Source: the usual backward data flow for liveness (seed 004 §5.4.2 and §5.4.6 use LiveIn and LiveOut per
 * block), read the SSA way: a jump's arguments are the φ sources, used at the end of the jumping block (so
 * they are live out of it, not into the target), and a block's parameters are the φ targets, defined at its
 * entry (so a used parameter is live in, and the target's parameters are not live out of its predecessors).
 *
 * Solved by org.funssa.core.graph.Liveness's φ-aware form, variable by variable (path exploration), over the
 * variables numbered by a NameSet: the cost is the size of the sets, and a set is an array of ints. This
 * class had solved it with a worklist over HashSets of names, which was half of Briggs et al.'s time on a
 * function of 10^6 instructions.
 */

import io.vavr.collection.Vector;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;

/**
 * Live-in and live-out sets of the blocks of one function. The sets can change, so that a method that inserts
 * copies can keep them up to date as Sreedhar et al. do; a variable named only then gets its number then.
 */
public final class Liveness {

    private final NameSet variables;
    private final LiveSet[] in;
    private final LiveSet[] out;
    private final IntSeq[] parameters;
    private final Occurrences occurrences;

    private Liveness(NameSet variables, LiveSet[] in, LiveSet[] out, IntSeq[] parameters,
                     Occurrences occurrences) {
        this.variables = variables;
        this.in = in;
        this.out = out;
        this.parameters = parameters;
        this.occurrences = occurrences;
    }

    /**
     * Liveness of {@code blocks}, the blocks of {@code nest} with their lets and jump arguments as a method made
     * them (their jumps' targets are the nest's), where {@code params} gives the parameters of each block (the
     * function's parameters for the entry block).
     */
    public static Liveness of(List<Body> blocks, Nest nest, List<Vector<Atom.Var>> params) {
        int n = blocks.size();
        // a function in SSA form names each variable where it is defined: about a name per let and parameter
        int definitions = 0;
        for (int b = 0; b < n; b++) {
            definitions += blocks.get(b).lets().size() + params.get(b).size();
        }
        Numbering numbering = new Numbering(definitions);
        IntSeq[] uses = new IntSeq[n];
        IntSeq[] defs = new IntSeq[n];
        IntSeq[] exitUses = new IntSeq[n];
        IntSeq[] entryDefs = new IntSeq[n];
        DiGraph.Builder graph = DiGraph.builder(n);
        Occurrences.Builder occurrences = numbering.occurrences;
        for (int b = 0; b < n; b++) {
            Body body = blocks.get(b);
            occurrences.block();
            entryDefs[b] = numbering.all(params.get(b));
            Vector<Let> lets = body.lets();
            for (int k = 0, count = lets.size(); k < count; k++) {
                Let let = lets.get(k);
                occurrences.letOperands();
                numbering.used(b, let.expr());
                occurrences.letVars();
                for (int i = 0; i < let.arity(); i++) {
                    numbering.defined(b, let.var(i));
                }
            }
            occurrences.tail();
            numbering.used(b, tailUses(body.tail()));
            uses[b] = numbering.takeUses();
            defs[b] = numbering.takeDefs();
            occurrences.exit();
            Vector<Tail.Jump> jumps = body.tail().jumps();
            if (jumps.size() != nest.jumpCount(b)) {
                throw new IllegalArgumentException("block " + b + " has " + jumps.size() + " jumps, its nest's "
                        + nest.jumpCount(b));
            }
            for (int k = 0; k < jumps.size(); k++) {
                graph.edge(b, nest.target(b, k));
                numbering.usedAtExit(jumps.get(k).args());
            }
            exitUses[b] = numbering.takeUses();
        }
        org.funssa.core.graph.Liveness solved = org.funssa.core.graph.Liveness.of(graph.build(),
                numbering.names.size(), b -> uses[b], b -> defs[b], b -> exitUses[b], b -> entryDefs[b]);
        LiveSet[] in = new LiveSet[n];
        LiveSet[] out = new LiveSet[n];
        for (int b = 0; b < n; b++) {
            in[b] = new LiveSet(numbering.names, solved.liveIn(b));
            out[b] = new LiveSet(numbering.names, solved.liveOut(b));
        }
        return new Liveness(numbering.names, in, out, entryDefs, occurrences.build());
    }

    /** The operands a tail reads before it transfers control (jump arguments excluded). */
    public static Vector<Atom> tailUses(Tail tail) {
        return switch (tail) {
            case Tail.Jump j -> Vector.empty();
            case Tail.Branch b -> Vector.of(b.condition());
            case Tail.Switch s -> Vector.of(s.value());
            case Tail.Return r -> r.values();
        };
    }

    /**
     * The number of every variable occurrence of the blocks as they were given (later changes to the sets
     * do not show here), in the order of {@link Occurrences}.
     */
    public Occurrences occurrences() {
        return occurrences;
    }

    /** The variables live at the entry of block {@code b}, its used parameters included. */
    public LiveSet in(int b) {
        return in[b];
    }

    /** The variables live at the exit of block {@code b}, its jumps' arguments included. */
    public LiveSet out(int b) {
        return out[b];
    }

    /**
     * The numbers of block {@code b}'s parameters, in their order: a method that asks whether a φ target is
     * live somewhere reads its number here rather than looking its name up.
     */
    public IntSeq parameters(int b) {
        return parameters[b];
    }

    /** How many variables are numbered: those of the blocks, and those added to a set since. */
    public int variableCount() {
        return variables.size();
    }

    /**
     * The number of variable {@code v}, given it now if it has none: a method that names a new variable (a copy)
     * numbers it once and then changes the sets by that number.
     */
    public int number(String v) {
        return variables.number(v);
    }

    /** The number of variable {@code v}, or −1 when the blocks do not name it and no set has had it. */
    public int numberOrMinus(String v) {
        return variables.numberOrMinus(v);
    }

    /** The variable numbered {@code number} (the numbers {@link LiveSet#forEachNumber} gives). */
    public String variable(int number) {
        return variables.name(number);
    }

    /** Numbers the variables of a function's blocks and collects one block's uses and definitions. */
    private static final class Numbering {
        final NameSet names;
        final Occurrences.Builder occurrences = new Occurrences.Builder();
        /** For each variable, the last block that defined it so far, or −1: a use after it is not exposed. */
        private int[] definedIn;
        private int[] uses = new int[16];
        private int[] defs = new int[16];
        private int useCount;
        private int defCount;

        Numbering(int expected) {
            names = new NameSet(expected);
            definedIn = new int[Math.max(64, expected)];
            Arrays.fill(definedIn, -1);
        }

        IntSeq all(Vector<Atom.Var> vars) {
            int[] numbers = new int[vars.size()];
            for (int i = 0; i < numbers.length; i++) {
                numbers[i] = number(vars.get(i));
            }
            return IntSeq.of(numbers);
        }

        void used(int b, Vector<? extends Atom> atoms) {
            for (int i = 0, count = atoms.size(); i < count; i++) {
                used(b, atoms.get(i));
            }
        }

        /** The operands of a let, read by index: a vector and an iterator per let were a tenth of the allocation. */
        void used(int b, Expr e) {
            for (int i = 0, count = e.operandCount(); i < count; i++) {
                used(b, e.operand(i));
            }
        }

        private void used(int b, Atom a) {
            if (a instanceof Atom.Var v) {
                int n = number(v);
                if (definedIn[n] != b) {
                    uses = push(uses, useCount++, n);
                }
            }
        }

        void usedAtExit(Vector<? extends Atom> atoms) {
            for (int i = 0, count = atoms.size(); i < count; i++) {
                if (atoms.get(i) instanceof Atom.Var v) {
                    uses = push(uses, useCount++, number(v));
                }
            }
        }

        void defined(int b, Atom.Var v) {
            int n = number(v);
            definedIn[n] = b;
            defs = push(defs, defCount++, n);
        }

        IntSeq takeUses() {
            IntSeq taken = IntSeq.copyOfRange(uses, 0, useCount);
            useCount = 0;
            return taken;
        }

        IntSeq takeDefs() {
            IntSeq taken = IntSeq.copyOfRange(defs, 0, defCount);
            defCount = 0;
            return taken;
        }

        /** The number of {@code v}, written down as the next occurrence. */
        private int number(Atom.Var v) {
            int n = names.number(v.name());
            occurrences.add(n);
            if (n == definedIn.length) {
                definedIn = Arrays.copyOf(definedIn, 2 * n);
                Arrays.fill(definedIn, n, 2 * n, -1);
            }
            return n;
        }

        private static int[] push(int[] array, int size, int value) {
            int[] a = size == array.length ? Arrays.copyOf(array, 2 * size) : array;
            a[size] = value;
            return a;
        }
    }
}
