package org.funssa.cps.interp;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.funssa.core.interp.Arith;
import org.funssa.core.interp.FrameLayout;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.interp.libc.LibraryFunction;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;

/**
 * Compiles one IR function into an {@link IrCode}: every variable gets a slot of its own (names are unique
 * in a function), every constant, static address and ⊥ a slot preset in the frame's initial slots, every
 * FRAME address a slot set on entry; each let becomes a closure over slot numbers, each body's tail a jump
 * to the first instruction of the target's body after a parallel move of the arguments. A construct that
 * cannot be executed (an unbound variable, a jump to an unknown label, an I128 value) becomes an instruction
 * that fails with a clear message when reached, so the rest of the program still runs. The bodies are numbered
 * by the rewrite kit's {@link Nest}, without recursion.
 */
final class IrCompiler {

    /** What the compiler needs to know of the program. */
    interface Context {
        /** The compiled function of that name, or null if the program has none. */
        IrCode function(String name);

        /** The library function of that name, or null if the library has none. */
        LibraryFunction library(String name);

        /** Whether a called static symbol is a function the program does not define (a library call). */
        boolean isExternal(String name);

        /** The address of a static symbol; throws a trap if there is none. */
        long address(String name);
    }

    private record Slot(Shape shape, int index) {}

    private final IrCode out;
    private final Function fn;
    private final Context context;
    private final FrameLayout layout;
    private final Map<Atom.Var, Slot> variables = new HashMap<>();
    /** For each data variable of a predicated let: the slot telling whether its definition executed (1) or not. */
    private final Map<Atom.Var, Integer> executed = new HashMap<>();
    private final Map<Long, Integer> constantSlots = new HashMap<>();
    private long[] constants = new long[16];
    private int scalars;
    private final List<byte[]> blockInit = new ArrayList<>();
    private final Map<Integer, Integer> zeroBlocks = new HashMap<>();
    private final Map<String, Integer> frameSlots = new HashMap<>();
    /** The bodies, numbered in preorder: body {@code id} is compiled as block {@code id}. */
    private Nest nest;
    private int[] starts;

    private IrCompiler(IrCode out, Context context) {
        this.out = out;
        this.fn = out.source;
        this.context = context;
        this.layout = FrameLayout.of(fn.symbols());
    }

    static void compile(IrCode out, Context context) {
        new IrCompiler(out, context).run();
    }

    private void run() {
        index();
        List<Instr> code = new ArrayList<>();
        for (int id = 0; id < nest.size(); id++) {
            Body body = nest.body(id);
            int block = id;
            for (int j = 0; j < body.lets().size(); j++) {
                int index = j;
                Let let = body.lets().get(j);
                int next = code.size() + 1;
                code.add(guarded(block, index, () -> let(let, block, index, next)));
            }
            code.add(guarded(block, body.lets().size(), () -> tail(body.tail(), block, body.lets().size())));
        }
        Vector<Atom.Var> data = fn.params().filter(p -> Shape.of(p.type()) != Shape.NONE);
        out.code = code.toArray(new Instr[0]);
        out.paramSlots = data.map(p -> variables.get(p).index()).toJavaStream().mapToInt(i -> i).toArray();
        out.paramTypes = data.map(p -> (Type.Data) p.type()).toJavaArray(Type.Data[]::new);
        out.entryCost = 1 + data.size();
        out.constants = Arrays.copyOf(constants, scalars);
        out.blocks = blockInit.toArray(new byte[0][]);
        out.frameSlots = new int[frameSlots.size()];
        out.frameOffsets = new long[frameSlots.size()];
        int k = 0;
        for (Map.Entry<String, Integer> e : frameSlots.entrySet()) {
            out.frameSlots[k] = e.getValue();
            out.frameOffsets[k++] = layout.offsets().get(e.getKey()).get();
        }
        out.frameSize = layout.size().getOrElse(-1L);
        out.blockNames = new String[nest.size()];
        for (int id = 0; id < nest.size(); id++) {
            out.blockNames[id] = id == Nest.ROOT ? fn.name() : nest.fn(id).label().name();
        }
    }

