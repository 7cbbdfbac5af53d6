package org.funssa.destruct.lir;

/*
 * Source: seed 003 §6.2 "Destruction of SSA" (once argument lists and parameter lists coincide, parameters
 * and arguments are erased into plain assignments) and seed 004 §5.4.6 "Preprocessing for temporary
 * variables" (a block-local temporary used once is substituted into its use, so the LIR has trees again).
 * The output is normal-form LIR as seed 004 chapter 2 and shared/LIR.md describe it: PROLOGUE first, a
 * DEFLABEL per block, one EPILOGUE last, no PHI; a block whose jump goes to the next block falls through.
 */

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.core.names.NameSet;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.prep.Statements;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.VarNames;
import org.funssa.destruct.conventional.Conventional;

/**
 * Writes a program in {@link Conventional conventional form} as a normal-form LIR module. Each variable of a
 * value type becomes a register of its name; memory tokens vanish (a load is a {@code MEM} read, a store a
 * {@code SET} of a {@code MEM}); each local function becomes a {@code DEFLABEL}ed block; every {@code return}
 * assigns the result registers and jumps to the one {@code EPILOGUE}. The function's {@code SYMTAB} keeps its
 * non-register symbols and the registers still used, and declares the new ones. Data, global symbols and
 * symbol options pass through unchanged.
 *
 * <p>Replace by expression: a variable bound once by a pure expression (a copy, an operator, a select or a
 * plain load) and used once, later in the same block, is written into its use instead of into a register,
 * unless something between would change its value (an assignment to a register it reads) or its effect (a
 * store or call between a load or a division and the use). A variable used more than once, all in its own
 * block, is rematerialized the same way: its expression is written into each use, as long as it neither
 * traps nor is volatile, so that sharing a value (as {@code cse} makes it) costs no register assignment where
 * recomputing it in the tree costs none either. A variable bound to an operator on constants and addresses
 * only (such as a field's address {@code @s + 8}) reads nothing that could change, and is written into its
 * uses in every block. {@link Form#THREE_ADDRESS} replaces nothing.
 *
 * <p>As trees, a function with one {@code return} of registers or constants returns them in its {@code EPILOGUE}
 * directly, as COINS writes it, instead of assigning them to result registers first.
 *
 * <p>What a COINS back end reads back: the module's register symbols (a {@code .before.lir} lists every x86_64
 * machine register) are kept only where a function uses them; labels of COINS's own form {@code .L<n>}, which
 * the back end makes anew and then finds taken, are renamed {@code _L<n>}; and an aggregate variable's new frame
 * slot takes the alignment and attributes of the frame symbol it comes from, when its name hint is one.
 */
public final class LirWriter {

    /** The type of code addresses on x86_64 (shared/LIR.md). */
    private static final LirType LABEL_TYPE = LirType.I64;
    /** The labels a COINS back end makes for its own blocks, and so finds taken if a module already has them. */
    private static final Pattern COINS_LABEL = Pattern.compile("\\.L[0-9]+");
    /** Alignment of the frame slots that hold aggregate variables: the largest scalar's, as x86_64 aligns. */
    private static final long AGGREGATE_ALIGNMENT = 8;

    private LirWriter() {}

    /** How right-hand sides are written. */
    public enum Form {
        /** With replace-by-expression: LIR trees again, as COINS writes after SSA (seed 004 §5.4.6). */
        TREES,
        /**
         * One operator per right-hand side, every intermediate value in a register: seed 004 §6.9's
         * three-address code, which pass strings ask for with {@code divex}. The IR is already divided (every
         * operand is an atom), so this form is the IR written as it is.
         */
        THREE_ADDRESS
    }

    /**
     * The LIR module of a program in conventional form, as trees.
     *
     * @throws IllegalArgumentException if a jump's arguments are not its target's parameters
     */
    public static Module write(Program program) {
        return write(program, Form.TREES);
    }

