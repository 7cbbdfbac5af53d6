package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.cps.ir.Access;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.prep.TreeDivision;

/*
 * LIR statements to lets (seed 003 §6.1 "Let-Normal Form"): each statement defining a register binds a new
 * variable and makes it the register's current value (the renaming of seed 004 Figure 4.3, "put a new variable
 * v_new onto Stack(v)"); each use reads the current value, ⊥ when no definition reaches (§4.3: not 0).
 * With copy folding (§4.2.2), a copy r ← a binds nothing: a becomes r's current value.
 *
 * Trees are divided here (seed 004 §6.9 "Dividing into three-address code"), as org.funssa.cps.prep.TreeDivision
 * would divide them: operands left to right, inner before outer, each inner operation binding a fresh variable
 * (a let is already a three-address statement), the statement's own operation binding the target. A temporary
 * is a variable and never a register, so no register analysis sees it. Only what needs statements or blocks
 * before the graph is built is divided before (TreeDivision.beforeLowering): lazy IFs, PARALLEL, receivers and
 * parameters that are not stores to an atom address. An aggregate MEM is an operand only whole, loaded into a
 * temporary once every operand's address is an atom, as the division leaves it.
 *
 * Memory is the register MemoryRegister names: a load reads its current token, a store or CALL binds
 * the next one. The PROLOGUE's parameters become the function's parameters followed by the initial
 * token (a MEM parameter is stored on entry); an EPILOGUE returns its results followed by the final
 * token; aggregates (A<bits>) move whole through loads and stores. A jump passes the current values of
 * the registers its target takes as parameters; its target is the block's successor in the jump's place (Cfg
 * orders a block's successors as its terminator names them), so no label is looked up. USE and LINE have no
 * meaning here; CLOBBER makes its registers ⊥ (their old values are dead, as register liveness says). SUBREG
 * and PHI have no form in the IR (seed 004 §4.4) and are rejected, naming the function and the statement.
 *
 * With ψ construction (ConstructionOptions.psiConstruction, seed 000 §"Construction"), a select of a register
 * into itself is a predicated definition and is renamed into a guarded definition and a ψ-function.
 */

/** Lowers the blocks of one function in normal form, each against an {@link Environment}. */
final class Lowering {

    /** One block's code: its lets and its tail, and for the entry block the function's parameters. */
    record Block(Vector<Let> lets, Tail tail, Option<Vector<Atom.Var>> functionParams) {}

    /** The hint of a temporary the division binds (seed 004 §6.9's tmp). */
    private static final String TEMPORARY = "_t";

    private final NormalForm form;
    private final VarSupply names;
    private final boolean copyFolding;
    private final boolean psiConstruction;
    private final Registers registers;
    /** The memory register's number and name (the hint of its versions). */
    private final int memory;
    private final String memoryName;
    /** One instance of each integer literal of the function. */
    private final IntLiterals literals = new IntLiterals();
    /** Each block's label, by number, made when first asked for: the jumps to a block and its function share it. */
    private final Label[] labels;
    /** The writer of every block, one after the other: its stacks are empty and its lets cleared between blocks. */
    private final BlockWriter writer = new BlockWriter();

    Lowering(NormalForm form, Registers registers, VarSupply names, ConstructionOptions options) {
        this.form = form;
        this.registers = registers;
        this.names = names;
        this.copyFolding = options.copyFolding();
        this.psiConstruction = options.psiConstruction();
        this.memory = registers.memory();
        this.memoryName = form.memory().name();
        this.labels = new Label[form.cfg().size()];
    }

    /** Block {@code b}'s label. */
    Label label(int b) {
        Label label = labels[b];
        if (label == null) {
            label = new Label(form.cfg().block(b).label());
            labels[b] = label;
        }
        return label;
    }

    /**
     * The lets and tail of block {@code b}, reading and updating {@code env}; a jump to block t passes the
     * current values of the registers numbered {@code parameters.apply(t)}, in order.
     */
    Block block(int b, Environment env, IntFunction<IntSeq> parameters) {
        writer.start(env, form.cfg().successors(b), parameters);
        Iterator<Stmt> code = form.cfg().block(b).statements().iterator();
        while (code.hasNext()) {
            Stmt stmt = code.next();
            if (!code.hasNext() && stmt.endsBlock()) {
                return writer.finish(writer.terminator(stmt));
            }
            writer.statement(stmt);
        }
        return writer.finish(writer.jump(0)); // falls through to its one successor
    }

