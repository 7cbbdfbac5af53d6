package org.funssa.psi.ifcv;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Set;
import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.Sample;
import org.funssa.cps.testkit.Verdict;
import org.funssa.psi.PsiConditions;
import org.funssa.psi.lowering.PsiLowering;
import org.funssa.psi.transform.PsiInlining;
import org.funssa.psi.transform.PsiPermutation;
import org.funssa.psi.transform.PsiProjection;
import org.funssa.psi.transform.PsiPromotion;
import org.funssa.psi.transform.PsiReduction;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * If-conversion on every corpus program, with the default limits and with any region converted, and followed by
 * every ψ transformation: the meaning is kept (the verifier accepts the output), before and after lowering back
 * to φ-SSA; and the corpus has regions to convert.
 */
class IfConversionCorpusTest {

    private static final Pass ANY = IfConversion.pass(IfConversion.Limits.ANY);
    private static final Pass TRANSFORMED = Pass.of("ifcv/psiinl/psired/psiproj/psiperm/psiprom",
            f -> PsiPromotion.apply(PsiPermutation.apply(PsiProjection.apply(PsiReduction.apply(
                    PsiInlining.apply(ANY.apply(f)))))));
    private static final Vector<Pass> PASSES = Vector.of(IfConversion.PASS, ANY,
            Pass.of("ifcv+psilower", f -> PsiLowering.apply(ANY.apply(f))), TRANSFORMED,
            Pass.of(TRANSFORMED.name() + "+psilower", f -> PsiLowering.apply(TRANSFORMED.apply(f))));

    @TestFactory
    Stream<DynamicTest> keepsTheMeaningOfEveryCorpusProgram() {
        Set<String> undefined = TestCorpus.undefinedBehaviour();
        Vector<Corpus.Program> programs = TestCorpus.require().programs();
        Vector<Vector<Verdict>> verdicts = Vector.ofAll(programs.toJavaParallelStream().map(p -> {
            Sample sample = new Sample(Ssa.construct(LirReader.read(p.frontEnd()), Construction.PRUNED), 100_000_000);
            return PASSES.map(pass -> (undefined.contains(p.path()) ? Law.refines(pass) : Law.preservesMeaning(pass))
                    .check(sample));
        }).toList());
        return Stream.ofAll(programs.zip(verdicts)).map(pv -> DynamicTest.dynamicTest(pv._1.path(), () -> {
            for (int k = 0; k < PASSES.size(); k++) {
                assertThat(pv._2.get(k)).as(PASSES.get(k).name()).isNotInstanceOf(Verdict.Broken.class);
            }
        }));
    }

    /** Every ψ argument's guard provably implies its definition's after the whole chain (seed 001 Condition 1). */
    @TestFactory
    Stream<DynamicTest> conditionOneHoldsOnEveryCorpusProgram() {
        Vector<Corpus.Program> programs = TestCorpus.require().programs();
        Vector<Vector<String>> unproven = Vector.ofAll(programs.toJavaParallelStream().map(p -> TRANSFORMED.apply(
                Ssa.construct(LirReader.read(p.frontEnd()), Construction.PRUNED)).functions()
                .flatMap(PsiConditions::unproven)).toList());
        return Stream.ofAll(programs.zip(unproven)).map(pu -> DynamicTest.dynamicTest(pu._1.path(),
                () -> assertThat(pu._2).isEmpty()));
    }

    @TestFactory
    Stream<DynamicTest> theCorpusHasRegionsToConvert() {
        Vector<Program> programs = TestCorpus.require().programs().take(120)
                .map(p -> Ssa.construct(LirReader.read(p.frontEnd()), Construction.PRUNED));
        return Stream.of(IfConversion.PASS, ANY).map(pass -> DynamicTest.dynamicTest(pass.name(), () -> {
            long removed = programs.map(p -> ProgramSize.of(p).branches() - ProgramSize.of(pass.apply(p)).branches())
                    .sum().longValue();
            long psis = programs.map(p -> ProgramSize.of(pass.apply(p)).psis()).sum().longValue();
            assertThat(removed).isPositive();
            assertThat(psis).isPositive();
        }));
    }
}
