package org.funssa.destruct;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.destruct.psi.OutOfPsiSsa;
import org.funssa.psi.PsiForm;

/**
 * An out-of-SSA method: a pass whose result is in {@link org.funssa.destruct.conventional.Conventional
 * conventional form}, together with how many copies it wrote. Every method of seed 004 chapter 5 translates
 * each function on its own, so a method says what it does to one function, and a program's result is its
 * functions' results with their copy counts added up.
 *
 * <p>A method works on φ-SSA. A ψ-SSA function (ψs, predicated lets) destructed as part of a program or through
 * {@link #apply(Function)} goes out of ψ-SSA first ({@link OutOfPsiSsa}: seed 001's ψ-normalize and
 * ψ-congruence, then this method as its φ-congruence step, extending the ψ-congruence classes); {@link
 * #destruct(Function)} itself expects φ-SSA.
 */
public interface Destruction extends Pass {

    /** One φ-SSA function in conventional form and its copy counts. */
    DestructedFunction destruct(Function function);

    /**
     * One φ-SSA function in conventional form, each pair of {@code congruent} in one class from the start where the
     * two do not interfere (seed 001 §4.5). A method that builds no classes (it inserts copies and coalesces none:
     * {@code naive}, {@code brig}) has none to start from and destructs the function as {@link #destruct(Function)}
     * does: the pairs then keep names of their own, which costs registers, never a copy or the meaning.
     */
    default DestructedFunction destruct(Function function, Vector<Congruence> congruent) {
        return destruct(function);
    }

    /**
     * A φ-SSA or ψ-SSA function in conventional form and its copy counts: out of ψ-SSA with this method as its
     * φ-congruence step ({@link OutOfPsiSsa}, all improvements) when it holds ψ-SSA code.
     */
    default DestructedFunction outOfSsa(Function function) {
        return PsiForm.isPsiSsa(function) ? OutOfPsiSsa.destruct(function, this) : destruct(function);
    }

    /** The program in conventional form and the copy counts of all its functions. */
    default Destructed destruct(Program program) {
        CopyStats total = CopyStats.NONE;
        Vector<Function> functions = Vector.empty();
        for (Function f : program.functions()) {
            DestructedFunction d = outOfSsa(f);
            functions = functions.append(d.function());
            total = total.plus(d.stats());
        }
        return new Destructed(program.withFunctions(functions), total);
    }

    @Override
    default Function apply(Function function) {
        return outOfSsa(function).function();
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
