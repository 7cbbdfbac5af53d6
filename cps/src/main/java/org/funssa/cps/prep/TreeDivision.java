package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.core.names.NameSupply;

/*
 * Seed 004 §6.9 "Dividing into three-address code": an expression is divided wherever an operand is
 * not a leaf, each inner operation assigning a temporary (x ← a + b*c − d becomes tmp1 ← b*c,
 * tmp2 ← a + tmp1, x ← tmp2 − d: the last operation assigns the target directly, "for avoiding
 * generation of copy statements"). Also §6.8.1: a MEM is a load except as a SET target or a CALL
 * receiver, where it is a store; each stays one operation.
 *
 * Atoms (leaves): REG, INTCONST, FLOATCONST, and the addresses STATIC, FRAME and LABEL; none can trap.
 * An operation is one operator over atoms: (op t a b), (op t a), a load (MEM t a), (SUBREG t r n) of
 * a REG, or a select (IF t c a b). After division every statement is one of
 *   (SET t (REG …) operation-or-atom)      (SET t (SUBREG …) atom)
 *   (SET t (MEM t a) atom)                  a store
 *   (SET t (MEM A a) (MEM A b))             a copy of an aggregate A, the one way LIR moves one
 *   (JUMPC (TSTcc t a b) …)   (JUMPN a …)   (JUMP …)
 *   (CALL f (a…) (r…))       f, a atoms or aggregate (MEM A a); receivers REG or (MEM t a)
 *   (EPILOGUE … a…)          results atoms or aggregate (MEM A a)
 *   (PROLOGUE … p…)          parameters REG or (MEM t a)
 * with USE, CLOBBER, LINE and DEFLABEL unchanged. Sub-expressions are evaluated left to right, inner
 * before outer, as the interpreter does. Temporaries are fresh registers _tN% declared in the
 * function's SYMTAB. An IF whose arms are not both atoms is lazy, so it becomes control flow with
 * JUMPC, as COINS does before loop preprocessing (seed 004 §3.2): new blocks _ifN, each arm assigning
 * the IF's temporary. A CALL receiver (MEM t e) with a non-atom address receives into a temporary
 * that is stored after the call (the address is computed after the call, as before). PARALLEL
 * evaluates every right side (and every store address) into temporaries, then assigns in order.
 * PHI has no place in normal form and is rejected. For ψ construction (ConstructionOptions.psiConstruction) a
 * predicated select stays one statement, (SET t (REG r) (IF t c e₁ e₂)) with c an atom and arms as
 * isPredicatedSelect describes.
 *
 * SSA construction divides the rest of the trees while it lowers statements to lets (a let is a three-address
 * statement already; org.funssa.cps.construct.Lowering), so its normal form divides first only the statements
 * whose division needs statements or blocks of LIR before the control-flow graph is built (beforeLowering): a
 * lazy IF anywhere, PARALLEL, a CALL receiver or PROLOGUE parameter that is not a REG or a MEM at an atom
 * address, a SUBREG target (which construction then rejects) and PHI (rejected here). Each such statement is
 * divided whole, as above; every other statement keeps its trees, and no temporary is declared for them.
 */

/** Divides every statement into single-operator statements over atoms (three-address code). */
public final class TreeDivision {

    /** The pass as a {@link FunctionPass}. */
    public static final FunctionPass PASS = TreeDivision::apply;

    private TreeDivision() {}

    /** The function in three-address form, temporaries declared; itself when it already is. */
    public static Module.Function apply(Module.Function function) {
        return apply(function, LirNames.supply(function));
    }

    /** As {@link #apply(Module.Function)}, taking new names from a supply shared with the passes run before. */
    public static Module.Function apply(Module.Function function, NameSupply supply) {
        return apply(function, supply, false);
    }

    /**
     * As {@link #apply(Module.Function, NameSupply)}; with {@code predicatedDefinitions}, a select that
     * {@link #isPredicatedSelect} accepts keeps its IF (its condition divided) for ψ construction to read, instead
     * of becoming control flow.
     */
    public static Module.Function apply(Module.Function function, NameSupply supply, boolean predicatedDefinitions) {
        if (function.body().forAll(TreeDivision::isDivided)) {
            return function;
        }
        Divider divider = new Divider(function, supply.restarted(), predicatedDefinitions);
        for (Stmt stmt : function.body()) {
            divider.statement(stmt);
        }
        return new Module.Function(function.name(), function.symbols().appendAll(divider.temporaries),
                Vector.ofAll(divider.out));
    }