    /** The IR function whose body is the lowered entry block, with the given local functions. */
    Function function(Block entry, Vector<Fn> local) {
        String name = form.name();
        return new Function(name, form.symbols(),
                entry.functionParams().getOrElseThrow(() -> new IllegalStateException("function " + name
                        + ": the entry block has no PROLOGUE")),
                form.results(), new Body(entry.lets(), local, entry.tail()), names.count());
    }

    /** The current values of the numbered registers, in order; ⊥ for those no definition reaches. */
    private static Vector<Atom> values(Environment env, IntSeq numbers) {
        if (numbers.isEmpty()) {
            return Vector.empty();
        }
        Atom[] values = new Atom[numbers.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = env.value(numbers.get(i));
        }
        return Vector.of(values);
    }

    /** Writes the lets of one block at a time. */
    private final class BlockWriter {
        private Environment env;
        /** The block's successors, in the order its terminator names them, and the parameters of each block. */
        private IntSeq successors;
        private IntFunction<IntSeq> parameters;
        private final List<Let> lets = new ArrayList<>();
        private Option<Vector<Atom.Var>> functionParams = Option.none();
        private Stmt current;
        /**
         * The work of {@link #atom}, empty between calls: the nodes to divide, the next on top, each with its state
         * ({@link #UNDIVIDED}, or once its operands are divided, how many of them are on top of {@code values}); and
         * the atoms made so far.
         */
        private final ArrayDeque<LExp> pending = new ArrayDeque<>();
        private final IntList pendingState = new IntList();
        private final ArrayDeque<Atom> values = new ArrayDeque<>();
        /** One node's operands as {@link LExp#pushOperands} leaves them, the last on top; empty between uses. */
        private final ArrayDeque<LExp> children = new ArrayDeque<>();

        /** Starts a block with these successors, reading and updating {@code env}. */
        void start(Environment env, IntSeq successors, IntFunction<IntSeq> parameters) {
            this.env = env;
            this.successors = successors;
            this.parameters = parameters;
            lets.clear();
            functionParams = Option.none();
        }

        /** The block written, ending in {@code tail}. */
        Block finish(Tail tail) {
            return new Block(Vector.ofAll(lets), tail, functionParams);
        }

        void statement(Stmt stmt) {
            current = stmt;
            switch (stmt) {
                case Stmt.Set s -> set(s);
                case Stmt.Call c -> call(c);
                case Stmt.Prologue p -> prologue(p);
                case Stmt.Use u -> { }
                case Stmt.Line l -> { }
                case Stmt.DefLabel d -> { }
                case Stmt.Clobber c -> {
                    if (!form.memory().isMarker(c)) {
                        for (LExp r : c.registers()) {
                            if (r instanceof LExp.Reg reg) {
                                int number = registers.number(reg.name());
                                env.put(number, registers.undefined(number));
                            }
                        }
                    }
                }
                case Stmt.Parallel p -> throw unsupported("PARALLEL is left after tree division");
                case Stmt.Phi p -> throw unsupported("PHI is SSA-form LIR; construction takes normal form");
                case Stmt.Jump j -> throw unsupported("a jump inside a block");
                case Stmt.JumpC j -> throw unsupported("a jump inside a block");
                case Stmt.JumpN j -> throw unsupported("a jump inside a block");
                case Stmt.Epilogue e -> throw unsupported("EPILOGUE inside a block");
            }
        }

        /** The tail of a terminator, whose k-th target is successor k. */
        Tail terminator(Stmt stmt) {
            current = stmt;
            return switch (stmt) {
                case Stmt.Jump j -> jump(0);
                case Stmt.JumpC j -> {
                    Atom condition = switch (j.test()) {
                        case LExp.Binary t when t.op().isComparison() -> temporary("cond",
                                new Expr.Prim(t.op(), data(t.type()), Vector.of(atom(t.left()), atom(t.right()))));
                        default -> notZero(atom(j.test()));
                    };
                    if (!condition.type().isInteger()) {
                        throw unsupported("the JUMPC test is not an integer");
                    }
                    yield new Tail.Branch(condition, jump(0), jump(1));
                }
                case Stmt.JumpN j -> {
                    Atom value = atom(j.value());
                    Tail.Case[] cases = new Tail.Case[j.cases().size()];
                    for (int k = 0; k < cases.length; k++) {
                        cases[k] = new Tail.Case(j.cases().get(k).value().value(), jump(k));
                    }
                    yield new Tail.Switch(value, Vector.of(cases), jump(cases.length));
                }
                case Stmt.Epilogue e -> new Tail.Return(operands(e.results()).append(mem()));
                default -> throw unsupported("not a terminator");
            };
        }