    /** Numbers the bodies (the function's, then the local functions' in preorder), binds slots. */
    private void index() {
        nest = Nest.of(fn);
        starts = new int[nest.size()];
        int pc = 0;
        for (int id = 0; id < nest.size(); id++) {
            Body body = nest.body(id);
            nest.params(id).forEach(this::bind);
            for (Let let : body.lets()) {
                for (int i = 0; i < let.arity(); i++) {
                    bind(let.var(i));
                    if (let.isGuarded() && Shape.of(let.var(i).type()) != Shape.NONE) {
                        executed.putIfAbsent(let.var(i), newScalar(0));
                    }
                }
            }
            starts[id] = pc;
            pc += body.lets().size() + 1;
        }
    }

    private void bind(Atom.Var v) {
        variables.computeIfAbsent(v, n -> {
            Shape shape = Shape.of(v.type());
            return switch (shape) {
                case INT, FLOAT -> {
                    checkedBits(v.type());
                    yield new Slot(shape, newScalar(0));
                }
                case BLOCK -> {
                    blockInit.add(null);
                    yield new Slot(shape, blockInit.size() - 1);
                }
                case NONE -> new Slot(shape, -1);
            };
        });
    }

    private int newScalar(long initial) {
        if (scalars == constants.length) {
            constants = Arrays.copyOf(constants, scalars * 2);
        }
        constants[scalars] = initial;
        return scalars++;
    }

    private Instr guarded(int block, int index, Supplier<Instr> compile) {
        try {
            return compile.get();
        } catch (RuntimeTrap t) {
            return Instr.trap(block, index, t.kind(), t.getMessage());
        }
    }

    private static RuntimeTrap unsupported(String what) {
        return new RuntimeTrap(RuntimeError.Kind.UNSUPPORTED, what);
    }

    private static int checkedBits(Type t) {
        int bits = ((Type.Data) t).lir().bits();
        if (t.isInteger() && bits > 64) {
            throw unsupported("I128 values are not supported by the interpreter (no program of the corpus uses them)");
        }
        return bits;
    }

    // ---------------------------------------------------------------- operands

    private Slot variable(Atom.Var v) {
        Slot s = variables.get(v);
        if (s == null) {
            throw unsupported("variable " + v.hint() + " is not bound in function '" + fn.name() + "'");
        }
        if (s.shape() != Shape.of(v.type())) {
            throw unsupported("variable " + v.hint() + " is used as " + v.type() + " but bound with another type");
        }
        return s;
    }

    private int constant(long raw) {
        return constantSlots.computeIfAbsent(raw, this::newScalar);
    }

    /** The slot of a scalar operand. */
    private int scalar(Atom a) {
        return switch (a) {
            case Atom.Var v -> {
                Slot s = variable(v);
                if (!s.shape().scalar()) {
                    throw unsupported("variable " + v.hint() + " of type " + v.type() + " used as a number");
                }
                yield s.index();
            }
            case Atom.IntLit i -> constant(Arith.normalize(checkedBits(i.type()), i.value().longValue()));
            case Atom.FloatLit x ->
                    constant(Double.doubleToRawLongBits(Arith.roundTo(x.type().lir().bits(), x.value())));
            case Atom.Addr ad when ad.space() == Atom.Space.STATIC ->
                    constant(Arith.normalize(checkedBits(ad.type()), context.address(ad.symbol())));
            case Atom.Addr ad -> {
                if (layout.offsets().get(ad.symbol()).isEmpty()) {
                    throw new RuntimeTrap(RuntimeError.Kind.MEMORY_ACCESS,
                            "FRAME symbol " + ad.symbol() + " is not in the symbol table of '" + fn.name() + "'");
                }
                yield frameSlots.computeIfAbsent(ad.symbol(), s -> newScalar(0));
            }
            case Atom.Undef u -> {
                if (!Shape.of(u.type()).scalar()) {
                    throw unsupported("⊥ of type " + u.type() + " used as a number");
                }
                checkedBits(u.type());
                yield constant(0);
            }
        };
    }

