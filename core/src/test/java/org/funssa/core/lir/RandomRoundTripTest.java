package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Printing then reading gives back the same model, for seeded random well-typed modules that use every
 * form, odd names and special floats: the reader and printer agree beyond what the corpus exercises.
 */
class RandomRoundTripTest {

    @Test
    void readingWhatThePrinterWroteGivesTheSameModule() {
        for (int seed = 0; seed < 300; seed++) {
            Module module = new Generator(new Random(seed)).module();
            String printed = LirPrinter.print(module);
            Module read = LirReader.read("seed" + seed + ".lir", printed);
            assertThat(read).as("seed %d:%n%s", seed, printed).isEqualTo(module);
            assertThat(LirPrinter.print(read)).isEqualTo(printed);
        }
    }

    /** Well-typed random LIR; every call of {@link #expression} makes a node of the asked type. */
    private static final class Generator {

        private static final Vector<LirType.Int> INTS = Vector.of(LirType.I8, LirType.I16, LirType.I32, LirType.I64);
        private static final Vector<LirType.Float> FLOATS = Vector.of(LirType.F32, LirType.F64);
        private static final double[] SPECIAL = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 1.0E-4, 3.4028234663852886E38, 0.1};

        private final Random random;

        Generator(Random random) {
            this.random = random;
        }

        Module module() {
            return new Module(name(), list(6, this::symbol), list(5, () -> random.nextBoolean() ? data() : function()));
        }

        private <T> Vector<T> list(int max, Supplier<T> element) {
            return Vector.fill(random.nextInt(max + 1), element);
        }

        private <T> T pick(Vector<T> choices) {
            return choices.get(random.nextInt(choices.size()));
        }

