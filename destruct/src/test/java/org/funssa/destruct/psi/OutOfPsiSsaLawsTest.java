package org.funssa.destruct.psi;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.ir.Program;
import org.funssa.cps.opt.CopyPropagation;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawReport;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.boissinot.Boissinot;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.sreedhar.Sreedhar;
import org.funssa.psi.ifcv.IfConversion;
import org.funssa.psi.transform.PsiPromotion;
import org.junit.jupiter.api.Test;

/**
 * Issue 34's law: every configuration of seed 001's experiment keeps the meaning of generated programs (nested
 * conditionals and loops, if-converted without limits): {no copy folding, copy folding} × {without, with
 * ψ-predicate promotion} × {srd3, bois} × {every improvement, none}. 1,000 programs with {@code -Pexhaustive}
 * ({@code .ci/run}), 50 in the default run.
 */
class OutOfPsiSsaLawsTest {

    private static final int SAMPLES = Exhaustive.ON ? 1000 : 50;

    @Test
    void everyConfigurationKeepsTheMeaning() {
        Pass ifcv = IfConversion.pass(IfConversion.Limits.ANY);
        Vector<Law> laws = Vector.empty();
        for (boolean folding : new boolean[] {false, true}) {
            for (boolean promotion : new boolean[] {false, true}) {
                for (Destruction method : Vector.<Destruction>of(new Sreedhar(), new Boissinot())) {
                    for (OutOfPsiSsa.Improvements improvements : Vector.of(OutOfPsiSsa.Improvements.ALL,
                            OutOfPsiSsa.Improvements.NONE)) {
                        Destruction out = OutOfPsiSsa.withImprovements(method, improvements);
                        String name = "ifcv" + (promotion ? "/psiprom" : "") + (folding ? "/cpyp" : "") + "/"
                                + method.name() + (improvements.equals(OutOfPsiSsa.Improvements.ALL) ? ""
                                : " without improvements");
                        laws = laws.append(Law.preservesMeaning(Pass.of(name, f -> {
                            f = ifcv.apply(f);
                            f = promotion ? PsiPromotion.apply(f) : f;
                            f = folding ? CopyPropagation.PASS.apply(f) : f;
                            return out.apply(f);
                        }), Conventional::violation));
                    }
                }
            }
        }
        Vector<String> broken = LawRunner.on(Generators.ir(Construction.PRUNED)).samples(SAMPLES).check(laws)
                .filter(report -> !report.holds()).map(LawReport::describe);
        assertThat(broken).isEmpty();
    }

    /** The law above would hold of a destruction that never met a ψ: generated programs give it many. */
    @Test
    void generatedProgramsGoThroughEveryStep() {
        int normalize = 0;
        int psis = 0;
        for (int seed = 1; seed <= 100; seed++) {
            Program p = IfConversion.pass(IfConversion.Limits.ANY).apply(
                    Generators.ir(Construction.PRUNED).generate(seed, 20).program());
            for (var f : p.functions()) {
                OutOfPsiSsa.Steps steps = OutOfPsiSsa.steps(CopyPropagation.PASS.apply(f),
                        OutOfPsiSsa.Improvements.ALL);
                normalize += steps.normalizeCopies();
                psis += steps.classes().size();
            }
        }
        assertThat(psis).isPositive();
        assertThat(normalize).isPositive();
    }
}
