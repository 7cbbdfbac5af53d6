package org.funssa.core.interp;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.interp.libc.LibraryFunction;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;

/**
 * Compiles one LIR function into a {@link CompiledFunction}: a closure per L-expression node
 * ({@link Expr}), an {@link Instr} per statement, labels resolved to statement indices. A construct the
 * interpreter cannot execute becomes a statement that fails with a clear message when reached, so the
 * rest of the module still runs. Expression trees are compiled recursively: their depth is that of a C
 * expression, not of the program.
 */
final class FunctionCompiler {

    /** What the compiler needs to know of the module. */
    interface Context {
        /** A module function of that name, if there is one. */
        CompiledFunction function(String name);

        /** The library function of that name, if the library has it. */
        LibraryFunction library(String name);

        /** The address of a static symbol; throws a trap if there is none. */
        long address(String name);
    }

    /** Which register array a slot is in. */
    private enum Bank { INT, FLOAT, INT128, FLOAT128 }

    private record Slot(Bank bank, int index, int bits) {}

    private final CompiledFunction out;
    private final Module.Function fn;
    private final Module module;
    private final Context context;
    private final Map<String, Slot> registers = new HashMap<>();
    private final Map<String, LirType> declaredRegisters = new HashMap<>();
    private final Map<String, Long> frameOffsets = new HashMap<>();
    private final Map<String, Integer> labels = new HashMap<>();
    private final Map<String, Integer> blockOf = new HashMap<>();
    private final List<Instr> traps = new ArrayList<>();
    /** Expressions nested deeper than this are evaluated on an explicit stack ({@link StackExpr}). */
    static final int MAX_CLOSURE_DEPTH = 200;

    /** Whether an expression's root is being compiled, so its depth has been checked. */
    private boolean nested;
    /** The statement being compiled, for the traps of missing labels. */
    private int currentSite;
    private int codeSize;
    private int intSlots;
    private int floatSlots;
    private int int128Slots;
    private int float128Slots;

    private FunctionCompiler(CompiledFunction out, Module module, Context context) {
        this.out = out;
        this.fn = out.source;
        this.module = module;
        this.context = context;
    }

    static void compile(CompiledFunction out, Module module, Context context) {
        new FunctionCompiler(out, module, context).run();
    }

    private void run() {
        for (Symbol s : module.symbols().appendAll(fn.symbols())) {
            if (s instanceof Symbol.Reg r) {
                declaredRegisters.put(r.name(), r.type());
            }
        }
        layOutFrame();
        Vector<Stmt> body = fn.body();
        // Pass 1: where each label's statement lands, and the blocks.
        List<String> blockNames = new ArrayList<>();
        blockNames.add("(entry)");
        int pc = 0;
        boolean fallsThrough = false;
        for (int i = 0; i < body.size(); i++) {
            Stmt s = body.get(i);
            switch (s) {
                case Stmt.Prologue p -> { }
                case Stmt.DefLabel d -> {
                    if (fallsThrough && startsWithPhi(body, i)) {
                        pc++; // a jump, so that the PHIs know where control came from
                    }
                    labels.put(d.name(), pc);
                    blockOf.put(d.name(), blockNames.size());
                    blockNames.add(d.name());
                }
                case Stmt.Use u -> { }
                case Stmt.Clobber c -> { }
                case Stmt.Line l -> { }
                case Stmt.Phi p -> {
                    if (!(body.get(i - 1) instanceof Stmt.Phi)) {
                        pc++;
                    }
                }
                default -> pc++;
            }
            if (!(s instanceof Stmt.DefLabel || s instanceof Stmt.Use || s instanceof Stmt.Clobber
                    || s instanceof Stmt.Line)) {
                fallsThrough = !s.endsBlock();
            }
        }
        codeSize = pc + 1; // the last statement: falling off the end
        out.blockNames = blockNames.toArray(new String[0]);

        // Pass 2: the instructions.
        List<Instr> code = new ArrayList<>();
        int block = 0;
        fallsThrough = false;
        for (int i = 0; i < body.size(); i++) {
            Stmt s = body.get(i);
            if (s instanceof Stmt.DefLabel d) {
                if (fallsThrough && startsWithPhi(body, i)) {
                    code.add(new Instr.Jump(Cost.NONE, i, code.size() + 1, block));
                }
                block = blockOf.get(d.name());
                continue;
            }
            if (s instanceof Stmt.Use || s instanceof Stmt.Clobber || s instanceof Stmt.Line) {
                continue;
            }
            fallsThrough = !s.endsBlock();
            if (s instanceof Stmt.Prologue p) {
                compilePrologue(p);
                continue;
            }
            if (s instanceof Stmt.Phi && body.get(i - 1) instanceof Stmt.Phi) {
                continue;
            }
            int next = code.size() + 1;
            int site = i;
            int currentBlock = block;
            currentSite = site;
            code.add(guarded(site, () -> compile(body, site, next, currentBlock)));
        }
        // at the last statement, the one control ran off: its position is where a report points
        code.add(new Instr.Trap(Math.max(0, body.size() - 1), RuntimeError.Kind.MISSING_LABEL,
                "control ran off the end of function '" + fn.name() + "' without an EPILOGUE"));
        code.addAll(traps);
        out.code = code.toArray(new Instr[0]);
        out.intSlots = intSlots;
        out.floatSlots = floatSlots;
        out.int128Slots = int128Slots;
        out.float128Slots = float128Slots;
        if (out.params == null) {
            out.params = new Target[0];
        }
    }

    private static boolean startsWithPhi(Vector<Stmt> body, int labelIndex) {
        return labelIndex + 1 < body.size() && body.get(labelIndex + 1) instanceof Stmt.Phi;
    }