    /** The slot of an aggregate operand. */
    private int block(Atom a) {
        return switch (a) {
            case Atom.Var v when variable(v).shape() == Shape.BLOCK -> variable(v).index();
            case Atom.Undef u when Shape.of(u.type()) == Shape.BLOCK -> zeroBlocks.computeIfAbsent(
                    ((Type.Data) u.type()).lir().bytes(), n -> {
                        blockInit.add(new byte[n]);
                        return blockInit.size() - 1;
                    });
            default -> throw unsupported("an aggregate value expected, found " + a);
        };
    }

    // ---------------------------------------------------------------- lets

    private Instr let(Let let, int block, int index, int next) {
        Expr e = let.expr();
        if (let.arity() != e.resultTypes().size()) {
            throw unsupported("a let binds " + let.arity() + " variables to " + e.resultTypes().size() + " results");
        }
        int cost = 1 + e.operands().count(a -> !(a.type() instanceof Type.Mem)) + (let.isGuarded() ? 1 : 0);
        if (e instanceof Expr.Call c) {
            Instr.Call call = call(c, let.vars(), next);
            if (let.guard() instanceof Guard.When(Atom p)) {
                call = call.guarded(new Instr.Guarded(scalar(p), mark(let, 1, -1), mark(let, 0, next)));
            }
            return Instr.call(cost, block, index, call);
        }
        Slot d = variable(let.var(0));
        Instr.Exec exec = switch (e) {
            case Expr.Copy c -> copy(c.value(), d, next);
            case Expr.Prim p -> prim(p, d.index(), next);
            case Expr.Select s -> select(s, d, next);
            case Expr.Load l -> load(l, d, next);
            case Expr.Store s -> store(s, next);
            case Expr.Psi s -> psi(s, d, next);
            case Expr.Call c -> throw new IllegalStateException("calls are compiled above");
        };
        if (let.guard() instanceof Guard.When(Atom p)) {
            int g = scalar(p);
            Instr.Exec taken = mark(let, 1, -1);
            Instr.Exec skipped = mark(let, 0, next);
            Instr.Exec evaluate = exec;
            exec = f -> {
                if (f.r[g] == 0) {
                    return skipped.exec(f);
                }
                taken.exec(f);
                return evaluate.exec(f);
            };
        }
        return Instr.plain(cost, block, index, exec);
    }

    /**
     * Marks a predicated let's data variables as defined ({@code 1}) or not ({@code 0}); a variable left undefined
     * holds ⊥ (0, or an all-zero aggregate), as a register whose predicated write did not happen holds no value
     * of the let's. Returns {@code next}.
     */
    private Instr.Exec mark(Let let, int defined, int next) {
        Vector<Atom.Var> data = let.vars().filter(v -> Shape.of(v.type()) != Shape.NONE);
        int[] flags = data.map(executed::get).toJavaStream().mapToInt(i -> i).toArray();
        if (defined == 1) {
            return f -> {
                for (int flag : flags) {
                    f.r[flag] = 1;
                }
                return next;
            };
        }
        int[] scalars = data.filter(v -> Shape.of(v.type()).scalar()).map(v -> variable(v).index())
                .toJavaStream().mapToInt(i -> i).toArray();
        int[] blocks = data.filter(v -> Shape.of(v.type()) == Shape.BLOCK).map(v -> variable(v).index())
                .toJavaStream().mapToInt(i -> i).toArray();
        int[] zeros = data.filter(v -> Shape.of(v.type()) == Shape.BLOCK)
                .map(v -> block(new Atom.Undef(v.type()))).toJavaStream().mapToInt(i -> i).toArray();
        return f -> {
            for (int flag : flags) {
                f.r[flag] = 0;
            }
            for (int t : scalars) {
                f.r[t] = 0;
            }
            for (int i = 0; i < blocks.length; i++) {
                f.a[blocks[i]] = f.a[zeros[i]];
            }
            return next;
        };
    }

