package org.funssa.destruct.coalesce;

/*
 * Source: seed 004 §5.5.2 "Chaitin's Method" (Figure 5.25): after back translation, a copy a ← b whose source
 * and target do not interfere is removed and the two are treated as one variable; with unboundedly many
 * registers this is repeated while it applies (aggressive coalescing). Interference (same section, after
 * Chaitin): a variable defined while another is live, except the source of the copy that defines it.
 * Liveness is the usual backward data flow over the blocks of the conventional program, read as plain
 * assignments (jump arguments are erased, so they are not uses).
 */

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.conventional.Conventional;

/**
 * Chaitin's aggressive coalescing run after another destruction method: pass name
 * {@code <method>/chaitin}. The copy counts are the method's, with {@code remaining} lowered by the copies
 * coalesced (Chaitin removes any value copy whose ends do not interfere, the method's or the program's own).
 */
public final class Chaitin implements Destruction {

    private final Destruction method;

    /** Chaitin's coalescing after {@code method}. */
    public Chaitin(Destruction method) {
        this.method = method;
    }

    @Override
    public String name() {
        return method.name() + "/chaitin";
    }

    @Override
    public DestructedFunction destruct(Function function) {
        DestructedFunction before = method.destruct(function);
        Conventional.violation(before.function()).forEach(v -> {
            throw new IllegalStateException(method.name() + " left " + v);
        });
        Run run = new Run(before.function());
        Function coalesced = run.coalesced();
        CopyStats s = before.stats();
        return new DestructedFunction(coalesced, new CopyStats(s.inserted(), Math.max(0, s.remaining() - run.removed)));
    }

    /** Coalescing of one function. */
    private static final class Run {
        private final Function function;
        private final List<Body> blocks = new ArrayList<>();
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<Atom.Var, Set<Atom.Var>> interference = new HashMap<>();
        private final Map<Atom.Var, Atom.Var> parent = new HashMap<>();
        private int removed;

        Run(Function function) {
            this.function = function;
            ArrayDeque<Body> stack = new ArrayDeque<>();
            stack.push(function.body());
            while (!stack.isEmpty()) {
                Body body = stack.pop();
                blocks.add(body);
                body.functions().forEach(fn -> stack.push(fn.body()));
            }
            Map<Body, Integer> position = new IdentityHashMap<>();
            for (int i = 0; i < blocks.size(); i++) {
                position.put(blocks.get(i), i);
            }
            for (Body body : blocks) {
                for (Fn fn : body.functions()) {
                    index.put(fn.label().name(), position.get(fn.body()));
                }
            }
        }

        private static boolean value(Atom.Var v) {
            return v.type() instanceof Type.Data;
        }

        private static Set<Atom.Var> uses(Let let) {
            Set<Atom.Var> u = new HashSet<>();
            let.expr().operands().forEach(a -> {
                if (a instanceof Atom.Var v && value(v)) {
                    u.add(v);
                }
            });
            return u;
        }

        private static Set<Atom.Var> uses(Tail tail) {
            Set<Atom.Var> u = new HashSet<>();
            tail.uses().forEach(a -> {
                if (a instanceof Atom.Var v && value(v)) {
                    u.add(v);
                }
            });
            return u;
        }

        private void interfere(Atom.Var a, Atom.Var b) {
            if (!a.equals(b)) {
                interference.computeIfAbsent(a, k -> new HashSet<>()).add(b);
                interference.computeIfAbsent(b, k -> new HashSet<>()).add(a);
            }
        }

        /** Live-in sets of every block, by backward data flow to the fixpoint. */
        private List<Set<Atom.Var>> liveIn() {
            int n = blocks.size();
            List<Set<Atom.Var>> in = new ArrayList<>();
            List<List<Integer>> preds = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                in.add(new HashSet<>());
                preds.add(new ArrayList<>());
            }
            for (int i = 0; i < n; i++) {
                for (Tail.Jump j : blocks.get(i).tail().jumps()) {
                    preds.get(index.get(j.target().name())).add(i);
                }
            }
            ArrayDeque<Integer> work = new ArrayDeque<>();
            boolean[] queued = new boolean[n];
            for (int i = n - 1; i >= 0; i--) {
                work.add(i);
                queued[i] = true;
            }
            while (!work.isEmpty()) {
                int b = work.poll();
                queued[b] = false;
                Set<Atom.Var> live = liveOut(b, in);
                Body body = blocks.get(b);
                live.addAll(uses(body.tail()));
                for (Let let : body.lets().reverse()) {
                    let.vars().forEach(v -> live.remove(v));
                    live.addAll(uses(let));
                }
                if (!live.equals(in.get(b))) {
                    in.set(b, live);
                    for (int p : preds.get(b)) {
                        if (!queued[p]) {
                            queued[p] = true;
                            work.add(p);
                        }
                    }
                }
            }
            return in;
        }