    private Instr guarded(int site, java.util.function.Supplier<Instr> compile) {
        try {
            return compile.get();
        } catch (RuntimeTrap t) {
            return new Instr.Trap(site, t.kind(), t.getMessage());
        }
    }

    private void layOutFrame() {
        FrameLayout layout = FrameLayout.of(fn.symbols());
        layout.offsets().forEach(frameOffsets::put);
        out.frameSize = layout.size().getOrElse(-1L);
    }

    // ---------------------------------------------------------------- statements

    private void compilePrologue(Stmt.Prologue p) {
        try {
            out.params = p.params().map(this::target).toJavaArray(Target[]::new);
        } catch (RuntimeTrap t) {
            out.entryError = t;
            out.params = new Target[0];
        }
        out.prologueCost = steps(p);
    }

    private Instr compile(Vector<Stmt> body, int site, int next, int block) {
        Stmt s = body.get(site);
        Cost cost = cost(s);
        return switch (s) {
            case Stmt.Set set -> compileSet(set, cost, site, next);
            case Stmt.Jump j -> new Instr.Jump(cost, site, label(j.target()), block);
            case Stmt.JumpC j -> new Instr.JumpC(cost, site, condition(j.test()), label(j.ifTrue()),
                    label(j.ifFalse()), block);
            case Stmt.JumpN j when is128(j.value().type()) -> new Instr.JumpNInt128(cost, site, int128Expr(j.value()),
                    j.cases().map(c -> Int128.of(c.value().value())).toJavaArray(Int128[]::new),
                    j.cases().map(c -> label(c.target())).toJavaStream().mapToInt(Integer::intValue).toArray(),
                    label(j.otherwise()), block);
            case Stmt.JumpN j -> new Instr.JumpN(cost, site, intExpr(j.value()),
                    j.cases().map(c -> Arith.normalize(Math.min(64, j.value().type().bits()), c.value().bits()))
                            .toJavaStream().mapToLong(Long::longValue).toArray(),
                    j.cases().map(c -> label(c.target())).toJavaStream().mapToInt(Integer::intValue).toArray(),
                    label(j.otherwise()), block);
            case Stmt.Call c -> compileCall(c, cost, site);
            case Stmt.Epilogue e -> new Instr.Return(cost, site, e.results().map(this::source).toJavaArray(Source[]::new),
                    e.results().map(LExp::type).toJavaArray(LirType[]::new));
            case Stmt.Parallel p -> {
                Vector<Stmt.Set> sets = p.parts().map(part -> switch (part) {
                    case Stmt.Set set -> set;
                    default -> throw unsupported("PARALLEL of " + part.getClass().getSimpleName()
                            + " (only SETs can be parallel)");
                });
                yield new Instr.Parallel(cost, site, sets.map(x -> target(x.target())).toJavaArray(Target[]::new),
                        sets.map(x -> source(x.value())).toJavaArray(Source[]::new), next);
            }
            case Stmt.Phi p -> compilePhis(body, site, next);
            case Stmt.Prologue p -> throw unsupported("a second PROLOGUE");
            case Stmt.DefLabel d -> throw new IllegalStateException("labels are not compiled");
            case Stmt.Use u -> throw new IllegalStateException("USE is not compiled");
            case Stmt.Clobber c -> throw new IllegalStateException("CLOBBER is not compiled");
            case Stmt.Line l -> throw new IllegalStateException("LINE is not compiled");
        };
    }

    private Instr compileSet(Stmt.Set set, Cost cost, int site, int next) {
        LExp target = set.target();
        LExp value = set.value();
        if (is128(target.type()) || target instanceof LExp.Reg r && is128(slot(r))) {
            // I128 and F128 take the general path.
            return new Instr.Parallel(cost, site, new Target[] {target(target)}, new Source[] {source(value)}, next);
        }
        if (target instanceof LExp.Reg r) {
            Slot slot = slot(r);
            return slot.bank() == Bank.FLOAT
                    ? new Instr.SetFloat(cost, site, slot.index(), floatExpr(value), next)
                    : new Instr.SetInt(cost, site, slot.index(), intExpr(value), next);
        }
        if (target instanceof LExp.Mem m) {
            Expr.Int address = intExpr(m.address());
            return switch (m.type()) {
                case LirType.Int t -> new Instr.StoreInt(cost, site, t.bits(), address, intExpr(value), next);
                case LirType.Float t -> new Instr.StoreFloat(cost, site, t.bits(), address, floatExpr(value), next);
                case LirType.Aggregate t -> {
                    if (!(value instanceof LExp.Mem source)) {
                        throw unsupported("aggregate SET from " + show(value));
                    }
                    yield new Instr.CopyBlock(cost, site, t.bytes(), address, intExpr(source.address()), next);
                }
                case LirType.Unknown t -> throw unsupported("SET of UNKNOWN type");
            };
        }
        return new Instr.Parallel(cost, site, new Target[] {target(target)}, new Source[] {source(value)}, next);
    }

    private Instr compilePhis(Vector<Stmt> body, int first, int next) {
        Vector<Stmt.Phi> phis = body.drop(first).takeWhile(s -> s instanceof Stmt.Phi).map(s -> (Stmt.Phi) s);
        Vector<String> preds = phis.flatMap(p -> p.args().map(a -> a.predecessor().name())).distinct();
        Source[][] sources = new Source[preds.size()][];
        for (int k = 0; k < preds.size(); k++) {
            String pred = preds.get(k);
            sources[k] = phis.map(p -> p.args().find(a -> a.predecessor().name().equals(pred))
                    .map(a -> source(a.value()))
                    .getOrElseThrow(() -> unsupported("PHI for " + show(p.target()) + " has no argument for " + pred)))
                    .toJavaArray(Source[]::new);
        }
        int[] predBlocks = preds.map(p -> {
            Integer b = blockOf.get(p);
            if (b == null) {
                throw new RuntimeTrap(RuntimeError.Kind.MISSING_LABEL, "PHI names predecessor " + p
                        + ", which function '" + fn.name() + "' does not define");
            }
            return b;
        }).toJavaStream().mapToInt(Integer::intValue).toArray();
        String blockName = body.take(first).findLast(s -> s instanceof Stmt.DefLabel)
                .map(s -> ((Stmt.DefLabel) s).name()).getOrElse("(entry)");
        Cost cost = new Cost(phis.map(this::steps).sum().intValue(), 0);
        return new Instr.Phis(cost, first, predBlocks, preds.toJavaArray(String[]::new), sources,
                phis.map(p -> target(p.target())).toJavaArray(Target[]::new), blockName, next);
    }

