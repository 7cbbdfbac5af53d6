package org.funssa.cps.alpha;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;

/**
 * α-equivalence (seed 003 §6.1 "α-renaming"): two terms are equivalent when a consistent, one-to-one renaming
 * of bound variables and local-function labels turns one into the other. Global names (functions, symbols,
 * data) and free names must match exactly; the order of lets, local functions and operands matters.
 *
 * <p>Both nests are numbered ({@link Nest}) and compared node by node, without recursion. Bound names are unique in a well-formed
 * function (the verifier's {@code REBOUND_VARIABLE}), so one renaming per function suffices; a function that
 * rebinds a name is compared conservatively (a second binding must map to the same name as the first).
 */
public final class Alpha {

    /** Variables by number: which variable of b each of a's is bound to, and back. */
    private final Map<Integer, Integer> varsAB = new HashMap<>();
    private final Map<Integer, Integer> varsBA = new HashMap<>();
    private final Map<String, String> labelsAB = new HashMap<>();
    private final Map<String, String> labelsBA = new HashMap<>();

    private Alpha() {}

    /** Whether two programs are equal up to renaming of bound names inside each function. */
    public static boolean equivalent(Program a, Program b) {
        if (a == b) {
            return true;
        }
        if (!a.name().equals(b.name()) || !a.symbols().equals(b.symbols()) || !a.data().equals(b.data())
                || a.functions().size() != b.functions().size()) {
            return false;
        }
        return a.functions().zip(b.functions()).forAll(p -> equivalent(p._1, p._2));
    }

    /** Whether two functions are equal up to renaming of their bound variables and local-function labels. */
    public static boolean equivalent(Function a, Function b) {
        if (a == b) {
            return true;
        }
        if (!a.name().equals(b.name()) || !a.symbols().equals(b.symbols()) || !a.results().equals(b.results())) {
            return false;
        }
        Alpha alpha = new Alpha();
        return alpha.bodies(a, b);
    }

    /**
     * Compares the two nests node by node in preorder: the same sequence of child counts is the same shape, and
     * a node's parameters and local-function labels are bound before any body that can mention them.
     */
    private boolean bodies(Function fa, Function fb) {
        Nest a = Nest.of(fa);
        Nest b = Nest.of(fb);
        if (a.size() != b.size()) {
            return false;
        }
        for (int node = 0; node < a.size(); node++) {
            Body x = a.body(node);
            Body y = b.body(node);
            if (a.childCount(node) != b.childCount(node) || x.lets().size() != y.lets().size()
                    || !bindAll(a.params(node), b.params(node))) {
                return false;
            }
            for (int i = 0; i < x.functions().size(); i++) {
                if (!bindLabel(x.functions().get(i).label(), y.functions().get(i).label())) {
                    return false;
                }
            }
            for (int i = 0; i < x.lets().size(); i++) {
                Let l = x.lets().get(i);
                Let m = y.lets().get(i);
                if (!guards(l.guard(), m.guard()) || !exprs(l.expr(), m.expr()) || !bindAll(l, m)) {
                    return false;
                }
            }
            if (!tails(x.tail(), y.tail())) {
                return false;
            }
        }
        return true;
    }

    /** Binds the variables of two lets, position by position. */
    private boolean bindAll(Let x, Let y) {
        return bindAll(x.arity(), x::var, y.arity(), y::var);
    }

    private boolean bindAll(Vector<Atom.Var> as, Vector<Atom.Var> bs) {
        return bindAll(as.size(), as::get, bs.size(), bs::get);
    }

    /** Binds {@code n} variables to {@code m}, position by position; false if the counts differ. */
    private boolean bindAll(int n, IntFunction<Atom.Var> as, int m, IntFunction<Atom.Var> bs) {
        if (n != m) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!bind(as.apply(i), bs.apply(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean bind(Atom.Var x, Atom.Var y) {
        return x.type().equals(y.type()) && bind(varsAB, varsBA, x.id(), y.id());
    }

    private boolean bindLabel(Label a, Label b) {
        return bind(labelsAB, labelsBA, a.name(), b.name());
    }

    private static <K> boolean bind(Map<K, K> ab, Map<K, K> ba, K a, K b) {
        K oldB = ab.putIfAbsent(a, b);
        K oldA = ba.putIfAbsent(b, a);
        return (oldB == null || oldB.equals(b)) && (oldA == null || oldA.equals(a));
    }

    /** Names correspond if they are bound to each other, or are both free and equal. */
    private static <K> boolean same(Map<K, K> ab, Map<K, K> ba, K a, K b) {
        K image = ab.get(a);
        return image != null ? image.equals(b) : !ba.containsKey(b) && a.equals(b);
    }

    private boolean atoms(Vector<Atom> as, Vector<Atom> bs) {
        if (as.size() != bs.size()) {
            return false;
        }
        for (int i = 0; i < as.size(); i++) {
            if (!atom(as.get(i), bs.get(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean atom(Atom a, Atom b) {
        if (a instanceof Atom.Var x && b instanceof Atom.Var y) {
            return x.type().equals(y.type()) && same(varsAB, varsBA, x.id(), y.id());
        }
        return a.equals(b);
    }

    private boolean exprs(Expr a, Expr b) {
        boolean shape = switch (a) {
            case Expr.Copy x -> b instanceof Expr.Copy;
            case Expr.Prim x -> b instanceof Expr.Prim y && x.op() == y.op() && x.type().equals(y.type());
            case Expr.Select x -> b instanceof Expr.Select y && x.type().equals(y.type());
            case Expr.Load x -> b instanceof Expr.Load y && x.type().equals(y.type()) && x.access().equals(y.access());
            case Expr.Store x -> b instanceof Expr.Store y && x.type().equals(y.type())
                    && x.access().equals(y.access());
            case Expr.Call x -> b instanceof Expr.Call y && x.results().equals(y.results())
                    && x.args().size() == y.args().size();
            case Expr.Psi x -> b instanceof Expr.Psi y && x.type().equals(y.type());
        };
        return shape && atoms(a.operands(), b.operands());
    }

    /** Guards correspond when they are the same kind and their predicates correspond. */
    private boolean guards(Guard a, Guard b) {
        return switch (a) {
            case Guard.When(Atom p) -> b instanceof Guard.When(Atom q) && atom(p, q);
            case Guard.Always x -> b instanceof Guard.Always;
            case Guard.Speculated x -> b instanceof Guard.Speculated;
        };
    }

    private boolean tails(Tail a, Tail b) {
        boolean shape = switch (a) {
            case Tail.Jump x -> b instanceof Tail.Jump;
            case Tail.Branch x -> b instanceof Tail.Branch;
            case Tail.Switch x -> b instanceof Tail.Switch y && x.cases().map(Tail.Case::value)
                    .equals(y.cases().map(Tail.Case::value));
            case Tail.Return x -> b instanceof Tail.Return;
        };
        if (!shape || !atoms(a.operands(), b.operands())) {
            return false;
        }
        Vector<Tail.Jump> ja = a.jumps();
        Vector<Tail.Jump> jb = b.jumps();
        for (int i = 0; i < ja.size(); i++) {
            if (ja.get(i).args().size() != jb.get(i).args().size()
                    || !same(labelsAB, labelsBA, ja.get(i).target().name(), jb.get(i).target().name())) {
                return false;
            }
        }
        return true;
    }
}