    /**
     * {@code ψ(p₁?a₁, …, pₙ?aₙ)}: the rightmost argument whose guard holds, ⊥ when none does. Selecting an argument
     * whose predicated definition did not execute fails: its value is not the program's.
     */
    private Instr.Exec psi(Expr.Psi s, Slot d, int next) {
        Vector<Expr.Psi.Arg> args = s.args();
        int n = args.size();
        int[] guards = new int[n];
        int[] values = new int[n];
        int[] flags = new int[n];
        String[] names = new String[n];
        boolean block = d.shape() == Shape.BLOCK;
        for (int i = 0; i < n; i++) {
            Expr.Psi.Arg arg = args.get(i);
            guards[i] = scalar(arg.guard());
            values[i] = block ? block(arg.value()) : scalar(arg.value());
            flags[i] = arg.value() instanceof Atom.Var v ? executed.getOrDefault(v, -1) : -1;
            names[i] = arg.value() instanceof Atom.Var v ? v.hint() : arg.value().toString();
        }
        int t = d.index();
        int none = block ? block(new Atom.Undef(s.type())) : constant(0);
        return f -> {
            long[] r = f.r;
            int chosen = none;
            for (int i = n - 1; i >= 0; i--) {
                if (r[guards[i]] != 0) {
                    if (flags[i] >= 0 && r[flags[i]] == 0) {
                        throw new RuntimeTrap(RuntimeError.Kind.UNDEFINED_PSI_ARGUMENT, "ψ selected argument " + (i + 1)
                                + " (" + names[i] + "), whose predicated definition did not execute");
                    }
                    chosen = values[i];
                    break;
                }
            }
            if (block) {
                f.a[t] = f.a[chosen];
            } else {
                r[t] = r[chosen];
            }
            return next;
        };
    }

    private Instr.Exec copy(Atom value, Slot d, int next) {
        int t = d.index();
        return switch (d.shape()) {
            case INT, FLOAT -> {
                int s = scalar(value);
                yield f -> {
                    f.r[t] = f.r[s];
                    return next;
                };
            }
            case BLOCK -> {
                int s = block(value);
                yield f -> {
                    f.a[t] = f.a[s];
                    return next;
                };
            }
            case NONE -> f -> next;
        };
    }

    private Instr.Exec select(Expr.Select s, Slot d, int next) {
        int c = scalar(s.condition());
        int t = d.index();
        if (d.shape() == Shape.BLOCK) {
            int x = block(s.ifTrue());
            int y = block(s.ifFalse());
            return f -> {
                f.a[t] = f.a[f.r[c] != 0 ? x : y];
                return next;
            };
        }
        int x = scalar(s.ifTrue());
        int y = scalar(s.ifFalse());
        return f -> {
            long[] r = f.r;
            r[t] = r[r[c] != 0 ? x : y];
            return next;
        };
    }

    private Instr.Exec load(Expr.Load l, Slot d, int next) {
        int p = scalar(l.address());
        int t = d.index();
        return switch (l.type().lir()) {
            case LirType.Int i -> switch (checkedBits(l.type())) {
                case 8 -> f -> {
                    f.r[t] = f.memory.loadI8(f.r[p]);
                    return next;
                };
                case 16 -> f -> {
                    f.r[t] = f.memory.loadI16(f.r[p]);
                    return next;
                };
                case 32 -> f -> {
                    f.r[t] = f.memory.loadI32(f.r[p]);
                    return next;
                };
                default -> f -> {
                    f.r[t] = f.memory.loadI64(f.r[p]);
                    return next;
                };
            };
            case LirType.Float x -> {
                int bits = x.bits();
                yield f -> {
                    f.r[t] = Double.doubleToRawLongBits(f.memory.loadFloat(bits, f.r[p]));
                    return next;
                };
            }
            case LirType.Aggregate x -> {
                int bytes = x.bytes();
                yield f -> {
                    f.a[t] = f.memory.read(f.r[p], bytes);
                    return next;
                };
            }
            case LirType.Unknown u -> throw unsupported("load of UNKNOWN type");
        };
    }

