package org.funssa.cps.pass;

import org.funssa.cps.ir.Program;

/**
 * A transformation of programs in functional form: a pure function from one program value to another,
 * named as the seeds name it ({@code cstp}, {@code cse}, {@code srd3}, …). The argument stays valid, so a
 * history of programs costs only what each pass changed.
 *
 * <p>A pass either accepts every program the verifier accepts, or rejects the ones it cannot handle with
 * an {@link IllegalArgumentException} whose message says what it does not support.
 */
public interface Pass {

    /** The pass's name in pass strings such as {@code prun/cstp/srd3}. */
    String name();

    /** The transformed program. */
    Program apply(Program program);

    /** A pass from a name and a function, for passes written as lambdas. */
    static Pass of(String name, java.util.function.UnaryOperator<Program> transform) {
        record Named(String name, java.util.function.UnaryOperator<Program> transform) implements Pass {
            @Override
            public Program apply(Program program) {
                return transform.apply(program);
            }
        }
        return new Named(name, transform);
    }
}