    /**
     * The LIR module of a program in conventional form, its right-hand sides written in {@code form}.
     *
     * @throws IllegalArgumentException if a jump's arguments are not its target's parameters
     */
    public static Module write(Program program, Form form) {
        Conventional.violation(program).forEach(v -> {
            throw new IllegalArgumentException(v);
        });
        Vector<Module.Function> functions = program.functions().map(f -> new FunctionWriter(f, form).write());
        Set<String> used = new HashSet<>();
        functions.forEach(f -> f.body().forEach(statement -> Statements.forEachNode(statement, e -> {
            if (e instanceof LExp.Reg reg) {
                used.add(reg.name());
            }
        })));
        Vector<Symbol> symbols = program.symbols().filter(s -> !(s instanceof Symbol.Reg) || used.contains(s.name()));
        return new Module(program.name(), symbols, Vector.<Module.Item>narrow(program.data()).appendAll(functions));
    }

    /** A pending replacement: the expression a variable stands for, the registers it reads, and its hazards. */
    private record Pending(Atom.Var var, LExp expression, Set<String> reads, boolean sensitive) {}

    /** The expression of an operand, with the pending replacements it consumed. */
    private record Operand(LExp expression, Set<String> reads, boolean sensitive) {}

    /** Writes one function. */
    private static final class FunctionWriter {
        private final Function function;
        private final Form form;
        /** The function's bodies, written in preorder: a block before the blocks it dominates. */
        private final Nest nest;
        /** The variables' names, which become their registers' (the hints, where no two variables share one). */
        private final VarNames names;
        /** The {@link #useBody} of a variable used in more than one body. */
        private static final int MIXED = -1;
        private final Map<String, Integer> bindings = new HashMap<>();
        /** Each variable's name hint, by the name it is written under. */
        private final Map<String, String> hints = new HashMap<>();
        private final Map<String, Integer> uses = new HashMap<>();
        /** The body (by preorder number) of each variable's uses, or {@link #MIXED} if they are in several. */
        private final Map<String, Integer> useBody = new HashMap<>();
        /** The labels of COINS's form, by their new names. */
        private final Map<String, String> renamed = new HashMap<>();
        /** The expressions of the variables bound to operators on constants, which every use is given. */
        private final Map<String, LExp> closed = new HashMap<>();
        /** How many uses each pending replacement of the current block has still to serve. */
        private final Map<String, Integer> remaining = new HashMap<>();
        private final Map<String, LirType> registers = new LinkedHashMap<>();
        private final Map<LirType, String> undefined = new HashMap<>();
        /** The names of the function's symbols, variables and labels, and of the registers and labels added. */
        private final NameSet taken = new NameSet();
        private final NameSupply fresh = NameSupply.avoiding(() -> taken);
        private final List<Stmt> out = new ArrayList<>();
        private final Vector<LExp> results;
        /** What the EPILOGUE returns: the result registers, or the values of the one return. */
        private Vector<LExp> returned;
        private int returns;
        private final String epilogue;

        FunctionWriter(Function function, Form form) {
            this.function = function;
            this.form = form;
            this.nest = Nest.of(function);
            this.names = VarNames.of(function, function.symbols().filter(s -> !(s instanceof Symbol.Reg))
                    .map(Symbol::name).toSet());
            function.symbols().forEach(s -> taken.add(s.name()));
            count();
            Vector<LExp> rs = Vector.empty();
            for (Type t : function.results()) {
                if (t instanceof Type.Data d) {
                    rs = rs.append(register(fresh.fresh("returnvalue.", "%"), d.lir()));
                }
            }
            this.results = rs;
            this.returned = rs;
            this.epilogue = fresh.fresh("_epilogue");
        }

        /** Binding and use counts, and the body (by preorder number) of each variable's last use. */
        private void count() {
            function.params().forEach(this::bind);
            for (int node = 0; node < nest.size(); node++) {
                int here = node;
                if (node != Nest.ROOT) {
                    taken.add(nest.fn(node).label().name());
                    nest.params(node).forEach(this::bind);
                }
                Body body = nest.body(node);
                for (Let let : body.lets()) {
                    let.expr().operands().forEach(a -> use(a, here));
                    let.vars().forEach(this::bind);
                }
                body.tail().operands().forEach(a -> use(a, here));
                if (body.tail() instanceof Tail.Return) {
                    returns++;
                }
            }
        }