    private Instr.Exec store(Expr.Store s, int next) {
        int p = scalar(s.address());
        return switch (s.type().lir()) {
            case LirType.Int i -> {
                int bits = checkedBits(s.type());
                int v = scalar(s.value());
                yield f -> {
                    f.memory.storeInt(bits, f.r[p], f.r[v]);
                    return next;
                };
            }
            case LirType.Float x -> {
                int bits = x.bits();
                int v = scalar(s.value());
                yield f -> {
                    f.memory.storeFloat(bits, f.r[p], Double.longBitsToDouble(f.r[v]));
                    return next;
                };
            }
            case LirType.Aggregate x -> {
                int v = block(s.value());
                int bytes = x.bytes();
                yield f -> {
                    byte[] value = f.a[v];
                    f.memory.write(f.r[p], value.length == bytes ? value : Arrays.copyOf(value, bytes));
                    return next;
                };
            }
            case LirType.Unknown u -> throw unsupported("store of UNKNOWN type");
        };
    }

    private Instr.Call call(Expr.Call c, Vector<Atom.Var> vars, int next) {
        IrCode direct = null;
        LibraryFunction library = null;
        String libraryName = null;
        int function = -1;
        if (c.function() instanceof Atom.Addr ad && ad.space() == Atom.Space.STATIC
                && context.function(ad.symbol()) != null) {
            direct = context.function(ad.symbol());
        } else if (c.function() instanceof Atom.Addr ad && ad.space() == Atom.Space.STATIC
                && context.isExternal(ad.symbol())) {
            library = context.library(ad.symbol());
            libraryName = ad.symbol();
        } else {
            function = scalar(c.function());
        }
        Vector<Atom> args = c.args();
        Shape[] shapes = args.map(a -> Shape.of(a.type())).toJavaArray(Shape[]::new);
        int[] argSlots = new int[args.size()];
        for (int i = 0; i < args.size(); i++) {
            argSlots[i] = switch (shapes[i]) {
                case INT, FLOAT -> scalar(args.get(i));
                case BLOCK -> block(args.get(i));
                case NONE -> throw unsupported("a memory token passed as an argument");
            };
        }
        Vector<Atom.Var> results = vars.take(c.results().size());
        for (Atom.Var v : results) {
            if (variable(v).shape() == Shape.NONE) {
                throw unsupported("call result " + v.hint() + " is a memory token");
            }
        }
        return new Instr.Call(direct, library, libraryName, function, argSlots, shapes,
                args.map(a -> ((Type.Data) a.type()).lir()).toJavaArray(LirType[]::new),
                results.map(v -> variable(v).index()).toJavaStream().mapToInt(i -> i).toArray(),
                c.results().toJavaArray(Type.Data[]::new), next, null);
    }

    // ---------------------------------------------------------------- pure operators

    private Instr.Exec prim(Expr.Prim p, int d, int next) {
        Op op = p.op();
        Vector<Atom> xs = p.operands();
        Type operandType = xs.get(0).type();
        int x = scalar(xs.get(0));
        int bits = checkedBits(p.type());
        return switch (op.kind()) {
            case ARITHMETIC, SHIFT -> {
                int y = scalar(xs.get(1));
                if (p.type().isFloat()) {
                    yield floatBinary(op, bits, d, x, y, next);
                }
                yield intBinary(op, bits, d, x, y, next);
            }
            case COMPARE -> {
                int y = scalar(xs.get(1));
                if (operandType.isFloat()) {
                    yield f -> {
                        long[] r = f.r;
                        r[d] = Arith.compare(op, Double.longBitsToDouble(r[x]), Double.longBitsToDouble(r[y])) ? 1 : 0;
                        return next;
                    };
                }
                int width = checkedBits(operandType);
                yield switch (op) {
                    case TSTEQ -> f -> {
                        long[] r = f.r;
                        r[d] = r[x] == r[y] ? 1 : 0;
                        return next;
                    };
                    case TSTNE -> f -> {
                        long[] r = f.r;
                        r[d] = r[x] != r[y] ? 1 : 0;
                        return next;
                    };
                    case TSTLTS -> f -> {
                        long[] r = f.r;
                        r[d] = r[x] < r[y] ? 1 : 0;
                        return next;
                    };
                    case TSTGTS -> f -> {
                        long[] r = f.r;
                        r[d] = r[x] > r[y] ? 1 : 0;
                        return next;
                    };
                    default -> f -> {
                        long[] r = f.r;
                        r[d] = Arith.compare(op, width, r[x], r[y]) ? 1 : 0;
                        return next;
                    };
                };
            }
            case UNARY -> {
                if (p.type().isFloat()) {
                    if (op != Op.NEG) {
                        throw unsupported(op + " on floats");
                    }
                    yield f -> {
                        f.r[d] = Double.doubleToRawLongBits(-Double.longBitsToDouble(f.r[x]));
                        return next;
                    };
                }
                yield op == Op.NEG ? f -> {
                    f.r[d] = Arith.neg(bits, f.r[x]);
                    return next;
                } : f -> {
                    f.r[d] = Arith.bnot(bits, f.r[x]);
                    return next;
                };
            }
            case CONVERSION -> conversion(op, bits, operandType, d, x, next);
        };
    }

