package org.funssa.cps.interp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cps.interp.IrRuns.returned;

import io.vavr.collection.Vector;
import org.funssa.core.interp.RunOptions;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.junit.jupiter.api.Test;

/** Compiling and running a 10⁵-deep nest of local functions and a body of 10⁶ lets on the default stack. */
class IrDeepRunTest {

    private static Program program(Function f) {
        return new Program("deep", Vector.empty(), Vector.empty(), Vector.of(f));
    }

    @Test
    void deepNestRuns() {
        Function f = DeepIr.nest(100_000, "a");
        assertThat(returned(IrInterpreter.run(program(f), RunOptions.defaults().withEntry(f.name(), 7))))
                .isEqualTo(100_007);
    }

    @Test
    void millionLetsRun() {
        Function f = DeepIr.longBody(1_000_000, "a");
        assertThat(returned(IrInterpreter.run(program(f), RunOptions.defaults().withEntry(f.name(), -3))))
                .isEqualTo(999_997);
    }
}
