package org.funssa.cps.verify;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.LirTypeRules;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.VarNames;

/**
 * Checks the invariants of the functional IR and names each broken one with its place (DESIGN.md "The IR";
 * seed 003 §6.1: binding = point of definition, lexical scope = dominance region, arity of a function = its
 * φ-functions; operand typing: the LIR rules of {@link LirTypeRules}).
 *
 * <p>Scope: a body's let-bound variables are in scope from their let to the end of the body, including its
 * local functions; its local functions are in scope for its tail and for each other. Memory linearity:
 * once a store or call has consumed a token, the token is not used again (not even loaded) later in that
 * body or in any local function nested in it, which are exactly the places the consumption dominates. Uses
 * in blocks the consumption does not dominate (a sibling reached after it) are not checked.
 *
 * <p>One {@link Nest#walk} over the nest: linear in the size of the function, whatever its depth.
 */
public final class Verifier {

    private final String function;
    private final Vector<Type> results;
    private final List<Violation> violations = new ArrayList<>();

    /** Every variable bound somewhere in the function. */
    private final Set<Atom.Var> boundAnywhere = new HashSet<>();
    /**
     * The bodies numbered in preorder (body ids are the nest's nodes; a label names its first definition there).
     * A violation's path is rebuilt from the nest's parents when it is reported, rather than kept per body (a
     * path per body costs memory proportional to depth × bodies on a deep nest).
     */
    private Nest nest;
    private final Map<Integer, Vector<Label>> knownPaths = new HashMap<>();
    /** For each body id, its depth in the nest and the index of its local function among its siblings. */
    private int[] depths;
    private int[] siblingIndex;

    /** Variables in scope at the current point, each with its binding. */
    private final Map<Atom.Var, Atom.Var> scope = new HashMap<>();
    /** Variables already bound once during the walk. */
    private final Set<Atom.Var> seen = new HashSet<>();
    /** Memory tokens consumed by a store or call in an enclosing body (or earlier in this one). */
    private final Set<Atom.Var> consumed = new HashSet<>();
    /** The function checked, and its variables' printed names, made on the first report that names one. */
    private final Function checked;
    private VarNames names;
    /** Whether the walk is inside the body: entered and not yet left. */
    private boolean[] active;
    /** {@code fnOnPath[d]}: index, among its siblings, of the local function whose body is at depth d. */
    private int[] fnOnPath;
    /** For each body id, the call edges among its local functions: {source (-1 = the tail), target}. */
    private final Map<Integer, List<int[]>> edges = new HashMap<>();

    private Verifier(Function f) {
        this.checked = f;
        this.function = f.name();
        this.results = f.results();
    }

    /** All violations in the program's functions, in order; empty when the program is well formed. */
    public static Vector<Violation> verify(Program program) {
        return program.functions().flatMap(Verifier::verify);
    }

    /** All violations in one function, in order; empty when it is well formed. */
    public static Vector<Violation> verify(Function f) {
        Verifier verifier = new Verifier(f);
        verifier.index(f);
        verifier.walk();
        verifier.reachability();
        return Vector.ofAll(verifier.violations);
    }

    private void report(Rule rule, int bodyId, Place.Position position, String message) {
        violations.add(new Violation(rule, new Place(function, path(bodyId), position), message));
    }

    /**
     * The labels of the local functions from the function's body down to body {@code id}; computed from the
     * nearest ancestor whose path is already known, and remembered (paths share structure).
     */
    private Vector<Label> path(int id) {
        ArrayDeque<Integer> missing = new ArrayDeque<>();
        int b = id;
        while (b >= 0 && !knownPaths.containsKey(b)) {
            missing.push(b);
            b = nest.parent(b);
        }
        Vector<Label> path = b >= 0 ? knownPaths.get(b) : Vector.empty();
        while (!missing.isEmpty()) {
            int m = missing.pop();
            path = m == Nest.ROOT ? Vector.empty() : path.append(nest.fn(m).label());
            knownPaths.put(m, path);
        }
        return path;
    }

