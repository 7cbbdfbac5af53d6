package org.funssa.core.gen;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.funssa.core.lir.Annotation;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;

/**
 * Seeded random LIR modules that terminate and have no undefined behaviour: the inputs of property
 * tests, fuzzing and the scaling benchmarks.
 *
 * <p>Every program is {@code main} plus {@link GeneratorConfig#functions()} functions {@code f1…}; function
 * k calls only functions after it, so calls never recurse. {@code main} prints every variable with
 * {@code printf} at its end and each other function returns a checksum of its variables, so that a
 * transformation that changes any value changes the output.
 *
 * <p>Termination: blocks are laid out in an order in which every cycle contains a <em>back edge</em>
 * (an edge to a block at or before its source), and every back edge consumes the function's fuel
 * variable: back edges are taken at most {@code fuel + maxLoopDepth} times per call, so every block runs
 * at most {@code fuel + maxLoopDepth + 1} times per call. The counted loops of {@link Shape#COUNTERS_AHEAD}
 * and {@link Shape#COUNTERS_LATE} are the exception: each is entered once per call and its back edge
 * increments its own counter, which its header bounds by {@value #COUNTED_ITERATIONS}, so its blocks run at
 * most {@code COUNTED_ITERATIONS + 1 <= fuel + maxLoopDepth + 1} times. {@link Generated#stepBound()} turns
 * that into a bound on the work of a run.
 *
 * <p>No undefined behaviour: all variables and the frame array are initialised on entry; divisors are
 * made odd and positive, shift counts and array indices are masked into range; float values never
 * flow into integer conversions.
 */
public final class LirGenerator {

    /**
     * A generated module and an upper bound on the statements executed plus L-expression nodes
     * evaluated (library calls included, one each) by a run of its {@code main}.
     */
    public record Generated(Module module, long stepBound) {}

    private static final int GLOBAL_WORDS = 64;
    private static final int FRAME_WORDS = 16;
    private static final LirType.Int ADDRESS = LirType.I64;
    /** The iterations of a counted loop: at most fuel + maxLoopDepth, which is at least 2. */
    private static final int COUNTED_ITERATIONS = 2;

    private final SplittableRandom random;
    private final GeneratorConfig config;

    private LirGenerator(long seed, GeneratorConfig config) {
        this.random = new SplittableRandom(seed);
        this.config = config;
    }

    /** The module for this seed and configuration; the same arguments give the same module. */
    public static Generated generate(long seed, GeneratorConfig config) {
        return new LirGenerator(seed, config).module();
    }

    private Generated module() {
        int count = config.functions() + 1;
        Vector<Symbol> globals = Vector.of(
                staticSymbol("main", LirType.UNKNOWN, 4, ".text", Symbol.Linkage.XDEF),
                staticSymbol("printf", LirType.UNKNOWN, 4, ".text", Symbol.Linkage.XREF),
                staticSymbol("fmt.main", LirType.UNKNOWN, 1, ".text", Symbol.Linkage.LDEF));
        if (config.memory()) {
            globals = globals.append(staticSymbol("gmem", new LirType.Aggregate(GLOBAL_WORDS * 32), 4, ".bss",
                    Symbol.Linkage.XDEF));
        }
        long[] bounds = new long[count];
        Module.Function[] functions = new Module.Function[count];
        for (int k = count - 1; k >= 0; k--) {
            FunctionBuilder builder = new FunctionBuilder(k, count, bounds);
            functions[k] = builder.build();
            bounds[k] = builder.bound;
            if (k > 0) {
                globals = globals.append(staticSymbol(functionName(k), LirType.UNKNOWN, 4, ".text",
                        Symbol.Linkage.XDEF));
            }
        }
        Vector<Module.Item> items = Vector.of(new Module.Data("fmt.main",
                Vector.of(new Module.Values(LirType.I8, cString(mainFormat())))));
        if (config.memory()) {
            items = items.append(new Module.Data("gmem", Vector.of(new Module.Space(GLOBAL_WORDS * 4L))));
        }
        items = items.appendAll(Vector.of(functions));
        return new Generated(new Module("generated.c", globals, items), bounds[0]);
    }

    private String mainFormat() {
        StringBuilder format = new StringBuilder();
        for (int i = 0; i < config.registers(); i++) {
            format.append("%d ");
        }
        for (int i = 0; i < wideCount(); i++) {
            format.append("%lld ");
        }
        for (int i = 0; i < doubleCount(); i++) {
            format.append("%.17g ");
        }
        return format.append("\n").toString();
    }