        /** The jump to successor {@code k}, passing the current values of its parameters. */
        Tail.Jump jump(int k) {
            int target = successors.get(k);
            return new Tail.Jump(label(target), values(env, parameters.apply(target)));
        }

        private void set(Stmt.Set s) {
            switch (s.target()) {
                case LExp.Reg r -> {
                    if (psiConstruction && s.value() instanceof LExp.If i && predicated(r, i)) {
                        return;
                    }
                    if (isAtom(s.value())) {
                        Atom value = atom(s.value());
                        if (copyFolding) {
                            env.put(registers.number(r.name()), value);
                        } else {
                            define(r.name(), new Expr.Copy(value));
                        }
                    } else {
                        define(r.name(), operation(s.value()));
                    }
                }
                case LExp.Mem m -> {
                    Atom address = atom(m.address());
                    store(m, address, operand(s.value()));
                }
                case LExp.Subreg r -> throw unsupported("SUBREG has no form in the functional IR (seed 004 §4.4)");
                default -> throw unsupported("a SET target must be MEM or REG");
            }
        }

        /**
         * Seed 000 §"Construction": a predicated definition p ? r = e becomes r₂ = e under p, then
         * r₃ = ψ(1 ? r₁, p ? r₂), where r₁ is r's renaming before the definition; r₃ becomes r's renaming. The
         * seed guards r₁ by the predicate of its own definition, which is always true here: every predicated
         * definition is followed by its ψ, so r's renaming is never a guarded variable. LIR writes p ? r = e as
         * {@code (SET r (IF c e r))} (p = c) or {@code (SET r (IF c r e))} (p = ¬c). A select whose arms are both
         * other values, {@code (SET r (IF c a b))} with a lazy arm, is the pair c ? r = a, ¬c ? r = b: the ψ merges
         * the two, r₁ is overridden on every path and is left out. With copy folding an atom arm is its own r₂.
         * Answers false, writing nothing, for a select that {@link TreeDivision#isPredicatedSelect} rejects.
         */
        private boolean predicated(LExp.Reg r, LExp.If select) {
            if (!TreeDivision.isPredicatedSelect(r, select)) {
                return false;
            }
            boolean thenKeeps = TreeDivision.isRegister(select.then(), r);
            boolean elseKeeps = TreeDivision.isRegister(select.otherwise(), r);
            Type.Data type = data(select.type());
            Atom condition = atom(select.condition());
            Vector<Expr.Psi.Arg> args = thenKeeps || elseKeeps
                    ? Vector.of(new Expr.Psi.Arg(literal(Type.I32, BigInteger.ONE), atom(r)))
                    : Vector.empty();
            if (!thenKeeps) {
                args = args.append(new Expr.Psi.Arg(condition, definedUnder(condition, r, type, select.then())));
            }
            if (!elseKeeps) {
                Atom negation = temporary("not", new Expr.Prim(Op.TSTEQ, Type.I32,
                        Vector.of(condition, literal((Type.Data) condition.type(), BigInteger.ZERO))));
                args = args.append(new Expr.Psi.Arg(negation, definedUnder(negation, r, type, select.otherwise())));
            }
            define(r.name(), new Expr.Psi(type, args));
            return true;
        }

        /** The value of {@code p ? r = e}: a new variable defined under p, or with copy folding an atom e itself. */
        private Atom definedUnder(Atom p, LExp.Reg r, Type.Data type, LExp e) {
            if (isAtom(e) && copyFolding) {
                return atom(e);
            }
            Atom.Var defined = names.fresh(r.name(), type);
            lets.add(Let.of(defined, isAtom(e) ? new Expr.Copy(atom(e)) : operation(e)).withGuard(Guard.when(p)));
            return defined;
        }