    private Instr compileCall(Stmt.Call c, Cost cost, int site) {
        CompiledFunction direct = null;
        LibraryFunction library = null;
        String libraryName = null;
        Expr.Int function = null;
        if (c.function() instanceof LExp.Static s && context.function(s.name()) != null) {
            direct = context.function(s.name());
        } else if (c.function() instanceof LExp.Static s && module.function(s.name()).isEmpty()
                && isExternal(s.name())) {
            library = context.library(s.name());
            libraryName = s.name();
        } else {
            function = intExpr(c.function());
        }
        return new Instr.Call(cost, site, direct, library, libraryName, function,
                c.args().map(this::source).toJavaArray(Source[]::new),
                c.args().map(LExp::type).toJavaArray(LirType[]::new),
                c.receivers().map(this::target).toJavaArray(Target[]::new));
    }

    /** A static symbol that is a function this module does not define: a library call. */
    private boolean isExternal(String name) {
        return module.symbol(name).map(s -> s instanceof Symbol.Static st && st.linkage() == Symbol.Linkage.XREF
                && st.type() instanceof LirType.Unknown).getOrElse(true);
    }

    private int label(LExp.Label l) {
        Integer pc = labels.get(l.name());
        if (pc != null) {
            return pc;
        }
        traps.add(new Instr.Trap(currentSite, RuntimeError.Kind.MISSING_LABEL,
                "jump to label " + l.name() + ", which function '" + fn.name() + "' does not define"));
        return codeSize + traps.size() - 1;
    }

    /** What a statement counts when it executes: its steps and its operations. */
    private Cost cost(Stmt s) {
        return new Cost(steps(s), operations(s));
    }

    /**
     * Steps a statement counts: one for itself and one per L-expression node it evaluates (jump target labels
     * and JUMPN case constants are not evaluated).
     */
    private int steps(Stmt s) {
        Vector<LExp> roots = switch (s) {
            case Stmt.Set x -> Vector.of(x.target(), x.value());
            case Stmt.Jump x -> Vector.empty();
            case Stmt.JumpC x -> Vector.of(x.test());
            case Stmt.JumpN x -> Vector.of(x.value());
            case Stmt.Call x -> Vector.of(x.function()).appendAll(x.args()).appendAll(x.receivers());
            case Stmt.Prologue x -> x.params();
            case Stmt.Epilogue x -> x.results();
            case Stmt.Parallel x -> Vector.empty();
            case Stmt.Phi x -> Vector.<LExp>of(x.target()).appendAll(x.args().map(Stmt.PhiArg::value));
            case Stmt.DefLabel x -> Vector.empty();
            case Stmt.Use x -> Vector.empty();
            case Stmt.Clobber x -> Vector.empty();
            case Stmt.Line x -> Vector.empty();
        };
        int n = 1;
        if (s instanceof Stmt.Parallel p) {
            n += p.parts().map(this::steps).sum().intValue();
        }
        ArrayDeque<LExp> work = new ArrayDeque<>(roots.asJava());
        while (!work.isEmpty()) {
            LExp e = work.pop();
            n++;
            e.operands().forEach(work::push);
        }
        return n;
    }

    /**
     * Operations a statement counts (the package documentation): one for the statement itself and one per
     * operator node in its expressions, except that a SET of a register to an operator is that operator alone
     * ({@code x = a + b} is one addition, as the IR's {@code let x = add a b} is one let). PROLOGUE and PHI bind
     * values on entry and count none; a PARALLEL counts each of its SETs.
     */
    private static int operations(Stmt s) {
        return switch (s) {
            case Stmt.Set x when x.target() instanceof LExp.Mem m -> 1 + operators(m.address()) + operators(x.value());
            case Stmt.Set x when isOperator(x.value()) -> operators(x.value());
            case Stmt.Set x -> 1;
            case Stmt.Jump x -> 1;
            case Stmt.JumpC x -> 1 + operators(x.test());
            case Stmt.JumpN x -> 1 + operators(x.value());
            case Stmt.Call x -> 1 + operators(x.function()) + x.args().map(FunctionCompiler::operators).sum().intValue()
                    + x.receivers().map(FunctionCompiler::operators).sum().intValue();
            case Stmt.Epilogue x -> 1 + x.results().map(FunctionCompiler::operators).sum().intValue();
            case Stmt.Parallel x -> x.parts().map(FunctionCompiler::operations).sum().intValue();
            case Stmt.Prologue x -> 0;
            case Stmt.Phi x -> 0;
            case Stmt.DefLabel x -> 0;
            case Stmt.Use x -> 0;
            case Stmt.Clobber x -> 0;
            case Stmt.Line x -> 0;
        };
    }

    /** Whether an L-expression is an operation rather than a leaf (a register, a constant, an address, a label). */
    private static boolean isOperator(LExp e) {
        return switch (e) {
            case LExp.Mem m -> true;
            case LExp.Binary b -> true;
            case LExp.Unary u -> true;
            case LExp.If i -> true;
            case LExp.IntConst c -> false;
            case LExp.FloatConst c -> false;
            case LExp.Static a -> false;
            case LExp.Frame a -> false;
            case LExp.Reg r -> false;
            case LExp.Subreg r -> false;
            case LExp.Label l -> false;
        };
    }