    private static Instr.Exec intBinary(Op op, int bits, int d, int x, int y, int next) {
        return switch (op) {
            case ADD -> bits == 32 ? f -> {
                long[] r = f.r;
                r[d] = (int) (r[x] + r[y]);
                return next;
            } : f -> {
                long[] r = f.r;
                r[d] = Arith.normalize(bits, r[x] + r[y]);
                return next;
            };
            case SUB -> bits == 32 ? f -> {
                long[] r = f.r;
                r[d] = (int) (r[x] - r[y]);
                return next;
            } : f -> {
                long[] r = f.r;
                r[d] = Arith.normalize(bits, r[x] - r[y]);
                return next;
            };
            case MUL -> f -> {
                long[] r = f.r;
                r[d] = Arith.normalize(bits, r[x] * r[y]);
                return next;
            };
            case BAND -> f -> {
                long[] r = f.r;
                r[d] = r[x] & r[y];
                return next;
            };
            case BOR -> f -> {
                long[] r = f.r;
                r[d] = r[x] | r[y];
                return next;
            };
            case BXOR -> f -> {
                long[] r = f.r;
                r[d] = r[x] ^ r[y];
                return next;
            };
            case DIVS, DIVU, MODS, MODU, LSHS, LSHU, RSHS, RSHU -> f -> {
                long[] r = f.r;
                r[d] = Arith.binary(op, bits, r[x], r[y]);
                return next;
            };
            default -> throw unsupported(op + " on integers");
        };
    }

    private static Instr.Exec floatBinary(Op op, int bits, int d, int x, int y, int next) {
        return switch (op) {
            case ADD, SUB, MUL, DIVS, DIVU -> f -> {
                long[] r = f.r;
                r[d] = Double.doubleToRawLongBits(
                        Arith.binary(op, bits, Double.longBitsToDouble(r[x]), Double.longBitsToDouble(r[y])));
                return next;
            };
            default -> throw unsupported(op + " on floats");
        };
    }

    private static Instr.Exec conversion(Op op, int bits, Type from, int d, int x, int next) {
        int fromBits = checkedBits(from);
        return switch (op) {
            case CONVSX, CONVIT -> f -> {
                f.r[d] = Arith.normalize(bits, f.r[x]);
                return next;
            };
            case CONVZX -> f -> {
                f.r[d] = Arith.zeroExtend(fromBits, bits, f.r[x]);
                return next;
            };
            case CONVFS -> f -> {
                f.r[d] = Arith.floatToSigned(bits, Double.longBitsToDouble(f.r[x]));
                return next;
            };
            case CONVFU, CONVFI -> f -> {
                f.r[d] = Arith.floatToUnsigned(bits, Double.longBitsToDouble(f.r[x]));
                return next;
            };
            case CONVSF -> f -> {
                f.r[d] = Double.doubleToRawLongBits(Arith.signedToFloat(bits, f.r[x]));
                return next;
            };
            case CONVUF -> f -> {
                f.r[d] = Double.doubleToRawLongBits(Arith.unsignedToFloat(fromBits, bits, f.r[x]));
                return next;
            };
            case CONVFX, CONVFT -> f -> {
                f.r[d] = Double.doubleToRawLongBits(Arith.floatToFloat(bits, Double.longBitsToDouble(f.r[x])));
                return next;
            };
            default -> throw unsupported(op + " is not a conversion");
        };
    }

    // ---------------------------------------------------------------- tails