        private void bind(Atom.Var var) {
            String name = names.name(var);
            bindings.merge(name, 1, Integer::sum);
            hints.putIfAbsent(name, var.hint());
            taken.add(name);
        }

        private void use(Atom a, int body) {
            if (a instanceof Atom.Var v) {
                uses.merge(names.name(v), 1, Integer::sum);
                useBody.merge(names.name(v), body, (first, next) -> first.equals(next) ? first : MIXED);
            }
        }

        Module.Function write() {
            out.add(new Stmt.Prologue(0, 0, function.params().flatMap(p -> p.type() instanceof Type.Data d
                    ? Option.of((LExp) register(names.name(p), d.lir())) : Option.none())));
            for (int node = 0; node < nest.size(); node++) {
                if (node != Nest.ROOT) {
                    out.add(new Stmt.DefLabel(labelName(nest.fn(node).label().name())));
                }
                block(nest.body(node), node);
            }
            out.add(new Stmt.DefLabel(epilogue));
            for (int i = 0; i < results.size(); i++) {
                if (returned.get(i) != results.get(i) && results.get(i) instanceof LExp.Reg r) {
                    registers.remove(r.name());
                }
            }
            out.add(new Stmt.Epilogue(0, 0, returned));
            return new Module.Function(function.name(), symbols(), fallThrough(out));
        }

        /**
         * The statements without the jumps to the label that follows them: such a block falls through, as in
         * COINS's own front-end output, instead of spending an instruction on a jump to the next statement.
         */
        private static Vector<Stmt> fallThrough(List<Stmt> code) {
            Vector<Stmt> kept = Vector.empty();
            for (int i = 0; i < code.size(); i++) {
                if (!(code.get(i) instanceof Stmt.Jump(LExp.Label target) && i + 1 < code.size()
                        && code.get(i + 1) instanceof Stmt.DefLabel(String next) && target.name().equals(next))) {
                    kept = kept.append(code.get(i));
                }
            }
            return kept;
        }

        /** The function's symbols: its non-registers, the registers still used, then the new registers. */
        private Vector<Symbol> symbols() {
            Map<String, LirType> declared = new LinkedHashMap<>(registers);
            Vector<Symbol> kept = Vector.empty();
            for (Symbol s : function.symbols()) {
                if (!(s instanceof Symbol.Reg r)) {
                    kept = kept.append(s);
                } else if (r.type().equals(declared.get(r.name()))) {
                    kept = kept.append(r);
                    declared.remove(r.name());
                }
            }
            for (Map.Entry<String, LirType> e : declared.entrySet()) {
                LirType type = e.getValue();
                kept = kept.append(type instanceof LirType.Aggregate ? slot(e.getKey(), type)
                        : new Symbol.Reg(e.getKey(), type, Math.max(1, type.bytes()), 0, Vector.empty()));
            }
            return kept;
        }

        /**
         * The frame slot of an aggregate variable: with the alignment and attributes of the frame symbol its name
         * hint names (a structure parameter keeps its declaration's), else aligned as {@link #AGGREGATE_ALIGNMENT}.
         */
        private Symbol.Frame slot(String name, LirType type) {
            String hint = hints.get(name);
            for (Symbol s : function.symbols()) {
                if (s instanceof Symbol.Frame origin && origin.name().equals(hint) && origin.type().equals(type)) {
                    return new Symbol.Frame(name, type, origin.align(), 0, origin.options());
                }
            }
            return new Symbol.Frame(name, type, AGGREGATE_ALIGNMENT, 0, Vector.empty());
        }

        /**
         * Where variable {@code name} lives: a register, or, for an aggregate (a structure passed or returned
         * by value), a frame slot read and written through {@code MEM}, as LIR keeps aggregates in memory.
         */
        private LExp register(String name, LirType type) {
            LirType before = registers.putIfAbsent(name, type);
            if (before != null && !before.equals(type)) {
                throw new IllegalArgumentException("function " + function.name() + ": variable " + name
                        + " is bound with types " + before + " and " + type);
            }
            return type instanceof LirType.Aggregate
                    ? LExp.Mem.of(type, new LExp.Frame(LABEL_TYPE, name))
                    : new LExp.Reg(type, name);
        }