        private void call(Stmt.Call c) {
            Atom function = atom(c.function());
            Vector<Atom> args = operands(c.args());
            Vector<Type.Data> results = c.receivers().map(r -> data(r.type()));
            Vector<Atom.Var> vars = c.receivers().map(r -> r instanceof LExp.Reg reg
                    ? names.fresh(reg.name(), data(r.type())) : names.fresh("result", data(r.type())));
            Atom.Var next = names.fresh(memoryName, Type.MEM);
            lets.add(Let.of(vars.append(next), new Expr.Call(function, args, mem(), results)));
            env.put(memory, next);
            receive(c.receivers(), vars);
        }

        private void prologue(Stmt.Prologue p) {
            Vector<Atom.Var> params = p.params().map(r -> r instanceof LExp.Reg reg
                    ? names.fresh(reg.name(), data(r.type())) : names.fresh("param", data(r.type())));
            Atom.Var initial = names.fresh(memoryName, Type.MEM);
            env.put(memory, initial);
            functionParams = Option.of(params.append(initial));
            receive(p.params(), params);
        }

        /** Assigns the values to the receivers in order: registers take them, MEMs are stored to. */
        private void receive(Vector<LExp> receivers, Vector<Atom.Var> values) {
            for (int i = 0; i < receivers.size(); i++) {
                switch (receivers.get(i)) {
                    case LExp.Reg r -> env.put(registers.number(r.name()), values.get(i));
                    case LExp.Mem m -> store(m, atom(m.address()), values.get(i));
                    default -> throw unsupported("a receiver must be REG or MEM");
                }
            }
        }

        private void store(LExp.Mem target, Atom address, Atom value) {
            Atom.Var next = names.fresh(memoryName, Type.MEM);
            lets.add(Let.of(next, new Expr.Store(data(target.type()), mem(), address, value, access(target))));
            env.put(memory, next);
        }

        /** Binds a new version of the register to the expression's value: the register's current value. */
        private void define(String register, Expr expr) {
            Atom.Var v = names.fresh(register, valueType(expr));
            lets.add(Let.of(v, expr));
            env.put(registers.number(register), v);
        }

        private Atom.Var temporary(String purpose, Expr expr) {
            Atom.Var v = names.fresh(purpose, valueType(expr));
            lets.add(Let.of(v, expr));
            return v;
        }

        /** An atom, or an aggregate MEM loaded whole into a temporary. */
        private Atom operand(LExp e) {
            if (e instanceof LExp.Mem m && m.type() instanceof LirType.Aggregate) {
                Atom address = atom(m.address());
                return temporary("aggregate", load(m, address));
            }
            return atom(e);
        }

        /**
         * The operands in order: first every atom and every aggregate's address, then the aggregates' loads, the
         * order of the division's statements and then of their lowering.
         */
        private Vector<Atom> operands(Vector<LExp> es) {
            Atom[] atoms = new Atom[es.size()];
            for (int k = 0; k < atoms.length; k++) {
                atoms[k] = atom(es.get(k) instanceof LExp.Mem m && m.type() instanceof LirType.Aggregate
                        ? m.address() : es.get(k));
            }
            for (int k = 0; k < atoms.length; k++) {
                if (es.get(k) instanceof LExp.Mem m && m.type() instanceof LirType.Aggregate) {
                    atoms[k] = temporary("aggregate", load(m, atoms[k]));
                }
            }
            return Vector.of(atoms);
        }

        /** The one operation of a statement's right side, over the atoms its operands are divided into. */
        private Expr operation(LExp e) {
            if (isAtom(e)) {
                return new Expr.Copy(atom(e));
            }
            e.pushOperands(children);
            LExp[] divided = new LExp[children.size()];
            for (int k = divided.length - 1; k >= 0; k--) {
                divided[k] = children.pop();
            }
            Atom[] atoms = new Atom[divided.length];
            for (int k = 0; k < atoms.length; k++) {
                atoms[k] = atom(divided[k]);
            }
            return operation(e, atoms);
        }

        /** The operation {@code e} over the given atoms for its operands. */
        private Expr operation(LExp e, Atom[] operands) {
            return switch (e) {
                case LExp.Binary b -> new Expr.Prim(b.op(), data(b.type()), Vector.of(operands[0], operands[1]));
                case LExp.Unary u -> new Expr.Prim(u.op(), data(u.type()), Vector.of(operands[0]));
                case LExp.Mem m -> load(m, operands[0]);
                case LExp.If i -> new Expr.Select(data(i.type()), operands[0], operands[1], operands[2]);
                case LExp.Subreg s -> throw unsupported("SUBREG has no form in the functional IR (seed 004 §4.4)");
                default -> throw unsupported("not an operation: " + LirPrinter.print(e));
            };
        }

