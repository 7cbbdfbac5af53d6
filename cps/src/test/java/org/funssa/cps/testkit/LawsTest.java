package org.funssa.cps.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.cps.construct.BlockSinking;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ParameterDropping;
import org.funssa.cps.construct.RedundantPhiElimination;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.junit.jupiter.api.Test;

/** Issue 5: the laws applied to what exists, and a broken pass caught and reduced. */
class LawsTest {

    private static final Pass IDENTITY = Pass.ofProgram("identity", p -> p);
    private static final Pass PARSE_PRINT = Pass.ofProgram("parse∘print", p -> IrParser.parse("printed.ir",
            IrPrinter.print(p)));
    private static final Pass DROP = Pass.ofProgram("sink+drop", p -> ParameterDropping.PASS.apply(BlockSinking.PASS.apply(p)));

    @Test
    void parseAfterPrintIsTheIdentity() {
        LawRunner.on(Generators.terms()).samples(100).maxSize(6).check(Law.alphaEquivalent(PARSE_PRINT, IDENTITY))
                .assertHolds();
        LawRunner.on(Generators.ir(Construction.PRUNED)).samples(10).check(Law.alphaEquivalent(PARSE_PRINT, IDENTITY))
                .assertHolds();
    }

    @Test
    void constructionStepsPreserveMeaning() {
        LawRunner lifted = LawRunner.on(Generators.ir(Construction.LIFTED)).samples(12);
        lifted.check(Law.preservesMeaning(BlockSinking.PASS)).assertHolds();
        lifted.check(Law.preservesMeaning(DROP)).assertHolds();
        lifted.check(Law.preservesMeaning(PARSE_PRINT)).assertHolds();
        LawRunner.on(Generators.ir(Construction.MINIMAL)).samples(12)
                .check(Law.preservesMeaning(RedundantPhiElimination.PASS)).assertHolds();
    }

    @Test
    void constructionStepsAreIdempotentAndPrintingCommutesWithThem() {
        LawRunner pruned = LawRunner.on(Generators.ir(Construction.PRUNED)).samples(10);
        pruned.check(Law.idempotent(RedundantPhiElimination.PASS)).assertHolds();
        LawRunner lifted = LawRunner.on(Generators.ir(Construction.LIFTED)).samples(10);
        lifted.check(Law.idempotent(DROP)).assertHolds();
        lifted.check(Law.commutes(PARSE_PRINT, DROP)).assertHolds();
    }

    /** Swaps the first two arguments of every jump whose first two arguments have the same type. */
    static final Pass SWAP = Pass.ofProgram("swap", p -> p.withFunctions(p.functions().map(LawsTest::swap)));

    private static Function swap(Function f) {
        return FunctionEdit.substitute(f, a -> a, j -> j.args().size() >= 2 && !j.args().get(0).equals(j.args().get(1))
                && j.args().get(0).type().equals(j.args().get(1).type())
                ? new Tail.Jump(j.target(), j.args().update(0, j.args().get(1)).update(1, j.args().get(0))) : j);
    }

    @Test
    void aBrokenPassIsCaughtAndReducedToASmallProgram() {
        LawReport report = LawRunner.on(Generators.ir(Construction.PRUNED)).samples(30)
                .check(Law.preservesMeaning(SWAP));
        assertThat(report.holds()).isFalse();
        Counterexample c = report.counterexample().get();
        assertThat(c.verdict().kind()).isEqualTo("output differs");
        ProgramSize original = ProgramSize.of(c.original());
        ProgramSize reduced = ProgramSize.of(c.reduced());
        assertThat(reduced.localFunctions()).isLessThanOrEqualTo(3);
        assertThat(reduced.lets()).isLessThan(original.lets() / 4);
        assertThat(c.reduced().functions()).hasSize(1);
        // The reduced program still breaks the law, and regenerating from the reported seed gives the original.
        assertThat(Law.preservesMeaning(SWAP).check(new Sample(c.reduced(), 1_000_000)).isBroken("output differs"))
                .isTrue();
        assertThat(Generators.ir(Construction.PRUNED).generate(c.seed(), c.size()).program()).isEqualTo(c.original());
        assertThatThrownBy(report::assertHolds).isInstanceOf(AssertionError.class)
                .hasMessageContaining("law \"swap preserves meaning\" broke on the sample of seed " + c.seed())
                .hasMessageContaining(IrPrinter.print(c.reduced()));
    }

