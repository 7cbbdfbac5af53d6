package org.funssa.cps.pass;

import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;

/**
 * A transformation of programs in functional form: a pure function from one program value to another,
 * named as the seeds name it ({@code cstp}, {@code cse}, {@code srd3}, …). The argument stays valid, so a
 * history of programs costs only what each pass changed.
 *
 * <p>Most passes transform each function on its own: they implement {@link #apply(Function)}, and the program
 * is every function transformed, the same program object when no function changed. A pass that looks across
 * functions overrides {@link #apply(Program)} too.
 *
 * <p>A pass either accepts every program the verifier accepts, or rejects the ones it cannot handle with
 * an {@link IllegalArgumentException} whose message says what it does not support.
 */
public interface Pass {

    /** The pass's name in pass strings such as {@code prun/cstp/srd3}. */
    String name();

    /** One function transformed; the same object when the pass changes nothing in it. */
    Function apply(Function function);

    /** The program with every function transformed. */
    default Program apply(Program program) {
        return program.mapFunctions(this::apply);
    }

    /** A pass that transforms each function with {@code transform}. */
    static Pass of(String name, UnaryOperator<Function> transform) {
        record PerFunction(String name, UnaryOperator<Function> transform) implements Pass {
            @Override
            public Function apply(Function function) {
                return transform.apply(function);
            }
        }
        return new PerFunction(name, transform);
    }

    /**
     * {@code round} applied to {@code function} until it returns its argument: a pass whose one round may leave
     * work for the next (each change making another possible) repeats it to a fixpoint, and is then idempotent.
     */
    static Function untilUnchanged(Function function, UnaryOperator<Function> round) {
        Function current = function;
        for (Function next = round.apply(current); next != current; next = round.apply(current)) {
            current = next;
        }
        return current;
    }

    /**
     * A pass that transforms whole programs with {@code transform}; it has no meaning for a function alone, and
     * {@link #apply(Function)} says so.
     */
    static Pass ofProgram(String name, UnaryOperator<Program> transform) {
        record WholeProgram(String name, UnaryOperator<Program> transform) implements Pass {
            @Override
            public Function apply(Function function) {
                throw new UnsupportedOperationException("pass " + name + " transforms whole programs, not "
                        + "function " + function.name() + " alone");
            }

            @Override
            public Program apply(Program program) {
                return transform.apply(program);
            }
        }
        return new WholeProgram(name, transform);
    }
}
