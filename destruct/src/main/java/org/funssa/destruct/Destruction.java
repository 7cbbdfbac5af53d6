package org.funssa.destruct;

import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;

/**
 * An out-of-SSA method: a pass whose result is in {@link org.funssa.destruct.conventional.Conventional
 * conventional form}, together with how many copies it wrote.
 */
public interface Destruction extends Pass {

    /** The program in conventional form and the copy counts. */
    Destructed destruct(Program program);

    @Override
    default Program apply(Program program) {
        return destruct(program).program();
    }

    /** A destruction's result. */
    record Destructed(Program program, CopyStats stats) {}
}
