package org.funssa.core.interp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;

/**
 * L-expressions too deep for nested closures, compiled to a postfix program run on an explicit operand
 * stack, so that neither compiling nor evaluating them recurses on the Java stack. Same semantics as the
 * closures of {@link FunctionCompiler} (both are {@link Arith}'s); {@code IF} is compiled with branches, so
 * only the chosen arm is evaluated. Floats travel on the stack as their double's bits.
 */
final class StackExpr {

    /** One step of the postfix program. */
    private sealed interface Step permits Apply, BranchIfZero, Goto {}

    /** Pops its operands and pushes its result; returns the new stack height. */
    @FunctionalInterface
    private non-sealed interface Apply extends Step {
        int apply(Frame f, long[] stack, int sp);
    }

    private static final class BranchIfZero implements Step {
        int target;
    }

    private static final class Goto implements Step {
        int target;
    }

    private final Step[] steps;
    private final int maxStack;

    private StackExpr(Step[] steps, int maxStack) {
        this.steps = steps;
        this.maxStack = maxStack;
    }

    /** Evaluates the program; the result is the value left on the stack. */
    long run(Frame f) {
        long[] stack = new long[maxStack];
        int sp = 0;
        int pc = 0;
        while (pc < steps.length) {
            switch (steps[pc]) {
                case Apply a -> {
                    sp = a.apply(f, stack, sp);
                    pc++;
                }
                case BranchIfZero b -> pc = stack[--sp] != 0 ? pc + 1 : b.target;
                case Goto g -> pc = g.target;
            }
        }
        return stack[0];
    }

    /** The nesting depth of an expression, computed without recursion. */
    static int depth(LExp root) {
        int max = 0;
        ArrayDeque<LExp> nodes = new ArrayDeque<>();
        ArrayDeque<Integer> depths = new ArrayDeque<>();
        nodes.push(root);
        depths.push(1);
        while (!nodes.isEmpty()) {
            LExp e = nodes.pop();
            int d = depths.pop();
            max = Math.max(max, d);
            for (LExp child : e.operands()) {
                nodes.push(child);
                depths.push(d + 1);
            }
        }
        return max;
    }

    /** A pending node of the postfix translation: {@code phase} counts the children already emitted. */
    private static final class Task {
        final LExp node;
        int phase;
        int height;
        BranchIfZero branch;
        Goto skip;

        Task(LExp node) {
            this.node = node;
        }
    }

    /**
     * Compiles an expression; {@code intLeaf}/{@code floatLeaf} compile the leaves (constants, addresses,
     * registers, subregisters), which do not recurse.
     */
    static StackExpr compile(LExp root, Function<LExp, Expr.Int> intLeaf, Function<LExp, Expr.Float> floatLeaf) {
        List<Step> steps = new ArrayList<>();
        ArrayDeque<Task> work = new ArrayDeque<>();
        work.push(new Task(root));
        int height = 0;
        int max = 1;
        while (!work.isEmpty()) {
            Task t = work.peek();
            LExp e = t.node;
            if (e instanceof LExp.If i) {
                switch (t.phase++) {
                    case 0 -> {
                        t.height = height;
                        work.push(new Task(i.condition()));
                    }
                    case 1 -> {
                        t.branch = new BranchIfZero();
                        steps.add(t.branch);
                        height--;
                        work.push(new Task(i.then()));
                    }
                    case 2 -> {
                        t.skip = new Goto();
                        steps.add(t.skip);
                        t.branch.target = steps.size();
                        height = t.height;
                        work.push(new Task(i.otherwise()));
                    }
                    default -> {
                        t.skip.target = steps.size();
                        work.pop();
                    }
                }
                continue;
            }
            boolean leaf = switch (e) {
                case LExp.Mem m -> false;
                case LExp.Binary b -> false;
                case LExp.Unary u -> false;
                default -> true;
            };
            if (!leaf && t.phase == 0) {
                t.phase = 1;
                var children = e.operands();
                for (int k = children.size() - 1; k >= 0; k--) {
                    work.push(new Task(children.get(k)));
                }
                continue;
            }
            work.pop();
            int operands = leaf ? 0 : e.operands().size();
            height = height - operands + 1;
            max = Math.max(max, height);
            steps.add(leaf ? leaf(e, intLeaf, floatLeaf) : operator(e));
        }
        return new StackExpr(steps.toArray(new Step[0]), max);
    }

