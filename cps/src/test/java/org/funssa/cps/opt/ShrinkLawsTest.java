package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.lir.LirReader;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.Sample;
import org.funssa.cps.testkit.Verdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The laws of cpyp, ebe, cbb and shrink (issue 31): each keeps the meaning of 1,000 generated programs and of
 * every corpus program, its output verifies (the meaning law checks it), and each is idempotent.
 */
class ShrinkLawsTest {

    private static final Vector<Pass> PASSES = Vector.of(CopyPropagation.PASS, EmptyBlockElimination.PASS,
            BlockConcatenation.PASS, Shrink.PASS);

    /**
     * Corpus programs that stop on undefined behaviour under the interpreters (core's corpus-known-failures.txt):
     * on them a pass must refine the meaning, not keep it, as shrink deletes unused loads.
     */
    private static final Set<String> UNDEFINED = HashSet.of("Exp/tparith1", "WhiteBox1/tpInitMugi2",
            "WhiteBox1/tpwhile2", "WhiteBox2/tpconststruct1", "OptAdd/tpqsort2", "WhiteBox2/ryosample1");

    private static final LawRunner RUNNER = LawRunner.on(Generators.ir(Construction.PRUNED)).samples(1000);

    @TestFactory
    Stream<DynamicTest> eachPassKeepsTheMeaningOfGeneratedPrograms() {
        return PASSES.toStream().map(pass -> DynamicTest.dynamicTest(pass.name(),
                () -> RUNNER.check(Law.preservesMeaning(pass)).assertHolds()));
    }

    @TestFactory
    Stream<DynamicTest> eachPassIsIdempotentOnGeneratedPrograms() {
        return PASSES.toStream().map(pass -> DynamicTest.dynamicTest(pass.name(),
                () -> RUNNER.check(Law.idempotent(pass)).assertHolds()));
    }

    /** Copy propagation first leaves shrink nothing different to do: shrink subsumes it. */
    @Test
    void copyPropagationThenShrinkIsShrink() {
        Pass both = org.funssa.cps.pass.Pass.of("cpyp/shrink",
                f -> Shrink.PASS.apply(CopyPropagation.PASS.apply(f)));
        RUNNER.check(Law.alphaEquivalent(both, Shrink.PASS)).assertHolds();
    }

    @TestFactory
    Stream<DynamicTest> eachPassKeepsTheMeaningOfEveryCorpusProgram() {
        return Stream.ofAll(Corpus.require().programs()).map(p -> DynamicTest.dynamicTest(p.path(), () -> {
            Program program = Ssa.construct(LirReader.read(p.frontEnd()), Construction.PRUNED);
            Sample sample = new Sample(program, 100_000_000);
            for (Pass pass : PASSES) {
                Law meaning = UNDEFINED.contains(p.path()) ? Law.refines(pass) : Law.preservesMeaning(pass);
                assertThat(meaning.check(sample)).as(pass.name()).isNotInstanceOf(Verdict.Broken.class);
                assertThat(Law.idempotent(pass).check(sample)).as(pass.name()).isEqualTo(Verdict.HOLDS);
            }
        }));
    }
}