    private Instr tail(Tail tail, int block, int index) {
        int cost = 1 + tail.operands().count(a -> !(a.type() instanceof Type.Mem));
        return switch (tail) {
            case Tail.Jump j -> {
                int target = target(j);
                Instr.Move m = move(j);
                boolean empty = m.from().length + m.blocksFrom().length == 0;
                yield Instr.plain(cost, block, index, empty ? f -> target : f -> {
                    m.apply(f);
                    return target;
                });
            }
            case Tail.Branch b -> {
                int c = scalar(b.condition());
                int t = target(b.ifTrue());
                int e = target(b.ifFalse());
                Instr.Move mt = move(b.ifTrue());
                Instr.Move me = move(b.ifFalse());
                yield Instr.plain(cost, block, index, f -> {
                    if (f.r[c] != 0) {
                        mt.apply(f);
                        return t;
                    }
                    me.apply(f);
                    return e;
                });
            }
            case Tail.Switch s -> {
                int v = scalar(s.value());
                int bits = Math.min(64, checkedBits(s.value().type()));
                Vector<Tail.Case> cases = s.cases().sortBy(c -> Arith.normalize(bits, c.value().longValue()));
                long[] values = cases.map(c -> Arith.normalize(bits, c.value().longValue()))
                        .toJavaStream().mapToLong(Long::longValue).toArray();
                int[] targets = cases.map(c -> target(c.target())).toJavaStream().mapToInt(i -> i).toArray();
                Instr.Move[] moves = cases.map(c -> move(c.target())).toJavaArray(Instr.Move[]::new);
                int otherwise = target(s.otherwise());
                Instr.Move om = move(s.otherwise());
                yield Instr.plain(cost, block, index, f -> {
                    int k = Arrays.binarySearch(values, f.r[v]);
                    if (k >= 0) {
                        moves[k].apply(f);
                        return targets[k];
                    }
                    om.apply(f);
                    return otherwise;
                });
            }
            case Tail.Return r -> {
                Vector<Atom> values = r.values().filter(a -> !(a.type() instanceof Type.Mem));
                Shape[] shapes = values.map(a -> Shape.of(a.type())).toJavaArray(Shape[]::new);
                int[] slots = new int[values.size()];
                for (int i = 0; i < slots.length; i++) {
                    slots[i] = shapes[i] == Shape.BLOCK ? block(values.get(i)) : scalar(values.get(i));
                }
                yield Instr.ret(cost, block, index, new Instr.Return(slots, shapes,
                        values.map(a -> ((Type.Data) a.type()).lir()).toJavaArray(LirType[]::new)));
            }
        };
    }

    private int targetBody(Tail.Jump j) {
        int id = nest.node(j.target());
        if (id < 0) {
            throw new RuntimeTrap(RuntimeError.Kind.MISSING_LABEL, "jump to " + j.target().name()
                    + ", which function '" + fn.name() + "' does not define");
        }
        return id;
    }

    private int target(Tail.Jump j) {
        return starts[targetBody(j)];
    }

    private Instr.Move move(Tail.Jump j) {
        Vector<Atom.Var> ps = nest.params(targetBody(j));
        if (ps.size() != j.args().size()) {
            throw unsupported("jump to " + j.target().name() + " passes " + j.args().size() + " arguments to "
                    + ps.size() + " parameters");
        }
        List<int[]> scalarMoves = new ArrayList<>();
        List<int[]> blockMoves = new ArrayList<>();
        for (int i = 0; i < ps.size(); i++) {
            Slot p = variable(ps.get(i));
            switch (p.shape()) {
                case INT, FLOAT -> scalarMoves.add(new int[] {scalar(j.args().get(i)), p.index()});
                case BLOCK -> blockMoves.add(new int[] {block(j.args().get(i)), p.index()});
                case NONE -> { }
            }
        }
        return Instr.Move.of(scalarMoves.stream().mapToInt(m -> m[0]).toArray(),
                scalarMoves.stream().mapToInt(m -> m[1]).toArray(),
                blockMoves.stream().mapToInt(m -> m[0]).toArray(),
                blockMoves.stream().mapToInt(m -> m[1]).toArray());
    }
}