    @Test
    void aPassThatThrowsOrBreaksTheVerifierBreaksEveryLaw() {
        Pass throwing = Pass.ofProgram("throwing", p -> {
            throw new IllegalArgumentException("unsupported");
        });
        Pass unscoped = Pass.ofProgram("unscoped", p -> p.withFunctions(p.functions().map(f ->
                f.withBody(f.body().withTail(new Tail.Return(Vector.of(new Atom.Var(0, "nowhere", f.results().get(0)))))))));
        Sample sample = Generators.ir(Construction.PRUNED).generate(1, 4);
        assertThat(Law.preservesMeaning(throwing).check(sample).isBroken("pass threw")).isTrue();
        assertThat(Law.idempotent(unscoped).check(sample).isBroken("output fails the verifier")).isTrue();
    }

    @Test
    void refinementAllowsAnythingAfterUndefinedBehaviour() {
        Program divides = IrParser.parse("ub.ir", """
                (MODULE "ub"
                  (SYMTAB))

                fun main(a: i32, m: mem) -> (i32, mem) =
                  let z = divs.i32 a 0
                  return (z, m)
                """);
        Pass answer = Pass.ofProgram("answer", p -> p.withFunctions(p.functions().map(f ->
                f.withBody(Body.of(Vector.empty(), new Tail.Return(Vector.of(Atom.i32(42), f.params().last())))))));
        Sample sample = new Sample(divides, 1000);
        assertThat(Law.refines(answer).check(sample)).isEqualTo(Verdict.HOLDS);
        assertThat(Law.preservesMeaning(answer).check(sample).isBroken("output differs")).isTrue();
        assertThat(Law.preservesMeaning(answer).check(Sample.unrunnable(divides))).isInstanceOf(Verdict.Inconclusive.class);
        LawReport none = LawRunner.on(Generators.terms()).samples(3).check(Law.preservesMeaning(answer));
        assertThat(none.holds()).isFalse();
        assertThat(none.describe()).contains("every sample was inconclusive");
    }

    @Test
    void aPassLeavingSsaIsCheckedByItsOwnWellFormednessInsteadOfTheVerifier() {
        Sample sample = Generators.ir(Construction.PRUNED).generate(2, 4);
        assertThat(Law.preservesMeaning(IDENTITY, p -> io.vavr.control.Option.none()).check(sample))
                .isEqualTo(Verdict.HOLDS);
        assertThat(Law.preservesMeaning(IDENTITY, p -> io.vavr.control.Option.of("a jump passes a copy"))
                .check(sample).isBroken("output is not well formed")).isTrue();
    }

    @Test
    void aLirLawBreaksOnAWrongTranslationAndNamesTheSample() {
        LirLaw identity = LirLaw.preservesMeaning("identity is the identity on meaning", m -> m);
        LirLawRunner runner = LirLawRunner.on(Generators.lir()).samples(5).maxSize(4);
        runner.check(identity).assertHolds();
        assertThat(runner.check(identity).describe()).isEqualTo(
                "law \"identity is the identity on meaning\" held on 5 of 5 samples (seed 1)");
        LirLaw other = LirLaw.preservesMeaning("another program", m -> Generators.lir().generate(99, 3).module());
        LirLawReport report = runner.check(other);
        assertThat(report.holds()).isFalse();
        LirLawReport.Counterexample c = report.counterexample().get();
        assertThat(c.verdict().kind()).isEqualTo("output differs");
        assertThat(c.module()).isEqualTo(Generators.lir().generate(c.seed(), c.size()).module());
        assertThatThrownBy(report::assertHolds).isInstanceOf(AssertionError.class)
                .hasMessageContaining("law \"another program\" broke on the sample of seed " + c.seed())
                .hasMessageContaining("(MODULE");
        LirLaw throwing = LirLaw.alphaEquivalent("throws", m -> {
            throw new IllegalArgumentException("unsupported");
        }, m -> null);
        assertThat(throwing.check(Generators.lir().generate(1, 1)).isBroken("translation threw")).isTrue();
        LirSample endless = new LirSample(Generators.lir().generate(1, 4).module(), 1);
        assertThat(identity.check(endless)).isInstanceOf(Verdict.Inconclusive.class);
    }
}