    private static Apply leaf(LExp e, Function<LExp, Expr.Int> intLeaf, Function<LExp, Expr.Float> floatLeaf) {
        if (e.type() instanceof LirType.Float) {
            Expr.Float x = floatLeaf.apply(e);
            return (f, s, sp) -> {
                s[sp] = Double.doubleToRawLongBits(x.eval(f));
                return sp + 1;
            };
        }
        Expr.Int x = intLeaf.apply(e);
        return (f, s, sp) -> {
            s[sp] = x.eval(f);
            return sp + 1;
        };
    }

    private static Apply operator(LExp e) {
        int bits = e.type().bits();
        boolean isFloat = e.type() instanceof LirType.Float;
        return switch (e) {
            case LExp.Mem m -> isFloat
                    ? (f, s, sp) -> {
                        s[sp - 1] = Double.doubleToRawLongBits(f.memory.loadFloat(bits, s[sp - 1]));
                        return sp;
                    }
                    : (f, s, sp) -> {
                        s[sp - 1] = f.memory.loadInt(bits, s[sp - 1]);
                        return sp;
                    };
            case LExp.Binary b -> binary(b.op(), bits, isFloat, b.left().type());
            case LExp.Unary u -> unary(u.op(), bits, u.operand().type());
            default -> throw new IllegalStateException("not an operator: " + e);
        };
    }

    private static Apply binary(Op op, int bits, boolean isFloat, LirType operandType) {
        if (op.isComparison()) {
            if (operandType instanceof LirType.Float) {
                return (f, s, sp) -> {
                    s[sp - 2] = Arith.compare(op, d(s[sp - 2]), d(s[sp - 1])) ? 1 : 0;
                    return sp - 1;
                };
            }
            int width = operandType.bits();
            return (f, s, sp) -> {
                s[sp - 2] = Arith.compare(op, width, s[sp - 2], s[sp - 1]) ? 1 : 0;
                return sp - 1;
            };
        }
        if (isFloat) {
            return (f, s, sp) -> {
                s[sp - 2] = Double.doubleToRawLongBits(Arith.binary(op, bits, d(s[sp - 2]), d(s[sp - 1])));
                return sp - 1;
            };
        }
        return (f, s, sp) -> {
            s[sp - 2] = Arith.binary(op, bits, s[sp - 2], s[sp - 1]);
            return sp - 1;
        };
    }

    private static Apply unary(Op op, int bits, LirType from) {
        int fromBits = from.bits();
        java.util.function.LongUnaryOperator g = switch (op) {
            case NEG -> from instanceof LirType.Float
                    ? x -> Double.doubleToRawLongBits(-d(x)) : x -> Arith.neg(bits, x);
            case BNOT -> x -> Arith.bnot(bits, x);
            case CONVSX -> x -> Arith.signExtend(bits, x);
            case CONVZX -> x -> Arith.zeroExtend(fromBits, bits, x);
            case CONVIT -> x -> Arith.truncate(bits, x);
            case CONVFS -> x -> Arith.floatToSigned(bits, d(x));
            case CONVFU, CONVFI -> x -> Arith.floatToUnsigned(bits, d(x));
            case CONVSF -> x -> Double.doubleToRawLongBits(Arith.signedToFloat(bits, x));
            case CONVUF -> x -> Double.doubleToRawLongBits(Arith.unsignedToFloat(fromBits, bits, x));
            case CONVFX, CONVFT -> x -> Double.doubleToRawLongBits(Arith.floatToFloat(bits, d(x)));
            default -> throw new IllegalStateException(op + " is not unary");
        };
        return (f, s, sp) -> {
            s[sp - 1] = g.applyAsLong(s[sp - 1]);
            return sp;
        };
    }

    private static double d(long bits) {
        return Double.longBitsToDouble(bits);
    }
}