    private int wideCount() {
        return Math.max(1, config.registers() / 4);
    }

    private int doubleCount() {
        return config.floats() ? Math.max(1, config.registers() / 4) : 0;
    }

    private static String functionName(int k) {
        return k == 0 ? "main" : "f" + k;
    }

    private static Symbol staticSymbol(String name, LirType type, long align, String segment,
                                       Symbol.Linkage linkage) {
        return new Symbol.Static(name, type, align, segment, linkage, Vector.empty());
    }

    private static Vector<LExp> cString(String text) {
        Vector<LExp> bytes = Vector.empty();
        for (byte b : text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)) {
            bytes = bytes.append(LExp.IntConst.of(LirType.I8, b));
        }
        return bytes.append(LExp.IntConst.of(LirType.I8, 0));
    }

    /** How a block is left; targets are block indices, {@code blocks} meaning the exit block. */
    private sealed interface Exit {}

    private record Goto(int target) implements Exit {}

    private record Cond(int ifTrue, int ifFalse) implements Exit {}

    private record Multi(Vector<Integer> cases, int otherwise) implements Exit {}

    /** {@code fuel -= 1; if (fuel > 0) goto target; else goto next}. */
    private record Back(int target, int next) implements Exit {}

    /** Loop header in while form: {@code if (fuel > 0) goto body; else goto after}. */
    private record Header(int body, int after) implements Exit {}

    /** Loop latch: {@code fuel -= 1; goto header}. */
    private record Latch(int header) implements Exit {}

    /** Before a counted loop: {@code counters[counter] = 0; goto header}. */
    private record Enter(int counter, int header) implements Exit {}

    /** Counted loop header: {@code if (counters[counter] < COUNTED_ITERATIONS) goto body; else goto after}. */
    private record CountedHeader(int counter, int body, int after) implements Exit {}

    /** Counted loop latch: {@code counters[counter] += 1; goto header}. */
    private record CountedLatch(int counter, int header) implements Exit {}

    /** A variable of the function being generated: a register or a frame slot, by {@link Storage}. */
    private record Variable(String name, LirType type) {}

    /** Builds one function; {@link #bound} holds its step bound afterwards. */
    private final class FunctionBuilder {
        private final int index;
        private final int functionCount;
        private final long[] calleeBounds;
        private final int blockCount = config.blocks();
        private final Exit[] exits = new Exit[config.blocks()];
        private final List<Variable> ints = new ArrayList<>();
        private final List<Variable> wides = new ArrayList<>();
        private final List<Variable> doubles = new ArrayList<>();
        private final Variable fuel;
        private final Variable param;
        /** The counters of counted loops, one per loop, and those the entry block sets to 0. */
        private final List<Variable> counters = new ArrayList<>();
        private final List<Variable> countersAhead = new ArrayList<>();
        private long bound;

        FunctionBuilder(int index, int functionCount, long[] calleeBounds) {
            this.index = index;
            this.functionCount = functionCount;
            this.calleeBounds = calleeBounds;
            for (int i = 0; i < config.registers(); i++) {
                ints.add(variable("r" + i, LirType.I32));
            }
            for (int i = 0; i < wideCount(); i++) {
                wides.add(variable("q" + i, LirType.I64));
            }
            for (int i = 0; i < doubleCount(); i++) {
                doubles.add(variable("d" + i, LirType.F64));
            }
            fuel = variable("fuel", LirType.I32);
            param = variable("p", LirType.I32);
        }

        private Variable variable(String base, LirType type) {
            return new Variable(config.storage() == Storage.REGISTERS ? base + "%" : base, type);
        }

        Module.Function build() {
            shapeRegion(config.shape(), 0, blockCount);
            List<Stmt> body = new ArrayList<>();
            long perRun = 0;
            body.add(new Stmt.Prologue(0, 0, index == 0 ? Vector.empty() : Vector.of(read(param))));
            perRun += steps(body.get(0));
            for (Stmt s : initialisation()) {
                body.add(s);
                perRun += steps(s);
            }
            body.add(new Stmt.Jump(label(0)));
            perRun += 1;
            long perIteration = 0;
            for (int b = 0; b < blockCount; b++) {
                body.add(new Stmt.DefLabel(labelName(b)));
                for (int s = 0; s < config.statementsPerBlock(); s++) {
                    Stmt stmt = statement();
                    body.add(stmt);
                    perIteration += steps(stmt) + calleeBound(stmt);
                }
                for (Stmt s : exit(exits[b])) {
                    body.add(s);
                    perIteration += steps(s);
                }
            }
            body.add(new Stmt.DefLabel(labelName(blockCount)));
            for (Stmt s : epilogue()) {
                body.add(s);
                perRun += steps(s);
            }
            long runsPerBlock = config.fuel() + config.maxLoopDepth() + 1L;
            bound = saturatingAdd(perRun, saturatingMultiply(runsPerBlock, perIteration));
            return new Module.Function(functionName(index), symbols(), Vector.ofAll(body));
        }

        private long calleeBound(Stmt stmt) {
            if (stmt instanceof Stmt.Call call && call.function() instanceof LExp.Static callee) {
                int k = Integer.parseInt(callee.name().substring(1));
                return calleeBounds[k];
            }
            return 0;
        }

        private Vector<Symbol> symbols() {
            Vector<Symbol> symbols = Vector.empty();
            List<Variable> all = new ArrayList<>(ints);
            all.addAll(wides);
            all.addAll(doubles);
            all.add(fuel);
            all.addAll(counters);
            if (index > 0) {
                all.add(param);
            }
            for (Variable v : all) {
                symbols = symbols.append(config.storage() == Storage.REGISTERS
                        ? new Symbol.Reg(v.name(), v.type(), v.type().bytes(), 0, Vector.<Annotation>empty())
                        : new Symbol.Frame(v.name(), v.type(), v.type().bytes(), 0, Vector.<Annotation>empty()));
            }
            if (config.memory()) {
                symbols = symbols.append(new Symbol.Frame("buf", new LirType.Aggregate(FRAME_WORDS * 32), 4, 0,
                        Vector.empty()));
            }
            return symbols;
        }

        // ---- control flow --------------------------------------------------------------------

        /** Fills {@code exits[start..end)} so that control leaves the region only to {@code end}. */
        private void shapeRegion(Shape shape, int start, int end) {
            switch (shape) {
                case STRAIGHT -> {
                    for (int b = start; b < end; b++) {
                        exits[b] = new Goto(b + 1);
                    }
                }
                case DIAMONDS -> {
                    int b = start;
                    for (; b + 3 <= end; b += 3) {
                        exits[b] = new Cond(b + 1, b + 2);
                        exits[b + 1] = new Goto(b + 3);
                        exits[b + 2] = new Goto(b + 3);
                    }
                    for (; b < end; b++) {
                        exits[b] = new Goto(b + 1);
                    }
                }
                case LOOPS -> loops(start, end);
                case UNSTRUCTURED -> unstructured(start, end);
                case COUNTERS_AHEAD -> countedLoops(start, end, true);
                case COUNTERS_LATE -> countedLoops(start, end, false);
                case MIX -> {
                    Shape[] parts = {Shape.STRAIGHT, Shape.DIAMONDS, Shape.LOOPS, Shape.UNSTRUCTURED};
                    int b = start;
                    while (b < end) {
                        int size = Math.min(end - b, 4 + random.nextInt(24));
                        shapeRegion(parts[random.nextInt(parts.length)], b, b + size);
                        b += size;
                    }
                }
            }
        }

        /** Nested while loops, opened and closed at random with an explicit stack of open headers. */
        private void loops(int start, int end) {
            int[] open = new int[config.maxLoopDepth()];
            int depth = 0;
            for (int b = start; b < end; b++) {
                int remaining = end - b;
                boolean canOpen = depth < open.length && remaining >= depth + 3;
                boolean mustClose = depth > 0 && remaining == depth;
                boolean canClose = depth > 0 && b > open[depth - 1] + 1;
                if (mustClose || (canClose && random.nextInt(4) == 0)) {
                    int header = open[--depth];
                    exits[b] = new Latch(header);
                    exits[header] = new Header(header + 1, b + 1);
                } else if (canOpen && random.nextInt(3) == 0) {
                    open[depth++] = b;
                } else {
                    exits[b] = new Goto(b + 1);
                }
            }
        }

        /**
         * Counted loops one after the other, three blocks each: a block before the loop (which sets the counter
         * to 0 unless the entry block does), the header, the latch.
         */
        private void countedLoops(int start, int end, boolean ahead) {
            int b = start;
            for (; b + 3 <= end; b += 3) {
                int counter = counters.size();
                Variable c = variable("c" + counter, LirType.I32);
                counters.add(c);
                if (ahead) {
                    countersAhead.add(c);
                    exits[b] = new Goto(b + 1);
                } else {
                    exits[b] = new Enter(counter, b + 1);
                }
                exits[b + 1] = new CountedHeader(counter, b + 2, b + 3);
                exits[b + 2] = new CountedLatch(counter, b + 1);
            }
            for (; b < end; b++) {
                exits[b] = new Goto(b + 1);
            }
        }

        private void unstructured(int start, int end) {
            for (int b = start; b < end; b++) {
                int choice = random.nextInt(20);
                if (choice < 6) {
                    exits[b] = new Goto(b + 1);
                } else if (choice < 13) {
                    exits[b] = new Cond(forward(b, end), forward(b, end));
                } else if (choice < 15) {
                    int n = 2 + random.nextInt(3);
                    Vector<Integer> cases = Vector.empty();
                    for (int i = 0; i < n; i++) {
                        cases = cases.append(forward(b, end));
                    }
                    exits[b] = new Multi(cases, forward(b, end));
                } else {
                    exits[b] = new Back(Math.max(0, b - random.nextInt(9)), b + 1);
                }
            }
        }

        private int forward(int b, int end) {
            return b + 1 + random.nextInt(Math.min(6, end - b));
        }

        private List<Stmt> exit(Exit exit) {
            return switch (exit) {
                case Goto g -> List.of(new Stmt.Jump(label(g.target())));
                case Cond c -> List.of(new Stmt.JumpC(comparison(), label(c.ifTrue()), label(c.ifFalse())));
                case Multi m -> List.of(new Stmt.JumpN(
                        new LExp.Binary(Op.BAND, LirType.I32, anyInt(), intConst(3)),
                        m.cases().zipWithIndex().map(t -> new Stmt.Case(intConst(t._2), label(t._1))),
                        label(m.otherwise())));
                case Back back -> List.of(decrementFuel(),
                        new Stmt.JumpC(fuelLeft(), label(back.target()), label(back.next())));
                case Header h -> List.of(new Stmt.JumpC(fuelLeft(), label(h.body()), label(h.after())));
                case Latch l -> List.of(decrementFuel(), new Stmt.Jump(label(l.header())));
                case Enter e -> List.of(write(counters.get(e.counter()), intConst(0)),
                        new Stmt.Jump(label(e.header())));
                case CountedHeader h -> List.of(new Stmt.JumpC(new LExp.Binary(Op.TSTLTS, LirType.I32,
                        read(counters.get(h.counter())), intConst(COUNTED_ITERATIONS)), label(h.body()),
                        label(h.after())));
                case CountedLatch l -> {
                    Variable c = counters.get(l.counter());
                    yield List.of(write(c, new LExp.Binary(Op.ADD, LirType.I32, read(c), intConst(1))),
                            new Stmt.Jump(label(l.header())));
                }
            };
        }

        private Stmt decrementFuel() {
            return write(fuel, new LExp.Binary(Op.SUB, LirType.I32, read(fuel), intConst(1)));
        }

        private LExp fuelLeft() {
            return new LExp.Binary(Op.TSTGTS, LirType.I32, read(fuel), intConst(0));
        }

        private LExp.Label label(int block) {
            return new LExp.Label(ADDRESS, labelName(block));
        }

        private String labelName(int block) {
            return block == blockCount ? ".Lexit" : ".B" + block;
        }

        // ---- statements ----------------------------------------------------------------------

        private List<Stmt> initialisation() {
            List<Stmt> init = new ArrayList<>();
            for (int i = 0; i < ints.size(); i++) {
                LExp seed = intConst(random.nextInt(200) - 100);
                init.add(write(ints.get(i), index == 0 ? seed
                        : new LExp.Binary(Op.ADD, LirType.I32, read(param), seed)));
            }
            for (Variable w : wides) {
                init.add(write(w, LExp.IntConst.of(LirType.I64, random.nextLong(-1_000_000, 1_000_000))));
            }
            for (Variable d : doubles) {
                init.add(write(d, new LExp.FloatConst(LirType.F64, random.nextInt(-500, 500) / 8.0)));
            }
            init.add(write(fuel, intConst(config.fuel())));
            for (Variable c : countersAhead) {
                init.add(write(c, intConst(0)));
            }
            if (config.memory()) {
                for (int w = 0; w < FRAME_WORDS; w++) {
                    init.add(new Stmt.Set(LirType.I32, LExp.Mem.of(LirType.I32, element("buf", intConst(w))),
                            intConst(random.nextInt(100))));
                }
            }
            return init;
        }

        private List<Stmt> epilogue() {
            LExp sum = read(ints.get(0));
            for (int i = 1; i < ints.size(); i++) {
                sum = new LExp.Binary(Op.BXOR, LirType.I32, sum, read(ints.get(i)));
            }
            if (config.memory()) {
                sum = new LExp.Binary(Op.BXOR, LirType.I32, sum,
                        LExp.Mem.of(LirType.I32, element(index == 0 ? "gmem" : "buf", read(ints.get(1)))));
            }
            List<Stmt> out = new ArrayList<>();
            out.add(write(ints.get(0), sum));
            if (index == 0) {
                Vector<LExp> args = Vector.<LExp>of(new LExp.Static(ADDRESS, "fmt.main"))
                        .appendAll(Vector.ofAll(ints).map(this::read))
                        .appendAll(Vector.ofAll(wides).map(this::read))
                        .appendAll(Vector.ofAll(doubles).map(this::read));
                out.add(new Stmt.Call(new LExp.Static(ADDRESS, "printf"), args, Vector.empty()));
                out.add(new Stmt.Epilogue(0, 0, Vector.of(intConst(0))));
            } else {
                out.add(new Stmt.Epilogue(0, 0, Vector.of(read(ints.get(0)))));
            }
            return out;
        }

        private Stmt statement() {
            int choice = random.nextInt(20);
            if (choice < 2 && config.memory()) {
                return new Stmt.Set(LirType.I32, LExp.Mem.of(LirType.I32, anyElement()), intExpr(1));
            }
            if (choice < 4 && config.memory()) {
                return write(pick(ints), LExp.Mem.of(LirType.I32, anyElement()));
            }
            if (choice < 5 && config.calls() && index + 1 < functionCount) {
                int callee = index + 1 + random.nextInt(functionCount - index - 1);
                return new Stmt.Call(new LExp.Static(ADDRESS, functionName(callee)), Vector.of(intExpr(1)),
                        Vector.of(read(pick(ints))));
            }
            if (choice < 7) {
                Variable w = pick(wides);
                return write(w, new LExp.Binary(random.nextBoolean() ? Op.ADD : Op.MUL, LirType.I64, read(w),
                        new LExp.Unary(random.nextBoolean() ? Op.CONVSX : Op.CONVZX, LirType.I64, anyInt())));
            }
            if (choice < 8) {
                return write(pick(ints), new LExp.Unary(Op.CONVIT, LirType.I32, read(pick(wides))));
            }
            if (choice < 10 && config.floats()) {
                Variable d = pick(doubles);
                LExp operand = random.nextBoolean()
                        ? new LExp.Unary(Op.CONVSF, LirType.F64, anyInt())
                        : new LExp.FloatConst(LirType.F64, 0.5 + random.nextInt(8));
                Op op = switch (random.nextInt(3)) {
                    case 0 -> Op.ADD;
                    case 1 -> Op.SUB;
                    default -> Op.MUL;
                };
                return write(d, new LExp.Binary(op, LirType.F64, read(d), operand));
            }
            if (choice < 11) {
                return write(pick(ints), comparison());
            }
            return write(pick(ints), intExpr(2));
        }

        /** An I32 expression tree of at most the given depth with no undefined behaviour. */
        private LExp intExpr(int depth) {
            if (depth == 0 || random.nextInt(3) == 0) {
                return random.nextInt(3) == 0 ? intConst(random.nextInt(-50, 50)) : anyInt();
            }
            LExp left = intExpr(depth - 1);
            LExp right = intExpr(depth - 1);
            return switch (random.nextInt(12)) {
                case 0, 1 -> new LExp.Binary(Op.ADD, LirType.I32, left, right);
                case 2 -> new LExp.Binary(Op.SUB, LirType.I32, left, right);
                case 3 -> new LExp.Binary(Op.MUL, LirType.I32, left, right);
                case 4 -> new LExp.Binary(Op.BAND, LirType.I32, left, right);
                case 5 -> new LExp.Binary(Op.BOR, LirType.I32, left, right);
                case 6 -> new LExp.Binary(Op.BXOR, LirType.I32, left, right);
                case 7 -> new LExp.Binary(random.nextBoolean() ? Op.DIVS : Op.MODS, LirType.I32, left,
                        positiveOdd(right));
                case 8 -> new LExp.Binary(random.nextBoolean() ? Op.DIVU : Op.MODU, LirType.I32, left,
                        positiveOdd(right));
                case 9 -> new LExp.Binary(new Op[] {Op.LSHS, Op.RSHS, Op.RSHU}[random.nextInt(3)], LirType.I32,
                        left, new LExp.Binary(Op.BAND, LirType.I32, right, intConst(31)));
                case 10 -> new LExp.Unary(random.nextBoolean() ? Op.NEG : Op.BNOT, LirType.I32, left);
                default -> new LExp.If(LirType.I32, comparison(), left, right);
            };
        }

        /** {@code (x & 0x7fff) | 1}: never zero, never -1, so signed division cannot trap. */
        private LExp positiveOdd(LExp x) {
            return new LExp.Binary(Op.BOR, LirType.I32,
                    new LExp.Binary(Op.BAND, LirType.I32, x, intConst(0x7fff)), intConst(1));
        }

        private LExp comparison() {
            Op[] tests = {Op.TSTEQ, Op.TSTNE, Op.TSTLTS, Op.TSTLES, Op.TSTGTS, Op.TSTGES, Op.TSTLTU, Op.TSTGEU};
            LExp right = random.nextBoolean() ? anyInt() : intConst(random.nextInt(-20, 20));
            return new LExp.Binary(tests[random.nextInt(tests.length)], LirType.I32, anyInt(), right);
        }

        private LExp anyElement() {
            return element(random.nextBoolean() ? "gmem" : "buf", anyInt());
        }

        /** The address of {@code array[index & (words - 1)]} for the global or the frame array. */
        private LExp element(String array, LExp index) {
            int words = array.equals("gmem") ? GLOBAL_WORDS : FRAME_WORDS;
            LExp base = array.equals("gmem") ? new LExp.Static(ADDRESS, array) : new LExp.Frame(ADDRESS, array);
            LExp masked = new LExp.Binary(Op.BAND, LirType.I32, index, intConst(words - 1));
            return new LExp.Binary(Op.ADD, ADDRESS, base, new LExp.Binary(Op.MUL, ADDRESS,
                    new LExp.Unary(Op.CONVSX, ADDRESS, masked), LExp.IntConst.of(ADDRESS, 4)));
        }

        private LExp anyInt() {
            return read(pick(ints));
        }

        private Variable pick(List<Variable> from) {
            return from.get(random.nextInt(from.size()));
        }

        private LExp read(Variable v) {
            return config.storage() == Storage.REGISTERS
                    ? new LExp.Reg(v.type(), v.name())
                    : LExp.Mem.of(v.type(), new LExp.Frame(ADDRESS, v.name()));
        }

        private Stmt write(Variable v, LExp value) {
            return new Stmt.Set(v.type(), read(v), value);
        }
    }

    private static LExp.IntConst intConst(long value) {
        return LExp.IntConst.of(LirType.I32, value);
    }

    /** One step for the statement and one for each L-expression node in it. */
    private static long steps(Stmt stmt) {
        Vector<LExp> roots = switch (stmt) {
            case Stmt.Set s -> Vector.of(s.target(), s.value());
            case Stmt.JumpC j -> Vector.of(j.test());
            case Stmt.JumpN j -> Vector.of(j.value());
            case Stmt.Call c -> c.args().appendAll(c.receivers()).append(c.function());
            case Stmt.Prologue p -> p.params();
            case Stmt.Epilogue e -> e.results();
            case Stmt.Jump j -> Vector.empty();
            case Stmt.DefLabel d -> Vector.empty();
            case Stmt.Parallel p -> Vector.empty();
            case Stmt.Use u -> Vector.empty();
            case Stmt.Clobber c -> Vector.empty();
            case Stmt.Line l -> Vector.empty();
            case Stmt.Phi p -> Vector.empty();
        };
        long count = 1;
        List<LExp> stack = new ArrayList<>(roots.asJava());
        while (!stack.isEmpty()) {
            LExp e = stack.remove(stack.size() - 1);
            count++;
            stack.addAll(e.operands().asJava());
        }
        return count;
    }

    private static long saturatingAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private static long saturatingMultiply(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return (high == 0 && low >= 0) ? low : Long.MAX_VALUE;
    }
}
