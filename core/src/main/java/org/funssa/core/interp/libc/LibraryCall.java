package org.funssa.core.interp.libc;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.interp.Machine;
import org.funssa.core.interp.Memory;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;

/**
 * One call of a library function: its name, its typed arguments, the machine it runs on, and the variadic
 * argument area of the calling function (for {@code va_start}).
 *
 * @param name      the function called
 * @param args      the arguments in order, each with the LIR type the caller gave it
 * @param machine   the machine the program runs on
 * @param variadics the address of the calling function's variadic arguments, 0 if it received none
 */
public record LibraryCall(String name, Vector<Value> args, Machine machine, long variadics) {

    public Memory memory() {
        return machine.memory();
    }

    /** Integer or pointer argument i (sign-extended from its type); a runtime error if missing or a float. */
    public long integer(int i) {
        return switch (arg(i)) {
            case Value.Int v -> v.bits();
            case Value.Float v -> throw bad(i, "an integer", v);
            case Value.Block v -> throw bad(i, "an integer", v);
        };
    }

    /** Float argument i; a runtime error if missing or not a float. */
    public double floating(int i) {
        return switch (arg(i)) {
            case Value.Float v -> v.value();
            case Value.Int v -> throw bad(i, "a floating-point number", v);
            case Value.Block v -> throw bad(i, "a floating-point number", v);
        };
    }

    private Value arg(int i) {
        if (i >= args.size()) {
            throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR,
                    name + " needs at least " + (i + 1) + " arguments, got " + args.size());
        }
        return args.get(i);
    }

    private RuntimeTrap bad(int i, String expected, Value got) {
        return new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR,
                name + ": argument " + (i + 1) + " should be " + expected + ", got " + got.type());
    }

    /**
     * The arguments from index {@code from} on as printf reads them on x86_64: integers and floats come
     * from two separate sequences (general and SSE registers), so each kind is consumed in its own order.
     * A missing argument reads as 0.
     */
    public CFormat.Arguments formatArguments(int from) {
        Vector<Value> rest = args.drop(from);
        Vector<Long> integers = rest.flatMap(v -> v instanceof Value.Int i ? Option.of(i.bits()) : Option.none());
        Vector<Double> doubles = rest.flatMap(v -> v instanceof Value.Float f ? Option.of(f.value()) : Option.none());
        Memory memory = memory();
        return new CFormat.Arguments() {
            private int nextInt;
            private int nextDouble;

            @Override
            public long nextInteger() {
                return nextInt < integers.size() ? integers.get(nextInt++) : 0;
            }

            @Override
            public double nextDouble() {
                return nextDouble < doubles.size() ? doubles.get(nextDouble++) : 0.0;
            }

            @Override
            public byte[] string(long address) {
                return memory.string(address);
            }
        };
    }

    /** printf's formatting of the format string at argument {@code formatIndex} and the arguments after it. */
    public byte[] format(int formatIndex) {
        byte[] format = memory().string(integer(formatIndex));
        try {
            return CFormat.format(format, formatArguments(formatIndex + 1));
        } catch (CFormatException e) {
            throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, name + ": " + e.getMessage());
        }
    }

    // ---------------------------------------------------------------- results

    /** An {@code int} result. */
    public static Option<Value> int32(long v) {
        return Option.of(new Value.Int(LirType.I32, v));
    }

    /** A {@code long} or pointer result. */
    public static Option<Value> int64(long v) {
        return Option.of(new Value.Int(LirType.I64, v));
    }

    /** A {@code double} result. */
    public static Option<Value> float64(double v) {
        return Option.of(new Value.Float(LirType.F64, v));
    }

    /** No result ({@code void}). */
    public static Option<Value> none() {
        return Option.none();
    }
}
