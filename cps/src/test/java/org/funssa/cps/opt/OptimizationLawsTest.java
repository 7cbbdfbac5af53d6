package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Set;
import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.Sample;
import org.funssa.cps.testkit.Verdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The laws of issue 31 for every registered optimization: each keeps the meaning of 1,000 generated programs (100
 * in the default run, 1,000 with {@code -Pexhaustive}) and
 * of every corpus program (the meaning law also has the verifier accept its output), and each is idempotent.
 * Every program is generated or constructed once and run once for all the passes, and each pass is applied to it
 * once for both of its laws.
 */
class OptimizationLawsTest {

    /** Every optimization's laws, in registry order: its meaning, then its idempotence. */
    private static Vector<Law> laws(java.util.function.Function<Pass, Law> meaning) {
        return Optimizations.all().flatMap(pass -> Vector.of(meaning.apply(pass), Law.idempotent(pass)));
    }

    @TestFactory
    Stream<DynamicTest> onGeneratedPrograms() {
        return Stream.ofAll(LawRunner.on(Generators.ir(Construction.PRUNED)).samples(Exhaustive.ON ? 1000 : 100)
                .check(laws(Law::preservesMeaning))).map(report -> DynamicTest.dynamicTest(report.law(),
                        report::assertHolds));
    }

    @TestFactory
    Stream<DynamicTest> onEveryCorpusProgram() {
        Set<String> undefined = TestCorpus.undefinedBehaviour();
        Vector<Corpus.Program> programs = TestCorpus.require().programs();
        // Checked in parallel (the laws are pure), reported as one test per program.
        Vector<Vector<Verdict>> verdicts = Vector.ofAll(programs.toJavaParallelStream().map(p -> {
            Sample sample = new Sample(Ssa.construct(LirReader.read(p.frontEnd()), Construction.PRUNED), 100_000_000);
            // On a program with undefined behaviour a pass may delete the operation that has it (a dead load).
            return laws(undefined.contains(p.path()) ? Law::refines : Law::preservesMeaning).map(l -> l.check(sample));
        }).toList());
        Vector<Law> names = laws(Law::preservesMeaning);
        return Stream.ofAll(programs.zip(verdicts)).map(pv -> DynamicTest.dynamicTest(pv._1.path(), () -> {
            for (int k = 0; k < names.size(); k++) {
                assertThat(pv._2.get(k)).as(names.get(k).name()).isNotInstanceOf(Verdict.Broken.class);
            }
        }));
    }

    /**
     * The laws above could hold of a pass that did nothing: each pass must change some of 40 generated programs in
     * minimal SSA form built without construction's own copy folding and redundant-φ elimination, but for
     * {@code divex} (the identity on the IR) and the three whose work these programs do not have: {@code rpe} (no
     * redundant parameter survives construction here), {@code ebe} (no block only passes its parameters on) and
     * {@code osr} (an induction variable times a loop constant is rare in them: 5 of the first 300 such programs,
     * none of these 40; it changes 14 of the first 300 pruned programs the laws above draw from). Their worked examples
     * (RedundantPhiEliminationTest, EmptyBlockEliminationTest, StrengthReductionTest) show them working.
     */
    @TestFactory
    Stream<DynamicTest> everyPassHasWorkOnGeneratedPrograms() {
        Vector<Program> programs = Vector.range(1, 41).map(seed -> Ssa.construct(Generators.lir().generate(seed, 20)
                .module(), Construction.MINIMAL, ConstructionOptions.PLAIN));
        Vector<String> idle = Vector.of("divex", "rpe", "ebe", "osr");
        return Stream.ofAll(Optimizations.all().filter(p -> !idle.contains(p.name()))).map(pass -> DynamicTest
                .dynamicTest(pass.name(), () -> assertThat(programs.count(p -> pass.apply(p) != p))
                        .as("programs changed").isPositive()));
    }
}
