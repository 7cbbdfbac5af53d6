package org.funssa.destruct.psi;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.prep.TreeDivision;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.lir.LirWriter;
import org.funssa.destruct.sreedhar.Sreedhar;
import org.funssa.psi.ifcv.IfConversion;
import org.junit.jupiter.api.Test;

/**
 * Out of ψ-SSA and back: if-converted programs, taken out of ψ-SSA (seed 001, srd3) and written as LIR, hold their
 * ψs as selects; ψ construction during renaming (seed 000 §"Construction") reads them back as predicated definitions
 * and ψs, and the program means what it meant. 1,000 generated programs with {@code -Pexhaustive}, 40 by default.
 */
class PsiRoundTripTest {

    private static final Destruction OUT = OutOfPsiSsa.withImprovements(new Sreedhar(), OutOfPsiSsa.Improvements.ALL);
    private static final ConstructionOptions PSI = ConstructionOptions.DEFAULTS.withPsiConstruction(true);

    private static Program roundTrip(Program program) {
        Program converted = IfConversion.pass(IfConversion.Limits.ANY).apply(program);
        return Ssa.construct(LirWriter.write(converted.mapFunctions(OUT::apply)), Construction.PRUNED, PSI);
    }

    @Test
    void theProgramMeansWhatItMeant() {
        LawRunner.on(Generators.ir(Construction.PRUNED)).samples(Exhaustive.ON ? 1000 : 40)
                .check(Law.preservesMeaning(Pass.ofProgram("ifcv/srd3/lir/prun+psi", PsiRoundTripTest::roundTrip)))
                .assertHolds();
    }

    /**
     * The law above would hold if no select were read as a ψ: on 40 generated programs every predicated select the
     * LIR writer wrote as a statement ({@code (SET r (IF …))} that {@link TreeDivision#isPredicatedSelect} accepts)
     * comes back as one ψ (loop rotation may copy a statement, and its ψ with it: at least one each).
     */
    @Test
    void everyPredicatedSelectComesBackAsAPsi() {
        long psis = 0;
        long predicatedSelects = 0;
        for (int seed = 1; seed <= 40; seed++) {
            Program p = Generators.ir(Construction.PRUNED).generate(seed, 20).program();
            Module lir = LirWriter.write(IfConversion.pass(IfConversion.Limits.ANY).apply(p).mapFunctions(OUT::apply));
            for (Module.Function f : lir.functions()) {
                predicatedSelects += f.body().count(s -> s instanceof Stmt.Set(var type, LExp.Reg r, LExp.If i)
                        && TreeDivision.isPredicatedSelect(r, i));
            }
            psis += ProgramSize.of(Ssa.construct(lir, Construction.PRUNED, PSI)).psis();
        }
        assertThat(predicatedSelects).isPositive();
        assertThat(psis).isGreaterThanOrEqualTo(predicatedSelects);
    }
}
