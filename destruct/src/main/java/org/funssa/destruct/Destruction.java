package org.funssa.destruct;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Function;
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

    /** One function's result. */
    record DestructedFunction(Function function, CopyStats stats) {}

    /**
     * A method that translates each function on its own, as every out-of-SSA method of seed 004 chapter 5
     * does: the program's result is the functions' results, their copy counts added up.
     */
    interface FunctionByFunction extends Destruction {

        /** One function in conventional form and its copy counts. */
        DestructedFunction destruct(Function function);

        @Override
        default Destructed destruct(Program program) {
            CopyStats total = CopyStats.NONE;
            Vector<Function> functions = Vector.empty();
            for (Function f : program.functions()) {
                DestructedFunction d = destruct(f);
                functions = functions.append(d.function());
                total = total.plus(d.stats());
            }
            return new Destructed(new Program(program.name(), program.symbols(), program.data(), functions), total);
        }
    }
}
