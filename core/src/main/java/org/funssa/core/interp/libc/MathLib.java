package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.float64;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * {@code <math.h>} double functions (C11 §7.12). {@code sqrt}, {@code fabs}, {@code floor}, {@code ceil}
 * and {@code fmod} are exact in Java as in glibc; the transcendental ones use {@link StrictMath} (fdlibm),
 * which is within one ulp of glibc's correctly rounded results.
 */
final class MathLib implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withFunction("sqrt", unary(Math::sqrt))
                .withFunction("fabs", unary(Math::abs))
                .withFunction("floor", unary(Math::floor))
                .withFunction("ceil", unary(Math::ceil))
                .withFunction("sin", unary(StrictMath::sin))
                .withFunction("cos", unary(StrictMath::cos))
                .withFunction("tan", unary(StrictMath::tan))
                .withFunction("atan", unary(StrictMath::atan))
                .withFunction("exp", unary(StrictMath::exp))
                .withFunction("log", unary(StrictMath::log))
                .withFunction("log10", unary(StrictMath::log10))
                .withFunction("pow", binary(StrictMath::pow))
                .withFunction("atan2", binary(StrictMath::atan2))
                .withFunction("fmod", binary((x, y) -> x % y));
    }

    private static LibraryFunction unary(DoubleUnaryOperator f) {
        return c -> float64(f.applyAsDouble(c.floating(0)));
    }

    private static LibraryFunction binary(DoubleBinaryOperator f) {
        return c -> float64(f.applyAsDouble(c.floating(0), c.floating(1)));
    }
}
