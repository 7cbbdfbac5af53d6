package org.funssa.destruct.naive;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrPrinter;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Examples;
import org.funssa.destruct.conventional.Conventional;
import org.junit.jupiter.api.Test;

class NaiveTest {

    private final Destruction naive = new Naive();

    @Test
    void lostCopySimpleOrderingSwapAndSplitEdgesPrintWhatTheSeedPrograms() {
        Program p = Examples.program("seed004-ch5.ir");
        Destruction.Destructed d = naive.destruct(p);
        assertThat(Conventional.violation(d.program())).as(IrPrinter.print(d.program())).isEmpty();
        String expected = Examples.resource("seed004-ch5.out");
        assertThat(Examples.runAsIr(p)).isEqualTo(expected);
        assertThat(Examples.runAsIr(d.program())).isEqualTo(expected);
        assertThat(Examples.runAsLir(d.program())).isEqualTo(expected);
        assertThat(d.stats().inserted()).isPositive();
        assertThat(d.stats().remaining()).isEqualTo(d.stats().inserted());
    }

    @Test
    void aBranchToOneBlockWithDifferentArgumentsIsSplitOnBothArms() {
        Program p = Examples.program("seed004-ch5.ir");
        String arms = IrPrinter.print(naive.apply(p).function("arms").get());
        assertThat(arms).contains("if c then edge").containsPattern("else edge[0-9]+\\(\\)");
    }

    @Test
    void aFunctionWhoseJumpsPassTheirParametersComesOutAsItWent() {
        Program once = naive.apply(Examples.program("seed004-ch5.ir"));
        Program twice = naive.apply(once);
        assertThat(once.functions()).isNotEmpty();
        for (Function f : once.functions()) {
            assertThat(twice.function(f.name()).get().body()).as(f.name()).isSameAs(f.body());
        }
    }
}