        /** The lets and tail of one block, with replace-by-expression. */
        private void block(Body body, int id) {
            LinkedHashMap<String, Pending> pending = new LinkedHashMap<>();
            for (Let let : body.lets()) {
                Set<String> writes = new HashSet<>();
                let.vars().forEach(v -> {
                    if (v.type() instanceof Type.Data) {
                        writes.add(names.name(v));
                    }
                });
                boolean effect = switch (let.expr()) {
                    case Expr.Store s -> true;
                    case Expr.Call c -> true;
                    case Expr.Load l -> l.access().isVolatile() || l.access().noSafe();
                    default -> false;
                };
                if (isClosed(let)) {
                    closed.put(names.name(let.vars().get(0)), expression(let.expr(), pending).expression());
                    continue;
                }
                if (foldable(let, id)) {
                    Atom.Var x = let.vars().get(0);
                    remaining.put(names.name(x), uses.get(names.name(x)));
                    Operand e = expression(let.expr(), pending);
                    Set<String> reads = new HashSet<>(e.reads());
                    boolean sensitive = e.sensitive() || switch (let.expr()) {
                        case Expr.Load l -> true;
                        case Expr.Prim p -> traps(p.op());
                        default -> false;
                    };
                    pending.put(names.name(x), new Pending(x, e.expression(), reads, sensitive));
                    continue;
                }
                // A replacement this let spoils is assigned before it unless the let itself is its last use (the
                // let reads its operands before its effect): the let then reads the register, as later uses do.
                for (Iterator<Pending> it = pending.values().iterator(); it.hasNext(); ) {
                    Pending p = it.next();
                    int here = let.expr().operands().count(p.var()::equals);
                    if (spoils(effect, writes, p) && remaining.get(names.name(p.var())) > here) {
                        out.add(set(p.var(), p.expression()));
                        it.remove();
                    }
                }
                out.addAll(statements(let, pending).asJava());
            }
            Vector<Stmt> tail = tail(body.tail(), pending);
            for (Pending p : pending.values()) {
                out.add(set(p.var(), p.expression()));
            }
            out.addAll(tail.asJava());
        }

        /** Whether a let with {@code effect} that assigns {@code writes} changes what {@code p} stands for. */
        private static boolean spoils(boolean effect, Set<String> writes, Pending p) {
            return effect && p.sensitive() || p.reads().stream().anyMatch(writes::contains);
        }

        private boolean foldable(Let let, int id) {
            if (form == Form.THREE_ADDRESS || let.vars().size() != 1
                    || !(let.vars().get(0).type() instanceof Type.Data)) {
                return false;
            }
            String x = names.name(let.vars().get(0));
            boolean pure = switch (let.expr()) {
                case Expr.Copy c -> !(c.value() instanceof Atom.Undef);
                case Expr.Prim p -> true;
                case Expr.Select s -> true;
                case Expr.Load l -> !l.access().isVolatile() && !l.access().noSafe();
                case Expr.Store s -> false;
                case Expr.Call c -> false;
                case Expr.Psi p -> throw psiCode();
            };
            int n = uses.getOrDefault(x, 0);
            boolean repeatable = n == 1 || !(let.expr() instanceof Expr.Prim p && traps(p.op()));
            return pure && repeatable && bindings.getOrDefault(x, 0) == 1 && n >= 1 && useBody.get(x) == id;
        }

        /** Whether a let binds one variable, once, to a pure operator whose operands are all constants. */
        private boolean isClosed(Let let) {
            if (form == Form.THREE_ADDRESS || let.vars().size() != 1 || !(let.vars().get(0).type() instanceof Type.Data)
                    || bindings.getOrDefault(names.name(let.vars().get(0)), 0) != 1) {
                return false;
            }
            boolean pure = switch (let.expr()) {
                case Expr.Prim p -> !traps(p.op());
                case Expr.Select s -> true;
                default -> false;
            };
            return pure && let.expr().operands().forAll(a -> switch (a) {
                case Atom.Var v -> closed.containsKey(names.name(v));
                case Atom.Undef u -> false;
                default -> true;
            });
        }

        private static boolean traps(Op op) {
            return op == Op.DIVS || op == Op.DIVU || op == Op.MODS || op == Op.MODU;
        }