        private Expr.Load load(LExp.Mem m, Atom address) {
            return new Expr.Load(data(m.type()), mem(), address, access(m));
        }

        /** The test {@code a != 0} of a JUMPC whose test is not a comparison. */
        private Atom notZero(Atom a) {
            Atom zero = a.type().isFloat()
                    ? new Atom.FloatLit((Type.Data) a.type(), 0.0)
                    : literal((Type.Data) a.type(), BigInteger.ZERO);
            return temporary("cond", new Expr.Prim(Op.TSTNE, Type.I32, Vector.of(a, zero)));
        }

        /**
         * The value of {@code e} as an atom: a leaf itself, an operation a temporary bound to it, its operands
         * first, left to right and inner before outer. The tree is walked with explicit stacks.
         */
        private Atom atom(LExp e) {
            if (TreeDivision.isAtom(e)) {
                return leaf(e);
            }
            pending.push(e);
            pendingState.add(UNDIVIDED);
            while (!pending.isEmpty()) {
                LExp x = pending.pop();
                int arity = pendingState.pop();
                if (arity != UNDIVIDED) { // its operands are divided: bind its operation over them
                    Atom[] operands = new Atom[arity];
                    for (int k = arity - 1; k >= 0; k--) {
                        operands[k] = values.pop();
                    }
                    if (!(x.type() instanceof LirType.Int || x.type() instanceof LirType.Float)) {
                        throw unsupported("no temporary of type " + x.type()
                                + " (only integers and floats live in registers)");
                    }
                    values.push(temporary(TEMPORARY, operation(x, operands)));
                } else if (TreeDivision.isAtom(x)) {
                    values.push(leaf(x));
                } else { // itself once divided, under its operands, the first on top
                    x.pushOperands(children);
                    pending.push(x);
                    pendingState.add(children.size());
                    while (!children.isEmpty()) {
                        pending.push(children.pop());
                        pendingState.add(UNDIVIDED);
                    }
                }
            }
            return values.pop();
        }

        private Atom leaf(LExp e) {
            return switch (e) {
                case LExp.Reg r -> env.value(registers.number(r.name()));
                case LExp.IntConst c -> literal(data(c.type()), c.value());
                case LExp.FloatConst c -> new Atom.FloatLit(data(c.type()), c.value());
                case LExp.Static s -> new Atom.Addr(Atom.Space.STATIC, s.name(), data(s.type()));
                case LExp.Frame f -> new Atom.Addr(Atom.Space.FRAME, f.name(), data(f.type()));
                case LExp.Label l -> throw unsupported("a code label used as a value");
                default -> throw unsupported("not an atom: " + LirPrinter.print(e));
            };
        }

        private Atom.IntLit literal(Type.Data type, BigInteger value) {
            return literals.of(type, value);
        }

        private Atom mem() {
            return env.value(memory);
        }

        private IllegalArgumentException unsupported(String what) {
            return new IllegalArgumentException("function " + form.name() + ": statement "
                    + LirPrinter.print(current) + ": " + what);
        }
    }

    /** The state of a node of the division whose operands are not divided yet. */
    private static final int UNDIVIDED = -1;

    private static boolean isAtom(LExp e) {
        return switch (e) {
            case LExp.Reg r -> true;
            case LExp.IntConst c -> true;
            case LExp.FloatConst c -> true;
            case LExp.Static s -> true;
            case LExp.Frame f -> true;
            default -> false;
        };
    }

    /** The type of the one value of an expression other than a store or a call: resultTypes() without a vector. */
    private static Type valueType(Expr expr) {
        return switch (expr) {
            case Expr.Copy c -> c.value().type();
            case Expr.Prim p -> p.type();
            case Expr.Select s -> s.type();
            case Expr.Load l -> l.type();
            case Expr.Psi p -> p.type();
            case Expr.Store s -> throw new IllegalArgumentException("a store makes a memory token, not a value");
            case Expr.Call c -> throw new IllegalArgumentException("a call makes results and a memory token");
        };
    }

    private static Type.Data data(LirType type) {
        return Type.of(type);
    }

    private static Access access(LExp.Mem m) {
        return new Access(m.isVolatile(), m.noSafe(), m.align());
    }
}
