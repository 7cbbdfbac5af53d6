package org.funssa.destruct.briggs;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Examples;
import org.funssa.destruct.conventional.Conventional;
import org.junit.jupiter.api.Test;

class BriggsTest {

    private final Program figures = Examples.program("briggs/figures.ir");
    private final String expected = Examples.resource("briggs/figures.out");

    @Test
    void scratch() {
        assertThat(Examples.runAsIr(figures)).isEqualTo(expected);
        Destruction.Destructed d = new Briggs().destruct(figures);
        System.out.println(IrPrinter.print(d.program()));
        System.out.println(Verifier.verify(d.program()));
        assertThat(Conventional.violation(d.program())).isEmpty();
        assertThat(Examples.runAsIr(d.program())).isEqualTo(expected);
        assertThat(Examples.runAsLir(d.program())).isEqualTo(expected);
    }
}
