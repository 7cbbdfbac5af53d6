package org.funssa.destruct.coalesce;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrPrinter;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Examples;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.naive.Naive;
import org.junit.jupiter.api.Test;

class ChaitinTest {

    private final Destruction method = new Chaitin(new Naive());

    @Test
    void coalescingAfterNaiveKeepsTheMeaningOfTheSeedExamplesAndRemovesCopies() {
        Program p = Examples.program("seed004-ch5.ir");
        Destruction.Destructed d = method.destruct(p);
        assertThat(method.name()).isEqualTo("naive/chaitin");
        assertThat(Conventional.violation(d.program())).as(IrPrinter.print(d.program())).isEmpty();
        String expected = Examples.resource("seed004-ch5.out");
        assertThat(Examples.runAsIr(d.program())).isEqualTo(expected);
        assertThat(Examples.runAsLir(d.program())).isEqualTo(expected);
        assertThat(d.stats().remaining()).isLessThan(d.stats().inserted());
    }

    @Test
    void theLostCopyKeepsItsCopyBecauseTheParameterIsLiveOutOfTheLoop() {
        // x1 is live at the definition of x2 (block3 returns x1), so x1 ← x2 stays (seed 004 Figure 5.2).
        String lost = IrPrinter.print(method.apply(Examples.program("seed004-ch5.ir")).function("lost").get());
        assertThat(lost).containsPattern("let x[01] = x2");
    }
}
