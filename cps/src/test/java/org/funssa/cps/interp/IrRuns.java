package org.funssa.cps.interp;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.Value;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;

/** Parsing, verifying and running IR text in tests. */
final class IrRuns {

    private IrRuns() {}

    /** The program of an IR text, checked to be well formed. */
    static Program program(String text) {
        Program p = IrParser.parse("test.ir", text);
        assertThat(Verifier.verify(p)).as("verifier").isEmpty();
        return p;
    }

    static RunResult run(String text, RunOptions options) {
        return IrInterpreter.run(program(text), options);
    }

    /** The entry's first result as a long, the run having returned. */
    static long returned(RunResult r) {
        assertThat(r).as(r.toString()).isInstanceOf(RunResult.Returned.class);
        Value v = ((RunResult.Returned) r).values().head();
        return ((Value.Int) v).bits();
    }
}