        private Set<Atom.Var> liveOut(int b, List<Set<Atom.Var>> in) {
            Set<Atom.Var> out = new HashSet<>();
            for (Tail.Jump j : blocks.get(b).tail().jumps()) {
                out.addAll(in.get(index.get(j.target().name())));
            }
            return out;
        }

        private void buildInterference() {
            List<Set<Atom.Var>> in = liveIn();
            for (int b = 0; b < blocks.size(); b++) {
                Body body = blocks.get(b);
                Set<Atom.Var> live = liveOut(b, in);
                live.addAll(uses(body.tail()));
                for (Let let : body.lets().reverse()) {
                    Atom.Var source = let.expr() instanceof Expr.Copy(Atom.Var s) ? s : null;
                    for (Atom.Var d : let.vars()) {
                        if (!value(d)) {
                            continue;
                        }
                        for (Atom.Var l : live) {
                            if (!l.equals(source)) {
                                interfere(d, l);
                            }
                        }
                        for (Atom.Var e : let.vars()) {
                            if (value(e)) {
                                interfere(d, e);
                            }
                        }
                    }
                    let.vars().forEach(v -> live.remove(v));
                    live.addAll(uses(let));
                }
            }
            Set<Atom.Var> atEntry = in.get(0);
            for (Atom.Var p : function.params()) {
                if (value(p)) {
                    atEntry.forEach(l -> interfere(p, l));
                    function.params().filter(Run::value).forEach(q -> interfere(p, q));
                }
            }
        }

        private Atom.Var find(Atom.Var v) {
            Atom.Var r = v;
            while (parent.containsKey(r)) {
                r = parent.get(r);
            }
            Atom.Var x = v;
            while (parent.containsKey(x)) {
                Atom.Var next = parent.get(x);
                if (!next.equals(r)) {
                    parent.put(x, r);
                }
                x = next;
            }
            return r;
        }

        Function coalesced() {
            buildInterference();
            for (Body body : blocks) {
                for (Let let : body.lets()) {
                    if (let.expr() instanceof Expr.Copy(Atom.Var s) && value(s)) {
                        Atom.Var a = find(let.var(0));
                        Atom.Var b = find(s);
                        Set<Atom.Var> na = interference.getOrDefault(a, Set.of());
                        if (!a.equals(b) && !na.contains(b)) {
                            parent.put(a, b);
                            Set<Atom.Var> nb = interference.computeIfAbsent(b, k -> new HashSet<>());
                            for (Atom.Var n : na) {
                                nb.add(n);
                                Set<Atom.Var> back = interference.get(n);
                                back.remove(a);
                                back.add(b);
                            }
                            interference.remove(a);
                        }
                    }
                }
            }
            Vector<Atom.Var> params = function.params().map(this::rename);
            Body body = Nest.checked(function).rewrite((node, b) -> rename(b)).body();
            return new Function(function.name(), function.symbols(), params, function.results(), body,
                    function.varCount());
        }

        private Atom.Var rename(Atom.Var v) {
            return value(v) ? find(v) : v;
        }

        private Atom rename(Atom a) {
            return a instanceof Atom.Var v ? rename(v) : a;
        }

        private Body rename(Body body) {
            Vector<Let> lets = Vector.empty();
            for (Let let : body.lets()) {
                Let renamed = let.mapVars(this::rename).withExpr(let.expr().mapAtoms(this::rename));
                if (renamed.expr() instanceof Expr.Copy(Atom.Var s) && value(s)
                        && renamed.var(0).equals(s)) {
                    removed++;
                    continue;
                }
                lets = lets.append(renamed);
            }
            Vector<Fn> functions = body.functions().map(f -> new Fn(f.label(), f.params().map(this::rename), f.body()));
            Tail tail = body.tail().mapAtoms(this::rename);
            return new Body(lets, functions, tail);
        }
    }
}
