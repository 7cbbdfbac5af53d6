package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.corpus.Corpus;
import org.funssa.core.lir.LirReader;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.cps.testkit.Generator;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.Sample;
import org.funssa.cps.testkit.Verdict;
import org.junit.jupiter.api.Test;

/** {@code cstp} keeps the meaning, verifies and is idempotent, on generated programs and on the whole corpus. */
class ConstantPropagationLawsTest {

    private static final Law MEANING = Law.preservesMeaning(ConstantPropagation.PASS);
    private static final Law IDEMPOTENT = Law.idempotent(ConstantPropagation.PASS);

    @Test
    void onAThousandGeneratedPrograms() {
        Generator<Sample> programs = Generators.ir(Construction.PRUNED);
        LawRunner runner = LawRunner.on(programs).samples(1000);
        runner.check(MEANING).assertHolds();
        runner.check(IDEMPOTENT).assertHolds();
        int changed = 0;
        for (int seed = 0; seed < 40; seed++) {
            Program program = programs.generate(seed, 20).program();
            changed += ConstantPropagation.PASS.apply(program) == program ? 0 : 1;
        }
        assertThat(changed).as("generated programs cstp changed").isGreaterThan(10);
    }

    @Test
    void onEveryCorpusProgram() {
        int changed = 0;
        for (Corpus.Program p : Corpus.require().programs()) {
            Program program = Ssa.construct(LirReader.read(p.before()), Construction.PRUNED);
            Sample sample = new Sample(program, 100_000_000);
            assertThat(MEANING.check(sample)).as(p.path()).isNotInstanceOf(Verdict.Broken.class);
            assertThat(IDEMPOTENT.check(sample)).as(p.path()).isEqualTo(Verdict.HOLDS);
            changed += ConstantPropagation.PASS.apply(program) == program ? 0 : 1;
        }
        assertThat(changed).as("corpus programs cstp changed").isGreaterThan(50);
    }
}