    /** Numbers the bodies in preorder (the rewrite kit's {@link Nest}); records binders and label definitions. */
    private void index(Function f) {
        nest = Nest.of(f);
        int n = nest.size();
        depths = new int[n];
        siblingIndex = new int[n];
        active = new boolean[n];
        f.params().forEach(boundAnywhere::add);
        for (int id = 0; id < n; id++) {
            Body body = nest.body(id);
            int k = 0;
            for (int c = nest.firstChild(id); c >= 0; c = nest.nextSibling(c)) {
                depths[c] = depths[id] + 1;
                siblingIndex[c] = k++;
            }
            for (Let let : body.lets()) {
                for (int i = 0; i < let.arity(); i++) {
                    boundAnywhere.add(let.var(i));
                }
            }
            if (id != Nest.ROOT) {
                Fn fn = nest.fn(id);
                fn.params().forEach(boundAnywhere::add);
                if (nest.node(fn.label()) != id) {
                    report(Rule.DUPLICATE_LABEL, nest.parent(id), new Place.TailOf(), "local function " + fn.label()
                            + " is defined more than once in " + function);
                }
            }
        }
        fnOnPath = new int[n];
    }

    /**
     * The scope walk: entering a body binds its parameters and lets and checks its tail; leaving it (after its
     * local functions) releases the names it bound and the memory tokens it consumed.
     */
    private void walk() {
        List<List<Atom.Var>> bound = new ArrayList<>();
        List<List<Atom.Var>> consumedIn = new ArrayList<>();
        nest.walk(new Nest.Walk() {
            @Override
            public void enter(int id, Body body) {
                List<Atom.Var> boundHere = new ArrayList<>();
                List<Atom.Var> consumedHere = new ArrayList<>();
                fnOnPath[depths[id]] = id == Nest.ROOT ? -1 : siblingIndex[id];
                active[id] = true;
                for (Atom.Var p : nest.params(id)) {
                    bind(p, id, new Place.Params(), boundHere);
                }
                for (int i = 0; i < body.lets().size(); i++) {
                    let(body.lets().get(i), id, i, boundHere, consumedHere);
                }
                tail(body.tail(), id, depths[id]);
                bound.add(boundHere);
                consumedIn.add(consumedHere);
            }

            @Override
            public void leave(int id, Body body) {
                bound.removeLast().forEach(scope::remove);
                consumedIn.removeLast().forEach(consumed::remove);
                active[id] = false;
            }
        });
    }

    private void bind(Atom.Var var, int id, Place.Position at, List<Atom.Var> release) {
        numbered(var, id, at);
        if (!seen.add(var)) {
            report(Rule.REBOUND_VARIABLE, id, at, "variable " + name(var) + " is bound more than once");
            return;
        }
        scope.put(var, var);
        release.add(var);
    }

    /** Reports a variable whose number is not below the function's variable count. */
    private void numbered(Atom.Var var, int id, Place.Position at) {
        if (var.id() >= checked.varCount()) {
            report(Rule.VARIABLE_NUMBER_OUT_OF_RANGE, id, at, "variable " + name(var) + " is numbered " + var.id()
                    + ", but " + function + " counts " + checked.varCount() + " variables");
        }
    }

    /** The variable's name as the printer writes it. */
    private String name(Atom.Var var) {
        if (names == null) {
            names = VarNames.of(checked);
        }
        return names.name(var);
    }

    private void let(Let let, int id, int index, List<Atom.Var> release, List<Atom.Var> consumedHere) {
        Place.LetAt at = new Place.LetAt(index);
        Expr expr = let.expr();
        expr.operands().forEach(a -> use(a, id, at));
        if (let.guard() instanceof Guard.When(Atom predicate)) {
            use(predicate, id, at);
            guard(predicate, "the let's guard", id, at);
        }
        typeCheck(expr, id, at);
        memoryConsumed(expr).filter(consumed::add).forEach(consumedHere::add);
        Vector<Type> types = expr.resultTypes();
        if (types.size() != let.arity()) {
            report(Rule.ARITY_MISMATCH, id, at, "the expression yields " + types.size() + " values, the let binds "
                    + let.arity());
        }
        for (int i = 0; i < let.arity(); i++) {
            Atom.Var var = let.var(i);
            if (i < types.size() && !types.get(i).equals(var.type())) {
                report(Rule.TYPE_MISMATCH, id, at, "variable " + name(var) + " has type " + var.type()
                        + ", the expression yields " + types.get(i));
            }
            bind(var, id, at, release);
        }
    }

    /** The memory token a store or call consumes, if it is a variable. */
    private static Option<Atom.Var> memoryConsumed(Expr expr) {
        Atom mem = switch (expr) {
            case Expr.Store s -> s.mem();
            case Expr.Call c -> c.mem();
            case Expr.Copy c -> null;
            case Expr.Prim p -> null;
            case Expr.Select s -> null;
            case Expr.Load l -> null;
            case Expr.Psi p -> null;
        };
        return mem instanceof Atom.Var v ? Option.of(v) : Option.none();
    }

