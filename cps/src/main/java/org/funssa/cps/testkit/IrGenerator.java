package org.funssa.cps.testkit;

import io.vavr.collection.Vector;
import java.util.Random;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Access;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;

/**
 * Seeded random IR programs written directly as terms, for laws about the form of programs (printing and
 * parsing, α-equivalence, verification, structural passes): nested local functions, jumps with arguments,
 * branches, switches, selects, loads and stores threading a memory token, calls, ⊥ and every atom kind.
 * Every program it makes passes the verifier; the same seed and size give the same program.
 *
 * <p>They are not meant to be run: they load from {@code @g}, store to {@code $slot} and call {@code @h},
 * none of which they define, and their jumps may loop forever. For programs to run, use
 * {@link Generators#ir}, which constructs the IR from {@link org.funssa.core.gen.LirGenerator}'s terminating,
 * well-defined LIR.
 *
 * <p>Bound names are {@code v<n>} (variables) and {@code L<n>} (labels).
 */
public final class IrGenerator {

    private final Random random;
    private final int size;
    private int fresh;

    private IrGenerator(long seed, int size) {
        this.random = new Random(seed);
        this.size = size;
    }

    /**
     * A program of one to three functions; {@code size} (at least 1) bounds the lets per body (fewer than
     * {@code size + 1}) and the nesting depth of local functions ({@code min(size, 8)} levels).
     */
    public static Program program(long seed, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be at least 1, not " + size);
        }
        return new IrGenerator(seed, size).program();
    }

    private Program program() {
        Vector<Function> functions = Vector.empty();
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            functions = functions.append(function("f" + i));
        }
        return new Program("random", Vector.empty(), Vector.empty(), functions);
    }

    private Function function(String name) {
        fresh = 0;
        Vector<Atom.Var> params = Vector.of(var(Type.I32), var(Type.I64), var(Type.F64));
        Atom.Var mem = var(Type.MEM);
        Body body = body(params.append(mem), Vector.empty(), mem, 0);
        return new Function(name, Vector.empty(), params.append(mem), Vector.of(Type.I32, Type.MEM), body, fresh);
    }

    private Atom.Var var(Type type) {
        Atom.Var v = new Atom.Var(fresh, "v" + fresh, type);
        fresh++;
        return v;
    }

    private <T> T pick(Vector<T> xs) {
        return xs.get(random.nextInt(xs.size()));
    }

    private Atom atom(Vector<Atom.Var> scope, Type.Data type) {
        Vector<Atom.Var> candidates = scope.filter(v -> v.type().equals(type));
        int choice = random.nextInt(10);
        if (choice < 6 && !candidates.isEmpty()) {
            return pick(candidates);
        }
        if (choice == 6) {
            return new Atom.Undef(type);
        }
        if (type.isFloat()) {
            return new Atom.FloatLit(type, random.nextInt(5) == 0 ? Double.NaN : random.nextGaussian() * 100);
        }
        return Atom.IntLit.of(type, random.nextInt(200) - 100);
    }

    private Body body(Vector<Atom.Var> scope, Vector<Fn> visible, Atom.Var mem, int depth) {
        Vector<Let> lets = Vector.empty();
        int n = random.nextInt(size + 1);
        for (int i = 0; i < n; i++) {
            Type.Data t = pick(Vector.of(Type.I32, Type.I64, Type.F64));
            Let let = switch (random.nextInt(7)) {
                case 0 -> Let.of(var(t), new Expr.Copy(atom(scope, t)));
                case 1 -> Let.of(var(t), new Expr.Prim(pick(Vector.of(Op.ADD, Op.SUB, Op.MUL)), t,
                        Vector.of(atom(scope, t), atom(scope, t))));
                case 2 -> Let.of(var(Type.I32), new Expr.Prim(Op.TSTLTS, Type.I32,
                        Vector.of(atom(scope, t), atom(scope, t))));
                case 3 -> Let.of(var(t), new Expr.Select(t, atom(scope, Type.I32), atom(scope, t), atom(scope, t)));
                case 4 -> Let.of(var(t), new Expr.Load(t, mem, Atom.Addr.ofStatic("g"), random.nextBoolean()
                        ? Access.PLAIN : new Access(true, false, io.vavr.control.Option.of(8))));
                case 5 -> {
                    Atom.Var next = var(Type.MEM);
                    Let store = Let.of(next, new Expr.Store(t, mem, Atom.Addr.ofFrame("slot"), atom(scope, t),
                            Access.PLAIN));
                    mem = next;
                    yield store;
                }
                default -> {
                    Atom.Var result = var(Type.I32);
                    Atom.Var next = var(Type.MEM);
                    Let call = Let.of(Vector.of(result, next), new Expr.Call(Atom.Addr.ofStatic("h"),
                            Vector.of(atom(scope, t), atom(scope, Type.I32)), mem, Vector.of(Type.I32)));
                    mem = next;
                    yield call;
                }
            };
            lets = lets.append(let);
            scope = scope.appendAll(let.vars().filter(v -> !(v.type() instanceof Type.Mem)));
        }
        Vector<Fn> locals = Vector.empty();
        int k = depth < Math.min(size, 8) ? random.nextInt(4) : 0;
        Vector<Label> labels = Vector.empty();
        Vector<Vector<Atom.Var>> paramLists = Vector.empty();
        for (int i = 0; i < k; i++) {
            labels = labels.append(new Label("L" + fresh++));
            Vector<Atom.Var> params = Vector.empty();
            for (int j = random.nextInt(3); j > 0; j--) {
                params = params.append(var(pick(Vector.of(Type.I32, Type.I64))));
            }
            if (random.nextBoolean()) {
                params = params.append(var(Type.MEM));
            }
            paramLists = paramLists.append(params);
        }
        // Labels are known before bodies are built so that siblings may call each other (letrec).
        Vector<Fn> stubs = Vector.empty();
        for (int i = 0; i < k; i++) {
            stubs = stubs.append(new Fn(labels.get(i), paramLists.get(i), Body.of(Vector.empty(),
                    new Tail.Return(Vector.empty()))));
        }
        Vector<Fn> inner = visible.appendAll(stubs);
        for (int i = 0; i < k; i++) {
            Vector<Atom.Var> params = paramLists.get(i);
            Atom.Var innerMem = params.find(p -> p.type() instanceof Type.Mem).getOrElse(mem);
            Vector<Atom.Var> innerScope = scope.appendAll(params.filter(p -> !(p.type() instanceof Type.Mem)));
            locals = locals.append(new Fn(labels.get(i), params, body(innerScope, inner, innerMem, depth + 1)));
        }
        Tail tail = k == 0 ? leafTail(scope, inner, mem) : entryTail(scope, stubs, mem);
        return new Body(lets, locals, tail);
    }

    private Tail.Jump jump(Vector<Atom.Var> scope, Fn target, Atom.Var mem) {
        return new Tail.Jump(target.label(), target.params().map(p -> p.type() instanceof Type.Mem ? mem
                : atom(scope, (Type.Data) p.type())));
    }

    /** A tail that calls every local function of the body, so that all are reachable. */
    private Tail entryTail(Vector<Atom.Var> scope, Vector<Fn> locals, Atom.Var mem) {
        if (locals.size() == 1) {
            return jump(scope, locals.get(0), mem);
        }
        if (locals.size() == 2) {
            return new Tail.Branch(atom(scope, Type.I32), jump(scope, locals.get(0), mem),
                    jump(scope, locals.get(1), mem));
        }
        Vector<Tail.Case> cases = Vector.empty();
        for (int i = 1; i < locals.size(); i++) {
            cases = cases.append(new Tail.Case(java.math.BigInteger.valueOf(i * 3 - 4), jump(scope, locals.get(i),
                    mem)));
        }
        return new Tail.Switch(atom(scope, Type.I64), cases, jump(scope, locals.get(0), mem));
    }

    private Tail leafTail(Vector<Atom.Var> scope, Vector<Fn> visible, Atom.Var mem) {
        if (visible.isEmpty() || random.nextInt(3) == 0) {
            return new Tail.Return(Vector.of(atom(scope, Type.I32), mem));
        }
        return random.nextBoolean() ? jump(scope, pick(visible), mem)
                : new Tail.Branch(atom(scope, Type.I32), jump(scope, pick(visible), mem), jump(scope, pick(visible),
                        mem));
    }
}
