package org.funssa.cps.text;

import io.vavr.collection.Set;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;

/**
 * Readable, unique names for the variables of one function, made from their hints: a hint that one variable
 * has is its name; the variables that share a hint are named {@code hint_1}, {@code hint_2}, … in the order of
 * their first binding in the text (the function's parameters, then each body's lets and each local function's
 * parameters in the nest's preorder, as the printer writes them). A name of the second kind ends in {@code _}
 * and digits and so cannot be the name of another group's variable; a hint of one variable that equals such
 * a name, or a name the caller reserves, is numbered too ({@code hint_1}), until no two names are equal.
 * Variables used but bound nowhere (the verifier's concern) are named after the bound ones.
 *
 * <p>The printer ({@link IrPrinter}) and the LIR writer name variables this way; the parser takes a name as the
 * variable's hint, so printing what it parsed gives the same names back.
 */
public final class VarNames {

    private final String[] names;
    private final Atom.Var[] variables;

    private VarNames(String[] names, Atom.Var[] variables) {
        this.names = names;
        this.variables = variables;
    }

    /** The names of {@code function}'s variables. */
    public static VarNames of(Function function) {
        return of(function, io.vavr.collection.HashSet.empty());
    }

    /** The names of {@code function}'s variables, none of which is in {@code reserved}. */
    public static VarNames of(Function function, Set<String> reserved) {
        Order order = new Order(function.varCount());
        Nest nest = Nest.of(function);
        for (int node = 0; node < nest.size(); node++) {
            nest.params(node).forEach(order::add);
            for (Let let : nest.body(node).lets()) {
                let.vars().forEach(order::add);
            }
        }
        for (int node = 0; node < nest.size(); node++) { // uses of variables bound nowhere
            Body body = nest.body(node);
            for (Let let : body.lets()) {
                for (int i = 0; i < let.operandCount(); i++) {
                    order.addUse(let.operand(i));
                }
            }
            Tail tail = body.tail();
            tail.uses().forEach(order::addUse);
            for (int k = 0; k < tail.jumpCount(); k++) {
                tail.jump(k).args().forEach(order::addUse);
            }
        }
        return new VarNames(order.names(reserved), order.byId);
    }

    /** The name of {@code var}. */
    public String name(Atom.Var var) {
        String name = var.id() < names.length ? names[var.id()] : null;
        return name != null ? name : var.hint() + "#" + var.id();
    }

    /** The variable named {@code name}, if the function has one (as it is first bound or used). */
    public io.vavr.control.Option<Atom.Var> variable(String name) {
        for (int id = 0; id < names.length; id++) {
            if (name.equals(names[id])) {
                return io.vavr.control.Option.of(variables[id]);
            }
        }
        return io.vavr.control.Option.none();
    }

    /** The variables of a function in the order of their first binding, each once. */
    private static final class Order {
        private Atom.Var[] byId;
        private int[] order = new int[16];
        private int size;

        Order(int varCount) {
            byId = new Atom.Var[Math.max(16, varCount)];
        }

        void add(Atom.Var v) {
            if (v.id() >= byId.length) {
                byId = Arrays.copyOf(byId, Math.max(2 * byId.length, v.id() + 1));
            }
            if (byId[v.id()] == null) {
                byId[v.id()] = v;
                if (size == order.length) {
                    order = Arrays.copyOf(order, 2 * size);
                }
                order[size++] = v.id();
            }
        }

        void addUse(Atom a) {
            if (a instanceof Atom.Var v) {
                add(v);
            }
        }

        String[] names(Set<String> reserved) {
            Map<String, int[]> perHint = new HashMap<>();
            for (int i = 0; i < size; i++) {
                perHint.computeIfAbsent(byId[order[i]].hint(), h -> new int[2])[0]++;
            }
            String[] names = new String[byId.length];
            java.util.Set<String> taken = new HashSet<>();
            reserved.forEach(taken::add);
            for (int i = 0; i < size; i++) {
                Atom.Var v = byId[order[i]];
                int[] count = perHint.get(v.hint());
                if (count[0] > 1) {
                    names[v.id()] = v.hint() + "_" + ++count[1];
                    taken.add(names[v.id()]);
                }
            }
            boolean changed = true;
            while (changed) { // a lone hint equal to a taken name is numbered, which may take another's name
                changed = false;
                for (int i = 0; i < size; i++) {
                    Atom.Var v = byId[order[i]];
                    if (names[v.id()] == null && taken.contains(v.hint())) {
                        names[v.id()] = v.hint() + "_1";
                        taken.add(names[v.id()]);
                        changed = true;
                    }
                }
            }
            for (int i = 0; i < size; i++) {
                Atom.Var v = byId[order[i]];
                if (names[v.id()] == null) {
                    names[v.id()] = v.hint();
                }
            }
            return names;
        }
    }
}