    private void use(Atom atom, int id, Place.Position at) {
        if (!(atom instanceof Atom.Var var)) {
            return;
        }
        numbered(var, id, at);
        Atom.Var binding = scope.get(var);
        if (binding == null) {
            report(boundAnywhere.contains(var) ? Rule.OUT_OF_SCOPE : Rule.UNBOUND_VARIABLE, id, at,
                    boundAnywhere.contains(var) ? "variable " + name(var) + " is used outside its scope"
                            : "variable " + name(var) + " is not bound in " + function);
            return;
        }
        if (!binding.type().equals(var.type())) {
            report(Rule.TYPE_MISMATCH, id, at, "variable " + name(var) + " is bound with type " + binding.type()
                    + " but used with type " + var.type());
        }
        if (consumed.contains(var)) {
            report(Rule.MEMORY_TOKEN_REUSED, id, at, "memory token " + name(var)
                    + " is used after a store or call consumed it");
        }
    }

    private void typeCheck(Expr expr, int id, Place.Position at) {
        switch (expr) {
            case Expr.Copy c -> { }
            case Expr.Prim p -> {
                Vector<LirType> operands = Vector.empty();
                for (Atom a : p.operands()) {
                    if (!(a.type() instanceof Type.Data d)) {
                        report(Rule.TYPE_MISMATCH, id, at, "operand of " + p.op() + " has type mem");
                        return;
                    }
                    operands = operands.append(d.lir());
                }
                LirType type = p.type().lir();
                typing(p.op().arity() == 2 ? LirTypeRules.binary(p.op(), type, operands.get(0), operands.get(1))
                        : LirTypeRules.unary(p.op(), type, operands.get(0)), id, at);
            }
            case Expr.Select s -> {
                if (!s.condition().type().isInteger()) {
                    report(Rule.NON_INTEGER_CONDITION, id, at, "select condition has type " + s.condition().type());
                }
                value(s.ifTrue(), s.type(), () -> "first choice of select", id, at);
                value(s.ifFalse(), s.type(), () -> "second choice of select", id, at);
            }
            case Expr.Load l -> {
                memory(l.mem(), "load", id, at);
                address(l.address(), "load", id, at);
            }
            case Expr.Store s -> {
                memory(s.mem(), "store", id, at);
                address(s.address(), "store", id, at);
                value(s.value(), s.type(), () -> "stored value", id, at);
            }
            case Expr.Psi p -> {
                for (int i = 0; i < p.args().size(); i++) {
                    int n = i + 1;
                    guard(p.args().get(i).guard(), "the guard of ψ argument " + n, id, at);
                    value(p.args().get(i).value(), p.type(), () -> "ψ argument " + n, id, at);
                }
            }
            case Expr.Call c -> {
                address(c.function(), "call", id, at);
                memory(c.mem(), "call", id, at);
                for (Atom a : c.args()) {
                    if (!(a.type() instanceof Type.Data)) {
                        report(Rule.TYPE_MISMATCH, id, at, "call argument " + describe(a) + " has type mem");
                    }
                }
            }
        }
    }

    private void guard(Atom predicate, String what, int id, Place.Position at) {
        if (!predicate.type().isInteger()) {
            report(Rule.NON_INTEGER_GUARD, id, at, what + " " + describe(predicate) + " has type " + predicate.type()
                    + ", expected an integer type");
        }
    }

    private void typing(Option<String> problem, int id, Place.Position at) {
        problem.forEach(message -> report(Rule.TYPE_MISMATCH, id, at, message));
    }

    /** Checks an operand's type; {@code what} names the operand, and is only built when there is a violation. */
    private void value(Atom atom, Type expected, java.util.function.Supplier<String> what, int id, Place.Position at) {
        if (!atom.type().equals(expected)) {
            report(Rule.TYPE_MISMATCH, id, at, what.get() + " " + describe(atom) + " has type " + atom.type()
                    + ", expected " + expected);
        }
    }

    private void memory(Atom atom, String form, int id, Place.Position at) {
        if (!(atom.type() instanceof Type.Mem)) {
            report(Rule.TYPE_MISMATCH, id, at, "memory operand of " + form + " " + describe(atom) + " has type "
                    + atom.type() + ", expected mem");
        }
    }