    /**
     * As {@link #apply(Module.Function, NameSupply, boolean)} for the statements that need LIR statements or blocks
     * to be divided (see the class comment); the others keep their trees for construction to divide as it lowers
     * them. Itself when no statement needs it. Each statement's trees are walked once to decide (with one work
     * stack for all), those before the first that needs division are not looked at again, and only the statements
     * that need it are handed to the divider.
     */
    public static Module.Function beforeLowering(Module.Function function, NameSupply supply,
                                                 boolean predicatedDefinitions) {
        Vector<Stmt> body = function.body();
        NeedsStatements needs = new NeedsStatements(predicatedDefinitions);
        int first = 0;
        for (Stmt stmt : body) {
            if (needs.test(stmt)) {
                break;
            }
            first++;
        }
        if (first == body.size()) {
            return function;
        }
        Divider divider = new Divider(function, supply.restarted(), predicatedDefinitions);
        int index = 0;
        for (Stmt stmt : body) {
            if (index++ >= first && needs.test(stmt)) {
                divider.statement(stmt);
            } else {
                divider.out.add(stmt);
            }
        }
        return new Module.Function(function.name(), function.symbols().appendAll(divider.temporaries),
                Vector.ofAll(divider.out));
    }

    /** Whether dividing a statement needs LIR statements or blocks: what {@link #beforeLowering} divides. */
    private static final class NeedsStatements {
        private final boolean predicatedDefinitions;
        /** The trees left to walk; empty between tests. */
        private final ArrayDeque<LExp> work = new ArrayDeque<>();

        NeedsStatements(boolean predicatedDefinitions) {
            this.predicatedDefinitions = predicatedDefinitions;
        }

        boolean test(Stmt stmt) {
            return switch (stmt) {
                case Stmt.Set s -> switch (s.target()) {
                    case LExp.Reg r -> predicatedDefinitions && s.value() instanceof LExp.If i
                            && isPredicatedSelect(r, i) ? hasLazyIf(i.condition()) : hasLazyIf(s.value());
                    case LExp.Mem m -> hasLazyIf(m.address()) || hasLazyIf(s.value());
                    default -> true;
                };
                case Stmt.JumpC j -> hasLazyIf(j.test());
                case Stmt.JumpN j -> hasLazyIf(j.value());
                case Stmt.Call c -> hasLazyIf(c.function()) || c.args().exists(this::hasLazyIf)
                        || !c.receivers().forAll(TreeDivision::isStoreTarget);
                case Stmt.Prologue p -> !p.params().forAll(TreeDivision::isStoreTarget);
                case Stmt.Epilogue e -> e.results().exists(this::hasLazyIf);
                case Stmt.Parallel p -> true;
                case Stmt.Phi p -> true;
                case Stmt.Jump j -> false;
                case Stmt.DefLabel d -> false;
                case Stmt.Use u -> false;
                case Stmt.Clobber c -> false;
                case Stmt.Line l -> false;
            };
        }

        /** Whether the expression has a lazy IF, which division makes control flow. */
        private boolean hasLazyIf(LExp e) {
            work.push(e);
            while (!work.isEmpty()) {
                LExp x = work.pop();
                if (x instanceof LExp.If i && isLazy(i)) {
                    work.clear();
                    return true;
                }
                x.pushOperands(work);
            }
            return false;
        }
    }

    /**
     * Whether the expression is an atom: REG, INTCONST, FLOATCONST, STATIC, FRAME or LABEL, the kinds of L-expression
     * without operands. Division and lowering ask it of every node they meet, so it is six type tests rather than a
     * pattern switch over all eleven kinds, which dispatches through a bootstrap method; TreeDivisionTest checks it
     * against {@link LExp#operands()} for every kind.
     */
    public static boolean isAtom(LExp e) {
        return e instanceof LExp.Reg || e instanceof LExp.IntConst || e instanceof LExp.FloatConst
                || e instanceof LExp.Static || e instanceof LExp.Frame || e instanceof LExp.Label;
    }

    /** Whether the expression is an atom or one operator whose operands are atoms. */
    public static boolean isOperation(LExp e) {
        return switch (e) {
            case LExp.Subreg s -> s.register() instanceof LExp.Reg;
            case LExp.If i -> e.operands().forAll(TreeDivision::isAtom);
            case LExp.Mem m -> isAtom(m.address()) && !(m.type() instanceof LirType.Aggregate);
            default -> e.operands().forAll(TreeDivision::isAtom);
        };
    }

