package org.funssa.destruct;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.lowering.PsiLowering;

/**
 * An out-of-SSA method: a pass whose result is in {@link org.funssa.destruct.conventional.Conventional
 * conventional form}, together with how many copies it wrote. Every method of seed 004 chapter 5 translates
 * each function on its own, so a method says what it does to one function, and a program's result is its
 * functions' results with their copy counts added up.
 *
 * <p>A method works on φ-SSA. A ψ-SSA program (ψs, predicated lets: issue 33) is first lowered to φ-SSA by
 * {@link PsiLowering} when destructed as a program or through {@link #apply(Function)}; {@link
 * #destruct(Function)} itself expects φ-SSA.
 */
public interface Destruction extends Pass {

    /** One φ-SSA function in conventional form and its copy counts. */
    DestructedFunction destruct(Function function);

    /** The program in conventional form and the copy counts of all its functions. */
    default Destructed destruct(Program program) {
        CopyStats total = CopyStats.NONE;
        Vector<Function> functions = Vector.empty();
        for (Function f : program.functions()) {
            DestructedFunction d = destruct(PsiLowering.apply(f));
            functions = functions.append(d.function());
            total = total.plus(d.stats());
        }
        return new Destructed(program.withFunctions(functions), total);
    }

    @Override
    default Function apply(Function function) {
        return destruct(PsiLowering.apply(function)).function();
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