        private String name() {
            String alphabet = "ab.%_$x9\"\\\n\t\u0001é ";
            StringBuilder name = new StringBuilder();
            for (int i = random.nextInt(6); i >= 0; i--) {
                name.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            return name.toString();
        }

        private LirType anyType() {
            return switch (random.nextInt(4)) {
                case 0 -> pick(FLOATS);
                case 1 -> new LirType.Aggregate(8 * random.nextInt(100));
                default -> pick(INTS);
            };
        }

        private Symbol symbol() {
            Vector<Annotation> options = list(2, () -> new Annotation(pick(Vector.of("syminfo", "x", "opt2")),
                    list(4, () -> random.nextBoolean() ? new Annotation.Text(name())
                            : new Annotation.Number(BigInteger.valueOf(random.nextLong())))));
            return switch (random.nextInt(3)) {
                case 0 -> new Symbol.Static(name(), random.nextBoolean() ? LirType.UNKNOWN : anyType(),
                        random.nextInt(16), name(), pick(Vector.of(Symbol.Linkage.values())), options);
                case 1 -> new Symbol.Frame(name(), anyType(), random.nextInt(16), random.nextLong(), options);
                default -> new Symbol.Reg(name(), anyType(), random.nextInt(16), random.nextInt(), options);
            };
        }

        private Module.Data data() {
            return new Module.Data(name(), list(4, () -> switch (random.nextInt(4)) {
                case 0 -> new Module.Zeros(random.nextInt(1000));
                case 1 -> new Module.Space(random.nextLong() & Long.MAX_VALUE);
                default -> {
                    LirType type = random.nextBoolean() ? pick(INTS) : pick(FLOATS);
                    yield new Module.Values(type, list(5, () -> expression(type, random.nextInt(3))));
                }
            }));
        }

        private Module.Function function() {
            return new Module.Function(name(), list(4, this::symbol), list(12, this::statement));
        }

        private Stmt statement() {
            LirType type = random.nextBoolean() ? pick(INTS) : pick(FLOATS);
            return switch (random.nextInt(13)) {
                case 0 -> new Stmt.Set(type, target(type), expression(type, 3));
                case 1 -> new Stmt.Jump(label());
                case 2 -> new Stmt.JumpC(comparison(pick(INTS), 2), label(), label());
                case 3 -> {
                    LirType.Int switched = pick(INTS);
                    yield new Stmt.JumpN(expression(switched, 2),
                            list(4, () -> new Stmt.Case(intConst(switched), label())), label());
                }
                case 4 -> new Stmt.Call(expression(LirType.I64, 1), list(3, () -> expression(type, 2)),
                        list(2, () -> target(type)));
                case 5 -> new Stmt.Prologue(random.nextInt(64), random.nextInt(64), list(3, () -> target(type)));
                case 6 -> new Stmt.Epilogue(random.nextInt(64), random.nextInt(64), list(2, () -> expression(type, 1)));
                case 7 -> new Stmt.DefLabel(name());
                case 8 -> new Stmt.Parallel(list(3, () -> new Stmt.Set(type, target(type), expression(type, 2))));
                case 9 -> new Stmt.Use(list(3, () -> new LExp.Reg(pick(INTS), name())));
                case 10 -> new Stmt.Clobber(list(3, () -> new LExp.Reg(pick(INTS), name())));
                case 11 -> new Stmt.Line(random.nextInt(Integer.MAX_VALUE));
                default -> new Stmt.Phi(type, target(type),
                        list(3, () -> new Stmt.PhiArg(expression(type, 2), label())));
            };
        }

        private LExp.Label label() {
            return new LExp.Label(LirType.I64, name());
        }

        private LExp target(LirType type) {
            return switch (random.nextInt(3)) {
                case 0 -> new LExp.Reg(type, name());
                case 1 -> new LExp.Subreg(type, new LExp.Reg(LirType.I64, name()), random.nextInt(4));
                default -> mem(type, 2);
            };
        }

        private LExp.Mem mem(LirType type, int depth) {
            return new LExp.Mem(type, expression(LirType.I64, depth), random.nextBoolean(), random.nextBoolean(),
                    random.nextBoolean() ? Option.of(1 << random.nextInt(5)) : Option.none());
        }

        private LExp.IntConst intConst(LirType.Int type) {
            BigInteger value = new BigInteger(type.bits(), random);
            return new LExp.IntConst(type, random.nextBoolean() ? value
                    : value.subtract(BigInteger.ONE.shiftLeft(type.bits() - 1)));
        }

        private LExp comparison(LirType.Int type, int depth) {
            LirType operands = random.nextBoolean() ? pick(INTS) : pick(FLOATS);
            Op op = pick(Vector.of(Op.values()).filter(Op::isComparison));
            return new LExp.Binary(op, type, expression(operands, depth - 1), expression(operands, depth - 1));
        }

        private LExp expression(LirType type, int depth) {
            if (depth <= 0 || random.nextInt(4) == 0) {
                return leaf(type);
            }
            int next = depth - 1;
            return switch (type) {
                case LirType.Int t -> switch (random.nextInt(8)) {
                    case 0 -> new LExp.Binary(pick(Vector.of(Op.values()).filter(o -> o.kind() == Op.Kind.ARITHMETIC)),
                            t, expression(t, next), expression(t, next));
                    case 1 -> new LExp.Binary(pick(Vector.of(Op.LSHS, Op.LSHU, Op.RSHS, Op.RSHU)), t,
                            expression(t, next), expression(pick(INTS), next));
                    case 2 -> comparison(t, depth);
                    case 3 -> new LExp.Unary(pick(Vector.of(Op.NEG, Op.BNOT)), t, expression(t, next));
                    case 4 -> new LExp.Unary(pick(Vector.of(Op.CONVSX, Op.CONVZX)), t,
                            expression(pick(INTS.filter(i -> i.bits() <= t.bits())), next));
                    case 5 -> new LExp.Unary(Op.CONVIT, t, expression(pick(INTS.filter(i -> i.bits() >= t.bits())), next));
                    case 6 -> new LExp.Unary(pick(Vector.of(Op.CONVFI, Op.CONVFS, Op.CONVFU)), t,
                            expression(pick(FLOATS), next));
                    default -> new LExp.If(t, expression(pick(INTS), next), expression(t, next), expression(t, next));
                };
                case LirType.Float t -> switch (random.nextInt(5)) {
                    case 0 -> new LExp.Binary(pick(Vector.of(Op.ADD, Op.SUB, Op.MUL, Op.DIVS)), t,
                            expression(t, next), expression(t, next));
                    case 1 -> new LExp.Unary(Op.NEG, t, expression(t, next));
                    case 2 -> new LExp.Unary(t.bits() == 64 ? Op.CONVFX : Op.CONVFT, t,
                            expression(t.bits() == 64 ? LirType.F32 : LirType.F64, next));
                    case 3 -> new LExp.Unary(pick(Vector.of(Op.CONVSF, Op.CONVUF)), t, expression(pick(INTS), next));
                    default -> new LExp.If(t, expression(pick(INTS), next), expression(t, next), expression(t, next));
                };
                default -> leaf(type);
            };
        }

        private LExp leaf(LirType type) {
            return switch (random.nextInt(5)) {
                case 0 -> new LExp.Reg(type, name());
                case 1 -> mem(type, 1);
                case 2 -> new LExp.Subreg(type, new LExp.Reg(LirType.I64, name()), random.nextInt(3));
                default -> switch (type) {
                    case LirType.Int t -> type.equals(LirType.I64) && random.nextBoolean()
                            ? pick(Vector.of(new LExp.Static(t, name()), new LExp.Frame(t, name()), new LExp.Label(t, name())))
                            : intConst(t);
                    case LirType.Float t -> new LExp.FloatConst(t, random.nextBoolean()
                            ? SPECIAL[random.nextInt(SPECIAL.length)]
                            : Double.longBitsToDouble(random.nextLong()));
                    default -> new LExp.Reg(type, name());
                };
            };
        }
    }
}