    /** Whether the statement has one of the forms listed in the class comment. */
    public static boolean isDivided(Stmt stmt) {
        return switch (stmt) {
            case Stmt.Set s -> switch (s.target()) {
                case LExp.Reg r -> isOperation(s.value());
                case LExp.Subreg r -> r.register() instanceof LExp.Reg && isAtom(s.value());
                case LExp.Mem m -> isAtom(m.address()) && (isAtom(s.value()) || isAggregateOperand(s.value()));
                default -> false;
            };
            case Stmt.JumpC j -> j.test() instanceof LExp.Binary b && b.op().isComparison()
                    && isAtom(b.left()) && isAtom(b.right());
            case Stmt.JumpN j -> isAtom(j.value());
            case Stmt.Jump j -> true;
            case Stmt.Call c -> isAtom(c.function())
                    && c.args().forAll(a -> isAtom(a) || isAggregateOperand(a))
                    && c.receivers().forAll(TreeDivision::isStoreTarget);
            case Stmt.Prologue p -> p.params().forAll(TreeDivision::isStoreTarget);
            case Stmt.Epilogue e -> e.results().forAll(a -> isAtom(a) || isAggregateOperand(a));
            case Stmt.Parallel p -> false;
            case Stmt.Phi p -> false;
            case Stmt.DefLabel d -> true;
            case Stmt.Use u -> true;
            case Stmt.Clobber c -> true;
            case Stmt.Line l -> true;
        };
    }

    /**
     * Whether {@code (SET r select)} is what ψ construction reads as predicated definitions of r: an integer
     * condition and arms that are atoms or one arithmetic operator over atoms (no load: its memory is not tracked
     * here), with one arm r itself (r is redefined under one predicate) or one arm not an atom (a lazy IF, which
     * would otherwise become control flow: r is defined under the condition and under its negation).
     */
    public static boolean isPredicatedSelect(LExp.Reg r, LExp.If select) {
        boolean thenKeeps = isRegister(select.then(), r);
        boolean elseKeeps = isRegister(select.otherwise(), r);
        return select.condition().type() instanceof LirType.Int && !(thenKeeps && elseKeeps)
                && isArm(select.then()) && isArm(select.otherwise())
                && (thenKeeps || elseKeeps || isLazy(select));
    }

    /** Whether the IF is lazy: an arm is not an atom, so that division makes it control flow (seed 004 §3.2). */
    public static boolean isLazy(LExp.If e) {
        return !(isAtom(e.then()) && isAtom(e.otherwise()));
    }

    /** Whether {@code e} is the register {@code r}. */
    public static boolean isRegister(LExp e, LExp.Reg r) {
        return e instanceof LExp.Reg other && other.name().equals(r.name());
    }

    private static boolean isArm(LExp e) {
        return isAtom(e) || (e instanceof LExp.Binary || e instanceof LExp.Unary) && isOperation(e);
    }

    private static boolean isAggregateOperand(LExp e) {
        return e instanceof LExp.Mem m && m.type() instanceof LirType.Aggregate && isAtom(m.address());
    }

    private static boolean isStoreTarget(LExp e) {
        return e instanceof LExp.Reg || e instanceof LExp.Mem m && isAtom(m.address());
    }

    /** The division of one function's statements, in order, into {@link #out}. */
    private static final class Divider {
        private final Module.Function function;
        private final NameSupply names;
        private final List<Stmt> out = new ArrayList<>();
        private final List<Symbol> temporaries = new ArrayList<>();
        private final boolean predicatedDefinitions;

        Divider(Module.Function function, NameSupply names, boolean predicatedDefinitions) {
            this.function = function;
            this.names = names;
            this.predicatedDefinitions = predicatedDefinitions;
        }

        void statement(Stmt stmt) {
            if (isDivided(stmt)) {
                out.add(stmt);
                return;
            }
            switch (stmt) {
                case Stmt.Set s -> set(s);
                case Stmt.JumpC j -> {
                    LExp test = j.test() instanceof LExp.Binary b && b.op().isComparison()
                            ? new LExp.Binary(b.op(), b.type(), atom(b.left()), atom(b.right()))
                            : notZero(atom(j.test()));
                    out.add(new Stmt.JumpC(test, j.ifTrue(), j.ifFalse()));
                }
                case Stmt.JumpN j -> out.add(new Stmt.JumpN(atom(j.value()), j.cases(), j.otherwise()));
                case Stmt.Call c -> call(c);
                case Stmt.Prologue p -> prologue(p);
                case Stmt.Epilogue e -> out.add(new Stmt.Epilogue(e.frameSize(), e.savedSize(),
                        e.results().map(this::operand)));
                case Stmt.Parallel p -> parallel(p);
                case Stmt.Phi p -> throw new IllegalArgumentException("function " + function.name()
                        + ": PHI " + LirPrinter.print(p)
                        + " is SSA-form LIR; tree division takes normal-form LIR");
                default -> out.add(stmt);
            }
        }

