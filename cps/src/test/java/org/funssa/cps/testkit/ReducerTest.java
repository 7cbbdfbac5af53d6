package org.funssa.cps.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Program;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** The reducer keeps only verified, interesting candidates, reaches a small fixpoint and respects its bound. */
class ReducerTest {

    private static boolean hasStore(Program p) {
        return p.functions().exists(f -> FunctionEdit.bodies(f).exists((Body b) -> b.lets()
                .exists(l -> l.expr() instanceof Expr.Store)));
    }

    @Test
    void shrinksToAVerifiedProgramThatStillSatisfiesThePredicate() {
        int reduced = 0;
        for (long seed = 0; seed < 20; seed++) {
            Program p = IrGenerator.program(seed, 5);
            if (!hasStore(p)) {
                continue;
            }
            int[] calls = {0};
            Reducer.Reduction r = Reducer.reduce(p, q -> {
                calls[0]++;
                assertThat(Verifier.verify(q)).isEmpty();
                return hasStore(q);
            });
            assertThat(hasStore(r.program())).isTrue();
            assertThat(Verifier.verify(r.program())).isEmpty();
            ProgramSize size = ProgramSize.of(r.program());
            assertThat(size.lets()).as("seed %d", seed).isEqualTo(1);
            assertThat(size.localFunctions()).as("seed %d", seed).isZero();
            assertThat(r.program().functions()).hasSize(1);
            assertThat(calls[0]).isLessThanOrEqualTo(r.attempts());
            reduced++;
        }
        assertThat(reduced).isGreaterThan(5);
    }

    @Test
    void stopsAfterTheGivenNumberOfAttempts() {
        Program p = IrGenerator.program(4, 6);
        Reducer.Reduction r = Reducer.reduce(p, q -> true, 7);
        assertThat(r.attempts()).isEqualTo(7);
        Reducer.Reduction none = Reducer.reduce(p, q -> false, 100_000);
        assertThat(none.program()).isSameAs(p);
        assertThat(none.accepted()).isZero();
    }
}
