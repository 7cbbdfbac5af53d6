package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Function;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;

/** A worked example checked: the pass turns the first text into the second, up to α-equivalence. */
final class Examples {

    private Examples() {}

    /** Asserts that {@code pass} rewrites {@code before} into {@code after}, both verified, and returns the result. */
    static Function assertRewrites(Pass pass, String before, String after) {
        Function input = IrParser.parseFunction("before.ir", before);
        Function expected = IrParser.parseFunction("after.ir", after);
        assertThat(Verifier.verify(input)).as("input verifies").isEmpty();
        Function result = pass.apply(input);
        assertThat(Verifier.verify(result)).as("output verifies").isEmpty();
        assertThat(Alpha.equivalent(result, expected)).as("%s gave%n%s", pass.name(), IrPrinter.print(result))
                .isTrue();
        return result;
    }

    /** Asserts that {@code pass} leaves {@code text} as it is, the very same object. */
    static void assertUnchanged(Pass pass, String text) {
        Function input = IrParser.parseFunction("unchanged.ir", text);
        assertThat(pass.apply(input)).as("%s keeps it", pass.name()).isSameAs(input);
    }
}
