package org.funssa.destruct;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;

/**
 * An out-of-SSA method: a pass whose result is in {@link org.funssa.destruct.conventional.Conventional
 * conventional form}, together with how many copies it wrote. Every method of seed 004 chapter 5 translates
 * each function on its own, so a method says what it does to one function, and a program's result is its
 * functions' results with their copy counts added up.
 */
public interface Destruction extends Pass {

    /** One function in conventional form and its copy counts. */
    DestructedFunction destruct(Function function);

    /** The program in conventional form and the copy counts of all its functions. */
    default Destructed destruct(Program program) {
        CopyStats total = CopyStats.NONE;
        Vector<Function> functions = Vector.empty();
        for (Function f : program.functions()) {
            DestructedFunction d = destruct(f);
            functions = functions.append(d.function());
            total = total.plus(d.stats());
        }
        return new Destructed(program.withFunctions(functions), total);
    }

    @Override
    default Function apply(Function function) {
        return destruct(function).function();
    }

    @Override
    default Program apply(Program program) {
        return destruct(program).program();
    }

    /** A destruction's result. */
    record Destructed(Program program, CopyStats stats) {}

    /** One function's result. */
    record DestructedFunction(Function function, CopyStats stats) {}
}