        private Stmt set(Atom.Var x, LExp value) {
            LirType t = ((Type.Data) x.type()).lir();
            return new Stmt.Set(t, register(names.name(x), t), value);
        }

        /** The statements of a let that is written out (not replaced into its use). */
        private Vector<Stmt> statements(Let let, Map<String, Pending> pending) {
            return switch (let.expr()) {
                case Expr.Copy c -> let.vars().get(0).type() instanceof Type.Data && !(c.value() instanceof Atom.Undef)
                        ? Vector.of(set(let.vars().get(0), expression(c, pending).expression())) : Vector.empty();
                case Expr.Prim p -> Vector.of(set(let.vars().get(0), expression(p, pending).expression()));
                case Expr.Select s -> Vector.of(set(let.vars().get(0), expression(s, pending).expression()));
                case Expr.Load l -> Vector.of(set(let.vars().get(0), expression(l, pending).expression()));
                case Expr.Store s -> {
                    LExp address = operand(s.address(), pending).expression();
                    LExp value = operand(s.value(), pending).expression();
                    yield Vector.of(new Stmt.Set(s.type().lir(), memory(s.type(), address, s.access()), value));
                }
                case Expr.Call c -> {
                    LExp f = operand(c.function(), pending).expression();
                    Vector<LExp> args = c.args().filter(a -> a.type() instanceof Type.Data)
                            .map(a -> operand(a, pending).expression());
                    Vector<LExp> receivers = let.vars().init()
                            .map(v -> register(names.name(v), ((Type.Data) v.type()).lir()));
                    yield Vector.of(new Stmt.Call(f, args, receivers));
                }
                case Expr.Psi p -> throw psiCode();
            };
        }

        private static LExp.Mem memory(Type.Data type, LExp address, org.funssa.cps.ir.Access access) {
            return new LExp.Mem(type.lir(), address, access.isVolatile(), access.noSafe(), access.align());
        }

        /** The expression of a pure right-hand side, consuming the pending replacements of its operands. */
        private Operand expression(Expr e, Map<String, Pending> pending) {
            Vector<Operand> ops = switch (e) {
                case Expr.Load l -> Vector.of(operand(l.address(), pending));
                default -> e.operands().map(a -> operand(a, pending));
            };
            Set<String> reads = new HashSet<>();
            boolean sensitive = false;
            for (Operand o : ops) {
                reads.addAll(o.reads());
                sensitive |= o.sensitive();
            }
            LExp x = switch (e) {
                case Expr.Copy c -> ops.get(0).expression();
                case Expr.Prim p -> p.op().arity() == 1
                        ? new LExp.Unary(p.op(), p.type().lir(), ops.get(0).expression())
                        : new LExp.Binary(p.op(), p.type().lir(), ops.get(0).expression(), ops.get(1).expression());
                case Expr.Select s -> new LExp.If(s.type().lir(), ops.get(0).expression(), ops.get(1).expression(),
                        ops.get(2).expression());
                case Expr.Load l -> memory(l.type(), ops.get(0).expression(), l.access());
                case Expr.Store s -> throw new IllegalStateException("a store is not an expression");
                case Expr.Call c -> throw new IllegalStateException("a call is not an expression");
                case Expr.Psi p -> throw psiCode();
            };
            return new Operand(x, reads, sensitive);
        }

        /** Conventional form rejects ψ-SSA before a writer is made: a ψ here is a broken invariant. */
        private static IllegalStateException psiCode() {
            return new IllegalStateException("a ψ reached the LIR writer: Conventional.violation rejects ψ-SSA code");
        }