    private void address(Atom atom, String form, int id, Place.Position at) {
        if (!atom.type().isInteger()) {
            report(Rule.TYPE_MISMATCH, id, at, "address operand of " + form + " " + describe(atom) + " has type "
                    + atom.type() + ", expected an integer type");
        }
    }

    private String describe(Atom atom) {
        return switch (atom) {
            case Atom.Var v -> name(v);
            default -> atom.toString();
        };
    }

    private void tail(Tail tail, int id, int depth) {
        Place.TailOf at = new Place.TailOf();
        tail.operands().forEach(a -> use(a, id, at));
        switch (tail) {
            case Tail.Jump j -> { }
            case Tail.Branch b -> {
                if (!b.condition().type().isInteger()) {
                    report(Rule.NON_INTEGER_CONDITION, id, at, "branch condition " + describe(b.condition())
                            + " has type " + b.condition().type());
                }
            }
            case Tail.Switch s -> {
                if (!s.value().type().isInteger()) {
                    report(Rule.NON_INTEGER_CONDITION, id, at, "switch value " + describe(s.value()) + " has type "
                            + s.value().type());
                }
                Set<BigInteger> values = new HashSet<>();
                for (Tail.Case c : s.cases()) {
                    if (!values.add(c.value())) {
                        report(Rule.DUPLICATE_CASE, id, at, "case " + c.value() + " appears more than once");
                    }
                }
            }
            case Tail.Return r -> {
                if (r.values().size() != results.size()) {
                    report(Rule.ARITY_MISMATCH, id, at, "return yields " + r.values().size() + " values, "
                            + function + " returns " + results.size());
                }
                for (int i = 0; i < Math.min(r.values().size(), results.size()); i++) {
                    int index = i;
                    value(r.values().get(i), results.get(i), () -> "returned value " + index, id, at);
                }
            }
        }
        for (Tail.Jump jump : tail.jumps()) {
            jump(jump, id, depth, at);
        }
    }

    private void jump(Tail.Jump jump, int id, int depth, Place.Position at) {
        int node = nest.node(jump.target());
        if (node < 0) {
            report(Rule.UNKNOWN_LABEL, id, at, "no local function " + jump.target() + " in " + function);
            return;
        }
        int definingBody = nest.parent(node);
        if (!active[definingBody]) {
            report(Rule.OUT_OF_SCOPE, id, at, "local function " + jump.target() + " is not in scope here");
            return;
        }
        Fn target = nest.fn(node);
        if (jump.args().size() != target.params().size()) {
            report(Rule.ARITY_MISMATCH, id, at, "jump " + jump.target() + " passes " + jump.args().size()
                    + " arguments, " + jump.target() + " has " + target.params().size() + " parameters");
        }
        for (int i = 0; i < Math.min(jump.args().size(), target.params().size()); i++) {
            Atom.Var param = target.params().get(i);
            int index = i;
            value(jump.args().get(i), param.type(),
                    () -> "argument " + index + " of jump " + jump.target() + " (parameter " + name(param) + ")",
                    id, at);
        }
        int definingDepth = depths[definingBody];
        int source = depth == definingDepth ? -1 : fnOnPath[definingDepth + 1];
        edges.computeIfAbsent(definingBody, k -> new ArrayList<>()).add(new int[] {source, siblingIndex[node]});
    }

    private void reachability() {
        for (int id = 0; id < nest.size(); id++) {
            Body body = nest.body(id);
            int n = body.functions().size();
            if (n == 0) {
                continue;
            }
            List<List<Integer>> successors = new ArrayList<>();
            for (int i = 0; i <= n; i++) {
                successors.add(new ArrayList<>());
            }
            for (int[] edge : edges.getOrDefault(id, List.of())) {
                successors.get(edge[0] + 1).add(edge[1] + 1);
            }
            boolean[] reached = new boolean[n + 1];
            ArrayDeque<Integer> work = new ArrayDeque<>();
            reached[0] = true;
            work.push(0);
            while (!work.isEmpty()) {
                for (int s : successors.get(work.pop())) {
                    if (!reached[s]) {
                        reached[s] = true;
                        work.push(s);
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                if (!reached[i + 1]) {
                    Label label = body.functions().get(i).label();
                    violations.add(new Violation(Rule.UNREACHABLE_LOCAL_FUNCTION,
                            new Place(function, path(id).append(label), new Place.Params()),
                            "local function " + label + " is never called from the tail of its body or its siblings"));
                }
            }
        }
    }
}