    /** The operator nodes of an L-expression: memory reads, arithmetic, comparisons, conversions, IF. */
    private static int operators(LExp root) {
        int n = 0;
        ArrayDeque<LExp> work = new ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            LExp e = work.pop();
            if (isOperator(e)) {
                n++;
            }
            e.operands().forEach(work::push);
        }
        return n;
    }

    // ---------------------------------------------------------------- targets and sources

    private Target target(LExp e) {
        return switch (e) {
            case LExp.Reg r -> {
                Slot slot = slot(r);
                yield switch (slot.bank()) {
                    case INT -> new Target.IntReg(slot.index(), slot.bits());
                    case FLOAT -> new Target.FloatReg(slot.index(), slot.bits());
                    case INT128 -> new Target.Int128Reg(slot.index());
                    case FLOAT128 -> new Target.Float128Reg(slot.index());
                };
            }
            case LExp.Subreg s -> {
                Slot slot = integerRegister(s);
                if (is128(s.type())) {
                    throw unsupported("SUBREG of type I128: " + show(s));
                }
                yield slot.bank() == Bank.INT128 ? new Target.Int128Subreg(slot.index(), s.type().bits(), s.index())
                        : new Target.Subreg(slot.index(), s.type().bits(), s.index(), slot.bits());
            }
            case LExp.Mem m -> switch (m.type()) {
                case LirType.Int t -> new Target.Mem(t.bits() == 128 ? Target.Shape.INT128 : Target.Shape.INT, t.bits(),
                        intExpr(m.address()));
                case LirType.Float t -> new Target.Mem(t.bits() == 128 ? Target.Shape.FLOAT128 : Target.Shape.FLOAT,
                        t.bits(), intExpr(m.address()));
                case LirType.Aggregate t -> new Target.Mem(Target.Shape.BLOCK, t.bytes(), intExpr(m.address()));
                case LirType.Unknown t -> throw unsupported("MEM of UNKNOWN type");
            };
            default -> throw unsupported("assignment to " + show(e) + " (only REG, SUBREG and MEM can be assigned)");
        };
    }

    private Source source(LExp e) {
        return switch (e.type()) {
            case LirType.Int t when t.bits() == 128 -> new Source.Int128Source(int128Expr(e));
            case LirType.Int t -> new Source.IntSource(intExpr(e));
            case LirType.Float t when t.bits() == 128 -> new Source.Float128Source(float128Expr(e));
            case LirType.Float t -> new Source.FloatSource(floatExpr(e));
            case LirType.Aggregate t -> {
                if (!(e instanceof LExp.Mem m)) {
                    throw unsupported("aggregate value " + show(e) + " (aggregates are only read from MEM)");
                }
                yield new Source.BlockSource(intExpr(m.address()), t.bytes());
            }
            case LirType.Unknown t -> throw unsupported("value of UNKNOWN type: " + show(e));
        };
    }

    private Slot slot(LExp.Reg r) {
        return registers.computeIfAbsent(r.name(), name -> {
            LirType type = declaredRegisters.getOrDefault(name, r.type());
            return switch (type) {
                case LirType.Float t when t.bits() == 128 -> new Slot(Bank.FLOAT128, float128Slots++, 128);
                case LirType.Float t -> new Slot(Bank.FLOAT, floatSlots++, t.bits());
                case LirType.Int t when t.bits() == 128 -> new Slot(Bank.INT128, int128Slots++, 128);
                case LirType.Int t -> new Slot(Bank.INT, intSlots++, t.bits());
                default -> throw unsupported("register " + name + " of type " + type);
            };
        });
    }

    /** An I128 or F128 type: their values take the boxed path. */
    private static boolean is128(LirType t) {
        return (t instanceof LirType.Int || t instanceof LirType.Float) && t.bits() == 128;
    }

    private static boolean is128(Slot slot) {
        return slot.bank() == Bank.INT128 || slot.bank() == Bank.FLOAT128;
    }

    /** The slot of a SUBREG's register, which must be an integer register. */
    private Slot integerRegister(LExp.Subreg s) {
        if (s.register() instanceof LExp.Reg r && (slot(r).bank() == Bank.INT || slot(r).bank() == Bank.INT128)) {
            return slot(r);
        }
        throw unsupported("SUBREG of " + show(s.register()) + " (only integer registers have subregisters)");
    }

    /** An expression in LIR text for a message, cut short (the printer does not recurse). */
    static String show(LExp e) {
        String text = org.funssa.core.lir.LirPrinter.print(e);
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }

    private static RuntimeTrap unsupported(String what) {
        return new RuntimeTrap(RuntimeError.Kind.UNSUPPORTED, what);
    }

    // ---------------------------------------------------------------- integer expressions

    /**
     * The compiled form of an integer expression: nested closures, or for an expression nested deeper than
     * {@link #MAX_CLOSURE_DEPTH} a {@link StackExpr}, so that no expression's depth reaches the Java stack.
     */
    private Expr.Int intExpr(LExp e) {
        if (!nested) {
            checkType(e, true);
            if (StackExpr.depth(e) > MAX_CLOSURE_DEPTH) {
                StackExpr program = stackExpr(e);
                return program::run;
            }
            nested = true;
            try {
                return intClosure(e);
            } finally {
                nested = false;
            }
        }
        return intClosure(e);
    }

    /** The compiled form of a float expression, as {@link #intExpr}. */
    private Expr.Float floatExpr(LExp e) {
        if (!nested) {
            checkType(e, false);
            if (StackExpr.depth(e) > MAX_CLOSURE_DEPTH) {
                StackExpr program = stackExpr(e);
                return f -> Double.longBitsToDouble(program.run(f));
            }
            nested = true;
            try {
                return floatClosure(e);
            } finally {
                nested = false;
            }
        }
        return floatClosure(e);
    }

    /** The compiled form of an I128 expression (an expression that deep holding one is rejected). */
    private Expr.Int128 int128Expr(LExp e) {
        if (!nested) {
            if (StackExpr.depth(e) > MAX_CLOSURE_DEPTH) {
                stackExpr(e); // throws: deep expressions are not compiled with I128 values
            }
            nested = true;
            try {
                return int128Closure(e);
            } finally {
                nested = false;
            }
        }
        return int128Closure(e);
    }

    /** The compiled form of an F128 expression, as {@link #int128Expr}. */
    private Expr.Float128 float128Expr(LExp e) {
        if (!nested) {
            if (StackExpr.depth(e) > MAX_CLOSURE_DEPTH) {
                stackExpr(e);
            }
            nested = true;
            try {
                return float128Closure(e);
            } finally {
                nested = false;
            }
        }
        return float128Closure(e);
    }

    /** A condition of any integer type, as an integer that is non-zero when it holds. */
    private Expr.Int condition(LExp e) {
        if (is128(e.type()) && e.type() instanceof LirType.Int) {
            Expr.Int128 x = int128Expr(e);
            return f -> x.eval(f).isZero() ? 0 : 1;
        }
        return intExpr(e);
    }

    /** The low 64 bits of an integer expression of any width (a shift count). */
    private Expr.Int lowBits(LExp e) {
        if (is128(e.type()) && e.type() instanceof LirType.Int) {
            Expr.Int128 x = int128Expr(e);
            return f -> x.eval(f).low();
        }
        return intExpr(e);
    }

    private StackExpr stackExpr(LExp e) {
        nested = true;
        try {
            // Check every node's operand types first, as the closures do while compiling.
            ArrayDeque<LExp> work = new ArrayDeque<>();
            work.push(e);
            while (!work.isEmpty()) {
                LExp node = work.pop();
                if (node instanceof LExp.Label || node instanceof LExp.Subreg s && !(s.register() instanceof LExp.Reg)) {
                    throw unsupported("a " + node.getClass().getSimpleName() + " in an expression: " + show(node));
                }
                if (is128(node.type())) {
                    throw unsupported("an I128 or F128 value in an expression nested deeper than "
                            + MAX_CLOSURE_DEPTH + " levels: " + show(node));
                }
                node.operands().forEach(work::push);
            }
            return StackExpr.compile(e, this::intClosure, this::floatClosure);
        } finally {
            nested = false;
        }
    }

    private static void checkType(LExp e, boolean integer) {
        boolean isInt = e.type() instanceof LirType.Int;
        boolean isFloat = e.type() instanceof LirType.Float;
        if (integer ? !isInt : !isFloat) {
            throw unsupported("expected " + (integer ? "an integer" : "a float") + " expression, got "
                    + e.type() + ": " + show(e));
        }
    }

    private Expr.Int intClosure(LExp e) {
        if (!(e.type() instanceof LirType.Int) || is128(e.type())) {
            throw unsupported("expected an integer expression of at most 64 bits, got " + e.type() + ": " + show(e));
        }
        int bits = e.type().bits();
        return switch (e) {
            case LExp.IntConst c -> {
                long v = Arith.normalize(bits, c.bits());
                yield f -> v;
            }
            case LExp.Static s -> {
                long v = context.address(s.name());
                yield f -> v;
            }
            case LExp.Frame fr -> {
                Long offset = frameOffsets.get(fr.name());
                if (offset == null) {
                    throw new RuntimeTrap(RuntimeError.Kind.MEMORY_ACCESS,
                            "FRAME symbol " + fr.name() + " is not in the symbol table of '" + fn.name() + "'");
                }
                long o = offset;
                yield f -> f.base + o;
            }
            case LExp.Reg r -> {
                Slot slot = slot(r);
                int s = slot.index();
                yield switch (slot.bank()) {
                    case INT -> slot.bits() > bits ? f -> Arith.normalize(bits, f.ints[s]) : f -> f.ints[s];
                    case INT128 -> f -> Arith.truncate(bits, f.int128s[s]);
                    default -> throw unsupported("integer read of float register " + r.name());
                };
            }
            case LExp.Subreg sr -> {
                Slot slot = integerRegister(sr);
                int s = slot.index();
                int shift = sr.index() * bits;
                if (slot.bank() == Bank.INT128) {
                    yield f -> Arith.truncate(bits, f.int128s[s].shiftRightUnsigned(shift));
                }
                yield f -> Arith.normalize(bits, f.ints[s] >> shift);
            }
            case LExp.Mem m -> {
                Expr.Int a = intExpr(m.address());
                yield switch (bits) {
                    case 8 -> f -> f.memory.loadI8(a.eval(f));
                    case 16 -> f -> f.memory.loadI16(a.eval(f));
                    case 32 -> f -> f.memory.loadI32(a.eval(f));
                    default -> f -> f.memory.loadI64(a.eval(f));
                };
            }
            case LExp.Binary b -> binary(b, bits);
            case LExp.Unary u -> unary(u, bits);
            case LExp.If i -> {
                Expr.Int c = condition(i.condition());
                Expr.Int x = intExpr(i.then());
                Expr.Int y = intExpr(i.otherwise());
                yield f -> c.eval(f) != 0 ? x.eval(f) : y.eval(f);
            }
            case LExp.Label l -> throw unsupported("a LABEL used as a value");
            case LExp.FloatConst c -> throw unsupported("FLOATCONST of integer type");
        };
    }

    private Expr.Int binary(LExp.Binary b, int bits) {
        Op op = b.op();
        if (op.isComparison()) {
            return compare(op, b.left(), b.right());
        }
        Expr.Int x = intExpr(b.left());
        if (op.kind() == Op.Kind.SHIFT) {
            Expr.Int y = lowBits(b.right());
            return switch (op) {
                case LSHS, LSHU -> f -> Arith.shl(bits, x.eval(f), y.eval(f));
                case RSHS -> f -> Arith.shrs(bits, x.eval(f), y.eval(f));
                default -> f -> Arith.shru(bits, x.eval(f), y.eval(f));
            };
        }
        Expr.Int y = intExpr(b.right());
        return switch (op) {
            case ADD -> bits == 64 ? f -> x.eval(f) + y.eval(f)
                    : bits == 32 ? f -> (int) (x.eval(f) + y.eval(f))
                    : f -> Arith.normalize(bits, x.eval(f) + y.eval(f));
            case SUB -> bits == 64 ? f -> x.eval(f) - y.eval(f)
                    : bits == 32 ? f -> (int) (x.eval(f) - y.eval(f))
                    : f -> Arith.normalize(bits, x.eval(f) - y.eval(f));
            case MUL -> bits == 64 ? f -> x.eval(f) * y.eval(f)
                    : bits == 32 ? f -> (int) (x.eval(f) * y.eval(f))
                    : f -> Arith.normalize(bits, x.eval(f) * y.eval(f));
            case BAND -> f -> x.eval(f) & y.eval(f);
            case BOR -> f -> x.eval(f) | y.eval(f);
            case BXOR -> f -> x.eval(f) ^ y.eval(f);
            case DIVS -> f -> Arith.divs(bits, x.eval(f), y.eval(f));
            case DIVU -> f -> Arith.divu(bits, x.eval(f), y.eval(f));
            case MODS -> f -> Arith.mods(bits, x.eval(f), y.eval(f));
            case MODU -> f -> Arith.modu(bits, x.eval(f), y.eval(f));
            default -> throw unsupported(op + " on integers");
        };
    }

    private Expr.Int compare(Op op, LExp left, LExp right) {
        if (left.type() instanceof LirType.Float && is128(left.type())) {
            Expr.Float128 x = float128Expr(left);
            Expr.Float128 y = float128Expr(right);
            return f -> Arith.compare(op, x.eval(f), y.eval(f)) ? 1 : 0;
        }
        if (left.type() instanceof LirType.Float) {
            Expr.Float x = floatExpr(left);
            Expr.Float y = floatExpr(right);
            return switch (op) {
                case TSTEQ -> f -> x.eval(f) == y.eval(f) ? 1 : 0;
                case TSTNE -> f -> x.eval(f) != y.eval(f) ? 1 : 0;
                case TSTLTS, TSTLTU -> f -> x.eval(f) < y.eval(f) ? 1 : 0;
                case TSTLES, TSTLEU -> f -> x.eval(f) <= y.eval(f) ? 1 : 0;
                case TSTGTS, TSTGTU -> f -> x.eval(f) > y.eval(f) ? 1 : 0;
                default -> f -> x.eval(f) >= y.eval(f) ? 1 : 0;
            };
        }
        if (is128(left.type())) {
            Expr.Int128 x = int128Expr(left);
            Expr.Int128 y = int128Expr(right);
            return f -> Arith.compare(op, x.eval(f), y.eval(f)) ? 1 : 0;
        }
        int bits = left.type().bits();
        Expr.Int x = intExpr(left);
        Expr.Int y = intExpr(right);
        return switch (op) {
            case TSTEQ -> f -> x.eval(f) == y.eval(f) ? 1 : 0;
            case TSTNE -> f -> x.eval(f) != y.eval(f) ? 1 : 0;
            case TSTLTS -> f -> x.eval(f) < y.eval(f) ? 1 : 0;
            case TSTLES -> f -> x.eval(f) <= y.eval(f) ? 1 : 0;
            case TSTGTS -> f -> x.eval(f) > y.eval(f) ? 1 : 0;
            case TSTGES -> f -> x.eval(f) >= y.eval(f) ? 1 : 0;
            default -> f -> Arith.compare(op, bits, x.eval(f), y.eval(f)) ? 1 : 0;
        };
    }

    private Expr.Int unary(LExp.Unary u, int bits) {
        Op op = u.op();
        LExp operand = u.operand();
        boolean wide = is128(operand.type());
        return switch (op) {
            case NEG -> {
                Expr.Int x = intExpr(operand);
                yield f -> Arith.neg(bits, x.eval(f));
            }
            case BNOT -> {
                Expr.Int x = intExpr(operand);
                yield f -> ~x.eval(f);
            }
            case CONVSX, CONVIT -> {
                if (wide) {
                    Expr.Int128 x = int128Expr(operand);
                    yield f -> Arith.truncate(bits, x.eval(f));
                }
                Expr.Int x = intExpr(operand);
                yield operand.type().bits() <= bits ? x : f -> Arith.normalize(bits, x.eval(f));
            }
            case CONVZX -> {
                Expr.Int x = intExpr(operand);
                int from = operand.type().bits();
                yield f -> Arith.zeroExtend(from, bits, x.eval(f));
            }
            case CONVFS -> {
                if (wide) {
                    Expr.Float128 x = float128Expr(operand);
                    yield f -> Arith.floatToSigned(bits, x.eval(f));
                }
                Expr.Float x = floatExpr(operand);
                yield f -> Arith.floatToSigned(bits, x.eval(f));
            }
            case CONVFU, CONVFI -> {
                if (wide) {
                    Expr.Float128 x = float128Expr(operand);
                    yield f -> Arith.floatToUnsigned(bits, x.eval(f));
                }
                Expr.Float x = floatExpr(operand);
                yield f -> Arith.floatToUnsigned(bits, x.eval(f));
            }
            default -> throw unsupported(op + " with integer result");
        };
    }

    // ---------------------------------------------------------------- float expressions

    private Expr.Float floatClosure(LExp e) {
        if (!(e.type() instanceof LirType.Float) || is128(e.type())) {
            throw unsupported("expected an F32 or F64 expression, got " + e.type() + ": " + show(e));
        }
        int bits = e.type().bits();
        return switch (e) {
            case LExp.FloatConst c -> {
                double v = Arith.roundTo(bits, c.value());
                yield f -> v;
            }
            case LExp.Reg r -> {
                Slot slot = slot(r);
                int s = slot.index();
                yield switch (slot.bank()) {
                    case FLOAT -> slot.bits() > bits ? f -> Arith.roundTo(bits, f.floats[s]) : f -> f.floats[s];
                    case FLOAT128 -> f -> Arith.floatToFloat(bits, f.float128s[s]);
                    default -> throw unsupported("float read of integer register " + r.name());
                };
            }
            case LExp.Mem m -> {
                Expr.Int a = intExpr(m.address());
                yield bits == 32 ? f -> f.memory.loadF32(a.eval(f)) : f -> f.memory.loadF64(a.eval(f));
            }
            case LExp.Binary b -> {
                Expr.Float x = floatExpr(b.left());
                Expr.Float y = floatExpr(b.right());
                if (bits == 32) {
                    yield switch (b.op()) {
                        case ADD -> f -> (float) x.eval(f) + (float) y.eval(f);
                        case SUB -> f -> (float) x.eval(f) - (float) y.eval(f);
                        case MUL -> f -> (float) x.eval(f) * (float) y.eval(f);
                        case DIVS, DIVU -> f -> (float) x.eval(f) / (float) y.eval(f);
                        default -> throw unsupported(b.op() + " on floats");
                    };
                }
                yield switch (b.op()) {
                    case ADD -> f -> x.eval(f) + y.eval(f);
                    case SUB -> f -> x.eval(f) - y.eval(f);
                    case MUL -> f -> x.eval(f) * y.eval(f);
                    case DIVS, DIVU -> f -> x.eval(f) / y.eval(f);
                    default -> throw unsupported(b.op() + " on floats");
                };
            }
            case LExp.Unary u -> floatUnary(u, bits);
            case LExp.If i -> {
                Expr.Int c = condition(i.condition());
                Expr.Float x = floatExpr(i.then());
                Expr.Float y = floatExpr(i.otherwise());
                yield f -> c.eval(f) != 0 ? x.eval(f) : y.eval(f);
            }
            default -> throw unsupported("float value " + show(e));
        };
    }

    private Expr.Float floatUnary(LExp.Unary u, int bits) {
        LExp operand = u.operand();
        boolean wide = is128(operand.type());
        return switch (u.op()) {
            case NEG -> {
                Expr.Float x = floatExpr(operand);
                yield f -> -x.eval(f);
            }
            case CONVFX, CONVFT -> {
                if (wide) {
                    Expr.Float128 x = float128Expr(operand);
                    yield f -> Arith.floatToFloat(bits, x.eval(f));
                }
                Expr.Float x = floatExpr(operand);
                yield bits == 32 ? f -> (float) x.eval(f) : x;
            }
            case CONVSF -> {
                if (wide) {
                    Expr.Int128 x = int128Expr(operand);
                    yield f -> Arith.signedToFloat(bits, x.eval(f));
                }
                Expr.Int x = intExpr(operand);
                yield bits == 32 ? f -> (float) x.eval(f) : f -> (double) x.eval(f);
            }
            case CONVUF -> {
                if (wide) {
                    Expr.Int128 x = int128Expr(operand);
                    yield f -> Arith.unsignedToFloat(bits, x.eval(f));
                }
                Expr.Int x = intExpr(operand);
                int from = operand.type().bits();
                yield f -> Arith.unsignedToFloat(from, bits, x.eval(f));
            }
            default -> throw unsupported(u.op() + " with float result");
        };
    }

    // ---------------------------------------------------------------- I128 and F128 expressions

    private Expr.Int128 int128Closure(LExp e) {
        if (!(e.type() instanceof LirType.Int) || !is128(e.type())) {
            throw unsupported("expected an I128 expression, got " + e.type() + ": " + show(e));
        }
        return switch (e) {
            case LExp.IntConst c -> {
                Int128 v = Int128.of(c.value());
                yield f -> v;
            }
            case LExp.Reg r -> {
                Slot slot = slot(r);
                int s = slot.index();
                yield switch (slot.bank()) {
                    case INT128 -> f -> f.int128s[s];
                    case INT -> f -> Int128.of(f.ints[s]);
                    default -> throw unsupported("integer read of float register " + r.name());
                };
            }
            case LExp.Mem m -> {
                Expr.Int a = intExpr(m.address());
                yield f -> f.memory.loadI128(a.eval(f));
            }
            case LExp.Binary b when b.op().isComparison() -> {
                Expr.Int x = compare(b.op(), b.left(), b.right());
                yield f -> Int128.of(x.eval(f));
            }
            case LExp.Binary b when b.op().kind() == Op.Kind.SHIFT -> {
                Expr.Int128 x = int128Expr(b.left());
                Expr.Int y = lowBits(b.right());
                yield switch (b.op()) {
                    case LSHS, LSHU -> f -> x.eval(f).shiftLeft(Arith.shiftCount128(y.eval(f)));
                    case RSHS -> f -> x.eval(f).shiftRight(Arith.shiftCount128(y.eval(f)));
                    default -> f -> x.eval(f).shiftRightUnsigned(Arith.shiftCount128(y.eval(f)));
                };
            }
            case LExp.Binary b -> {
                Op op = b.op();
                Expr.Int128 x = int128Expr(b.left());
                Expr.Int128 y = int128Expr(b.right());
                yield switch (op) {
                    case ADD -> f -> x.eval(f).add(y.eval(f));
                    case SUB -> f -> x.eval(f).subtract(y.eval(f));
                    case MUL -> f -> x.eval(f).multiply(y.eval(f));
                    case BAND -> f -> x.eval(f).and(y.eval(f));
                    case BOR -> f -> x.eval(f).or(y.eval(f));
                    case BXOR -> f -> x.eval(f).xor(y.eval(f));
                    case DIVS -> f -> Arith.divs(x.eval(f), y.eval(f));
                    case DIVU -> f -> Arith.divu(x.eval(f), y.eval(f));
                    case MODS -> f -> Arith.mods(x.eval(f), y.eval(f));
                    case MODU -> f -> Arith.modu(x.eval(f), y.eval(f));
                    default -> throw unsupported(op + " on integers");
                };
            }
            case LExp.Unary u -> int128Unary(u);
            case LExp.If i -> {
                Expr.Int c = condition(i.condition());
                Expr.Int128 x = int128Expr(i.then());
                Expr.Int128 y = int128Expr(i.otherwise());
                yield f -> c.eval(f) != 0 ? x.eval(f) : y.eval(f);
            }
            default -> throw unsupported("I128 value " + show(e));
        };
    }

    private Expr.Int128 int128Unary(LExp.Unary u) {
        LExp operand = u.operand();
        boolean wide = is128(operand.type());
        return switch (u.op()) {
            case NEG -> {
                Expr.Int128 x = int128Expr(operand);
                yield f -> x.eval(f).negate();
            }
            case BNOT -> {
                Expr.Int128 x = int128Expr(operand);
                yield f -> x.eval(f).not();
            }
            case CONVSX, CONVIT -> {
                if (wide) {
                    yield int128Expr(operand);
                }
                Expr.Int x = intExpr(operand);
                yield f -> Int128.of(x.eval(f));
            }
            case CONVZX -> {
                if (wide) {
                    yield int128Expr(operand);
                }
                Expr.Int x = intExpr(operand);
                int from = operand.type().bits();
                yield f -> Arith.zeroExtend128(from, x.eval(f));
            }
            case CONVFS -> {
                if (wide) {
                    Expr.Float128 x = float128Expr(operand);
                    yield f -> Arith.floatToSigned128(x.eval(f));
                }
                Expr.Float x = floatExpr(operand);
                yield f -> Arith.floatToSigned128(x.eval(f));
            }
            case CONVFU, CONVFI -> {
                if (wide) {
                    Expr.Float128 x = float128Expr(operand);
                    yield f -> Arith.floatToUnsigned128(x.eval(f));
                }
                Expr.Float x = floatExpr(operand);
                yield f -> Arith.floatToUnsigned128(x.eval(f));
            }
            default -> throw unsupported(u.op() + " with integer result");
        };
    }

    private Expr.Float128 float128Closure(LExp e) {
        if (!(e.type() instanceof LirType.Float) || !is128(e.type())) {
            throw unsupported("expected an F128 expression, got " + e.type() + ": " + show(e));
        }
        return switch (e) {
            case LExp.FloatConst c -> {
                Float128 v = Float128.of(c.value());
                yield f -> v;
            }
            case LExp.Reg r -> {
                Slot slot = slot(r);
                int s = slot.index();
                yield switch (slot.bank()) {
                    case FLOAT128 -> f -> f.float128s[s];
                    case FLOAT -> f -> Float128.of(f.floats[s]);
                    default -> throw unsupported("float read of integer register " + r.name());
                };
            }
            case LExp.Mem m -> {
                Expr.Int a = intExpr(m.address());
                yield f -> f.memory.loadF128(a.eval(f));
            }
            case LExp.Binary b -> {
                Expr.Float128 x = float128Expr(b.left());
                Expr.Float128 y = float128Expr(b.right());
                yield switch (b.op()) {
                    case ADD -> f -> x.eval(f).add(y.eval(f));
                    case SUB -> f -> x.eval(f).subtract(y.eval(f));
                    case MUL -> f -> x.eval(f).multiply(y.eval(f));
                    case DIVS, DIVU -> f -> x.eval(f).divide(y.eval(f));
                    default -> throw unsupported(b.op() + " on floats");
                };
            }
            case LExp.Unary u -> float128Unary(u);
            case LExp.If i -> {
                Expr.Int c = condition(i.condition());
                Expr.Float128 x = float128Expr(i.then());
                Expr.Float128 y = float128Expr(i.otherwise());
                yield f -> c.eval(f) != 0 ? x.eval(f) : y.eval(f);
            }
            default -> throw unsupported("float value " + show(e));
        };
    }

    private Expr.Float128 float128Unary(LExp.Unary u) {
        LExp operand = u.operand();
        boolean wide = is128(operand.type());
        return switch (u.op()) {
            case NEG -> {
                Expr.Float128 x = float128Expr(operand);
                yield f -> x.eval(f).negate();
            }
            case CONVFX, CONVFT -> {
                if (wide) {
                    yield float128Expr(operand);
                }
                Expr.Float x = floatExpr(operand);
                yield f -> Float128.of(x.eval(f));
            }
            case CONVSF -> {
                if (wide) {
                    Expr.Int128 x = int128Expr(operand);
                    yield f -> Arith.signedToFloat128(x.eval(f));
                }
                Expr.Int x = intExpr(operand);
                yield f -> Arith.signedToFloat128(Int128.of(x.eval(f)));
            }
            case CONVUF -> {
                if (wide) {
                    Expr.Int128 x = int128Expr(operand);
                    yield f -> Arith.unsignedToFloat128(x.eval(f));
                }
                Expr.Int x = intExpr(operand);
                int from = operand.type().bits();
                yield f -> Arith.unsignedToFloat128(Arith.zeroExtend128(from, x.eval(f)));
            }
            default -> throw unsupported(u.op() + " with float result");
        };
    }
}