        private Operand operand(Atom a, Map<String, Pending> pending) {
            return switch (a) {
                case Atom.Var v -> {
                    LExp constant = closed.get(names.name(v));
                    if (constant != null) {
                        yield new Operand(constant, Set.of(), false);
                    }
                    Pending p = pending.get(names.name(v));
                    if (p != null) {
                        if (remaining.merge(names.name(v), -1, Integer::sum) == 0) {
                            pending.remove(names.name(v));
                        }
                        yield new Operand(p.expression(), p.reads(), p.sensitive());
                    }
                    if (!(v.type() instanceof Type.Data d)) {
                        throw new IllegalArgumentException("function " + function.name() + ": memory token "
                                + names.name(v) + " used as a value");
                    }
                    yield new Operand(register(names.name(v), d.lir()), Set.of(names.name(v)), false);
                }
                case Atom.IntLit i -> new Operand(new LExp.IntConst((LirType.Int) i.type().lir(), i.value()),
                        Set.of(), false);
                case Atom.FloatLit f -> new Operand(new LExp.FloatConst((LirType.Float) f.type().lir(), f.value()),
                        Set.of(), false);
                case Atom.Addr ad -> new Operand(ad.space() == Atom.Space.STATIC
                        ? new LExp.Static(ad.type().lir(), ad.symbol()) : new LExp.Frame(ad.type().lir(), ad.symbol()),
                        Set.of(), false);
                case Atom.Undef u -> {
                    LirType t = ((Type.Data) u.type()).lir();
                    String name = undefined.computeIfAbsent(t, k -> fresh.fresh("undefined.", "%"));
                    yield new Operand(register(name, t), Set.of(), false);
                }
            };
        }

        private Vector<Stmt> tail(Tail tail, Map<String, Pending> pending) {
            return switch (tail) {
                case Tail.Jump j -> Vector.of(jump(j));
                case Tail.Branch b -> {
                    LExp c = operand(b.condition(), pending).expression();
                    LExp test = c instanceof LExp.Binary bin && isTest(bin.op()) ? c
                            : new LExp.Binary(Op.TSTNE, c.type(), c, new LExp.IntConst((LirType.Int) c.type(),
                            BigInteger.ZERO));
                    yield Vector.of(new Stmt.JumpC(test, label(b.ifTrue()), label(b.ifFalse())));
                }
                case Tail.Switch s -> {
                    LExp v = operand(s.value(), pending).expression();
                    Vector<Stmt.Case> cases = s.cases().map(c -> new Stmt.Case(
                            new LExp.IntConst((LirType.Int) v.type(), c.value()), label(c.target())));
                    yield Vector.of(new Stmt.JumpN(v, cases, label(s.otherwise())));
                }
                case Tail.Return r -> {
                    Vector<Stmt> code = Vector.empty();
                    Vector<Atom> values = r.values().filter(a -> a.type() instanceof Type.Data);
                    for (int i = 0; i < values.size(); i++) {
                        LExp to = results.get(i);
                        LExp value = operand(values.get(i), pending).expression();
                        if (form == Form.TREES && returns == 1 && isLeaf(value) && to instanceof LExp.Reg) {
                            returned = returned.update(i, value);
                        } else {
                            code = code.append(new Stmt.Set(to.type(), to, value));
                        }
                    }
                    yield code.append(new Stmt.Jump(new LExp.Label(LABEL_TYPE, epilogue)));
                }
            };
        }

        /**
         * Whether an expression may stand in the EPILOGUE instead of the result register: a register or a
         * constant, whose value at the one return's jump is its value at the EPILOGUE (nothing runs between).
         */
        private static boolean isLeaf(LExp e) {
            return e instanceof LExp.Reg || e instanceof LExp.IntConst || e instanceof LExp.FloatConst;
        }

        private static boolean isTest(Op op) {
            return switch (op) {
                case TSTEQ, TSTNE, TSTLTS, TSTLES, TSTGTS, TSTGES, TSTLTU, TSTLEU, TSTGTU, TSTGEU -> true;
                default -> false;
            };
        }

        private Stmt jump(Tail.Jump j) {
            return new Stmt.Jump(label(j));
        }

        private LExp.Label label(Tail.Jump j) {
            return new LExp.Label(LABEL_TYPE, labelName(j.target().name()));
        }

        /** A local function's label as written: one of COINS's own form {@code .L<n>} becomes {@code _L<n>}. */
        private String labelName(String label) {
            if (!COINS_LABEL.matcher(label).matches()) {
                return label;
            }
            return renamed.computeIfAbsent(label, l -> {
                String name = "_L" + l.substring(2);
                return taken.add(name) ? name : fresh.fresh(name + "_");
            });
        }
    }
}
