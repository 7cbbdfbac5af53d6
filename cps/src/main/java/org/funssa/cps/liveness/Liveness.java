package org.funssa.cps.liveness;

/*
 * Source: the usual backward data flow for liveness (seed 004 §5.4.2 and §5.4.6 use LiveIn and LiveOut per
 * block), read the SSA way: a jump's arguments are the φ sources, used at the end of the jumping block (so
 * they are live out of it, not into the target), and a block's parameters are the φ targets, defined at its
 * entry (so a used parameter is live in, and the target's parameters are not live out of its predecessors).
 *
 * Solved by org.funssa.core.graph.Liveness's φ-aware form, variable by variable (path exploration), over the
 * variables' own numbers (Atom.Var.id): the cost is the size of the sets, and a set is an array of ints.
 */

import io.vavr.collection.Vector;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntSeq;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;

/**
 * Live-in and live-out sets of the blocks of one function, over the variables' numbers. The sets can change,
 * so that a method that inserts copies can keep them up to date as Sreedhar et al. do; a variable made only
 * then is known from then on.
 */
public final class Liveness {

    private final Variables variables;
    private final LiveSet[] in;
    private final LiveSet[] out;
    private final IntSeq[] parameters;
    private final Occurrences occurrences;

    private Liveness(Variables variables, LiveSet[] in, LiveSet[] out, IntSeq[] parameters,
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
        Numbering numbering = new Numbering(nest.function().varCount());
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
                numbering.used(b, let);
                occurrences.letVars();
                for (int i = 0; i < let.arity(); i++) {
                    numbering.defined(b, let.var(i));
                }
            }
            occurrences.tail();
            numbering.used(b, body.tail().uses());
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
                numbering.names.count(), b -> uses[b], b -> defs[b], b -> exitUses[b], b -> entryDefs[b]);
        LiveSet[] in = new LiveSet[n];
        LiveSet[] out = new LiveSet[n];
        for (int b = 0; b < n; b++) {
            in[b] = new LiveSet(numbering.names, solved.liveIn(b));
            out[b] = new LiveSet(numbering.names, solved.liveOut(b));
        }
        return new Liveness(numbering.names, in, out, entryDefs, occurrences.build());
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

    /** How many variable numbers the sets range over: the function's, and those of variables added since. */
    public int variableCount() {
        return variables.count();
    }

    /**
     * The number of variable {@code v}, which is its own: a method that makes a new variable (a copy) adds it
     * here once and then changes the sets by that number.
     */
    public int number(Atom.Var v) {
        return variables.add(v);
    }

    /** The number of variable {@code v}, or −1 when the blocks do not name it and no set has had it. */
    public int numberOrMinus(Atom.Var v) {
        return variables.contains(v) ? v.id() : -1;
    }

    /** Whether some variable liveness knows is numbered {@code number} (a function need not use every number). */
    public boolean isNumbered(int number) {
        return number >= 0 && number < variables.byId.length && variables.byId[number] != null;
    }

    /** The variable numbered {@code number} (the numbers {@link LiveSet#forEachNumber} gives). */
    public Atom.Var variable(int number) {
        return variables.get(number);
    }

    /** The variables liveness knows, by number. */
    static final class Variables {
        private Atom.Var[] byId;
        private int count;

        Variables(int varCount) {
            byId = new Atom.Var[Math.max(16, varCount)];
            count = varCount;
        }

        /** Records {@code v}; its number. */
        int add(Atom.Var v) {
            int id = v.id();
            if (id >= byId.length) {
                byId = Arrays.copyOf(byId, Math.max(2 * byId.length, id + 1));
            }
            if (byId[id] == null) {
                byId[id] = v;
                count = Math.max(count, id + 1);
            }
            return id;
        }

        boolean contains(Atom.Var v) {
            return v.id() < byId.length && byId[v.id()] != null;
        }

        Atom.Var get(int id) {
            Atom.Var v = id < byId.length ? byId[id] : null;
            if (v == null) {
                throw new IllegalArgumentException("no variable numbered " + id + " in this liveness");
            }
            return v;
        }

        /** One more than the largest number a set may hold. */
        int count() {
            return count;
        }
    }

    /** Numbers the variables of a function's blocks and collects one block's uses and definitions. */
    private static final class Numbering {
        final Variables names;
        final Occurrences.Builder occurrences = new Occurrences.Builder();
        /** For each variable, the last block that defined it so far, or −1: a use after it is not exposed. */
        private int[] definedIn;
        private int[] uses = new int[16];
        private int[] defs = new int[16];
        private int useCount;
        private int defCount;

        Numbering(int varCount) {
            names = new Variables(varCount);
            definedIn = new int[Math.max(64, varCount)];
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

        /** The operands of a let and its guard, read by index: no vector and no iterator is allocated per let. */
        void used(int b, Let let) {
            for (int i = 0, count = let.operandCount(); i < count; i++) {
                used(b, let.operand(i));
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
            int n = names.add(v);
            occurrences.add(n);
            if (n >= definedIn.length) {
                int old = definedIn.length;
                definedIn = Arrays.copyOf(definedIn, Math.max(2 * old, n + 1));
                Arrays.fill(definedIn, old, definedIn.length, -1);
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