        private void set(Stmt.Set s) {
            switch (s.target()) {
                case LExp.Reg r -> out.add(new Stmt.Set(s.type(), r, predicatedDefinitions
                        && s.value() instanceof LExp.If i && isPredicatedSelect(r, i)
                        ? new LExp.If(i.type(), atom(i.condition()), i.then(), i.otherwise())
                        : operation(s.value())));
                case LExp.Subreg r -> {
                    LExp register = atom(r.register());
                    LExp value = atom(s.value());
                    out.add(new Stmt.Set(s.type(), new LExp.Subreg(r.type(), register, r.index()), value));
                }
                case LExp.Mem m -> {
                    LExp address = atom(m.address());
                    LExp value = operand(s.value());
                    out.add(new Stmt.Set(s.type(), withAddress(m, address), value));
                }
                default -> throw new IllegalArgumentException("function " + function.name() + ": cannot assign to "
                        + LirPrinter.print(s.target()) + "; a target must be MEM, REG or SUBREG");
            }
        }

        private void call(Stmt.Call c) {
            LExp f = atom(c.function());
            Vector<LExp> args = c.args().map(this::operand);
            List<Stmt> after = new ArrayList<>();
            Vector<LExp> receivers = c.receivers().map(r -> {
                if (isStoreTarget(r)) {
                    return r;
                }
                if (r instanceof LExp.Mem m && !(m.type() instanceof LirType.Aggregate)) {
                    LExp.Reg t = temporary(m.type());
                    after.add(new Stmt.Set(m.type(), m, t));
                    return t;
                }
                throw new IllegalArgumentException("function " + function.name() + ": CALL receiver "
                        + LirPrinter.print(r) + " is neither REG nor a MEM of scalar type");
            });
            out.add(new Stmt.Call(f, args, receivers));
            after.forEach(store -> set((Stmt.Set) store));
        }

        private void prologue(Stmt.Prologue p) {
            List<Stmt.Set> after = new ArrayList<>();
            Vector<LExp> params = p.params().map(param -> {
                if (isStoreTarget(param)) {
                    return param;
                }
                LExp.Reg t = temporary(param.type());
                after.add(new Stmt.Set(param.type(), param, t));
                return t;
            });
            out.add(new Stmt.Prologue(p.frameSize(), p.savedSize(), params));
            after.forEach(this::set);
        }

        private void parallel(Stmt.Parallel p) {
            List<Stmt.Set> assignments = new ArrayList<>();
            for (Stmt part : p.parts()) {
                if (!(part instanceof Stmt.Set s)) {
                    throw new IllegalArgumentException("function " + function.name() + ": PARALLEL part "
                            + LirPrinter.print(part) + " is not a SET");
                }
                if (s.value().type() instanceof LirType.Aggregate) {
                    throw new IllegalArgumentException("function " + function.name()
                            + ": PARALLEL copies an aggregate, which has no temporary");
                }
                LExp target = switch (s.target()) {
                    case LExp.Mem m -> withAddress(m, copied(atom(m.address())));
                    default -> s.target();
                };
                assignments.add(new Stmt.Set(s.type(), target, copied(atom(s.value()))));
            }
            assignments.forEach(this::set);
        }

        /** The atom itself if it is a constant or an address; otherwise a temporary holding its value now. */
        private LExp copied(LExp atom) {
            if (!(atom instanceof LExp.Reg)) {
                return atom;
            }
            LExp.Reg t = temporary(atom.type());
            out.add(new Stmt.Set(atom.type(), t, atom));
            return t;
        }

        /** An atom, or an aggregate MEM with an atom address. */
        private LExp operand(LExp e) {
            if (e instanceof LExp.Mem m && m.type() instanceof LirType.Aggregate) {
                return withAddress(m, atom(m.address()));
            }
            return atom(e);
        }

        private LExp atom(LExp e) {
            return evaluate(e, false);
        }

        private LExp operation(LExp e) {
            return evaluate(e, true);
        }

        private LExp.Reg temporary(LirType type) {
            if (!(type instanceof LirType.Int || type instanceof LirType.Float)) {
                throw new IllegalArgumentException("function " + function.name() + ": no temporary of type " + type
                        + " (only integers and floats live in registers)");
            }
            String name = names.fresh("_t", "%");
            temporaries.add(new Symbol.Reg(name, type, type.bytes(), 0, Vector.empty()));
            return new LExp.Reg(type, name);
        }

