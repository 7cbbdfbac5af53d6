package org.funssa.core.lir;

import io.vavr.collection.Vector;
import java.math.BigInteger;

/** A keyword option with literal arguments, such as {@code &syminfo "main_n" "fib.c" 4 0}. */
public record Annotation(String keyword, Vector<Literal> args) {

    /** An argument of an option: a quoted string or an integer. */
    public sealed interface Literal permits Text, Number {}

    public record Text(String value) implements Literal {}

    public record Number(BigInteger value) implements Literal {}
}