        private LExp.Label freshLabel() {
            return new LExp.Label(BlockList.LABEL_TYPE, names.fresh("_if"));
        }

        private static LExp notZero(LExp atom) {
            return atom.type() instanceof LirType.Float f
                    ? new LExp.Binary(Op.TSTNE, LirType.I32, atom, new LExp.FloatConst(f, 0.0))
                    : new LExp.Binary(Op.TSTNE, LirType.I32, atom,
                            new LExp.IntConst((LirType.Int) atom.type(), BigInteger.ZERO));
        }

        private static LExp.Mem withAddress(LExp.Mem m, LExp address) {
            return new LExp.Mem(m.type(), address, m.isVolatile(), m.noSafe(), m.align());
        }

        /** Work items of the explicit-stack evaluation. */
        private sealed interface Task {}

        /** Evaluate e; its value (atom, or operation when root) is pushed on the value stack. */
        private record Visit(LExp e, boolean root) implements Task {}

        /** The operands of e are on the value stack: build e over them. */
        private record Build(LExp e, boolean root) implements Task {}

        /** A lazy IF: its condition's atom is on the value stack; branch on it. */
        private record Branch(LExp.If e, LazyIf state) implements Task {}

        /** The then-arm's atom is on the value stack. */
        private record ThenDone(LazyIf state) implements Task {}

        /** The else-arm's atom is on the value stack. */
        private record ElseDone(LazyIf state) implements Task {}

        /** The labels and temporary of one lazy IF. */
        private record LazyIf(LExp.Reg result, LExp.Label then, LExp.Label otherwise, LExp.Label join) {}

        /**
         * Emits the statements that compute e and returns its value: an atom, or when {@code root} one
         * operation over atoms (for the right side of a SET to a register).
         */
        private LExp evaluate(LExp e, boolean root) {
            ArrayDeque<Task> tasks = new ArrayDeque<>();
            ArrayDeque<LExp> values = new ArrayDeque<>();
            tasks.push(new Visit(e, root));
            while (!tasks.isEmpty()) {
                switch (tasks.pop()) {
                    case Visit(LExp x, boolean isRoot) -> {
                        if (isAtom(x)) {
                            values.push(x);
                        } else if (x instanceof LExp.If i && isLazy(i)) {
                            LazyIf state = new LazyIf(temporary(i.type()), freshLabel(), freshLabel(), freshLabel());
                            tasks.push(new ElseDone(state));
                            tasks.push(new Visit(i.otherwise(), false));
                            tasks.push(new ThenDone(state));
                            tasks.push(new Visit(i.then(), false));
                            tasks.push(new Branch(i, state));
                            tasks.push(new Visit(i.condition(), false));
                        } else {
                            tasks.push(new Build(x, isRoot));
                            Vector<LExp> operands = x.operands();
                            for (int k = operands.size() - 1; k >= 0; k--) {
                                tasks.push(new Visit(operands.get(k), false));
                            }
                        }
                    }
                    case Build(LExp x, boolean isRoot) -> {
                        LExp[] operands = new LExp[x.operands().size()];
                        for (int k = operands.length - 1; k >= 0; k--) {
                            operands[k] = values.pop();
                        }
                        LExp op = Statements.withOperands(x, operands);
                        if (isRoot) {
                            values.push(op);
                        } else {
                            LExp.Reg t = temporary(x.type());
                            out.add(new Stmt.Set(x.type(), t, op));
                            values.push(t);
                        }
                    }
                    case Branch(LExp.If i, LazyIf s) -> {
                        out.add(new Stmt.JumpC(notZero(values.pop()), s.then(), s.otherwise()));
                        out.add(new Stmt.DefLabel(s.then().name()));
                    }
                    case ThenDone(LazyIf s) -> {
                        out.add(new Stmt.Set(s.result().type(), s.result(), values.pop()));
                        out.add(new Stmt.Jump(s.join()));
                        out.add(new Stmt.DefLabel(s.otherwise().name()));
                    }
                    case ElseDone(LazyIf s) -> {
                        out.add(new Stmt.Set(s.result().type(), s.result(), values.pop()));
                        out.add(new Stmt.Jump(s.join()));
                        out.add(new Stmt.DefLabel(s.join().name()));
                        values.push(s.result());
                    }
                }
            }
            return values.pop();
        }
    }
}
