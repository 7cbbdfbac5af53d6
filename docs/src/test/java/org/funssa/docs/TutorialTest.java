package org.funssa.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.interp.Arith;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.cps.construct.CanonicalOrder;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.History;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.history.Step;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.LirLaw;
import org.funssa.cps.testkit.LirLawRunner;
import org.funssa.cps.testkit.Sample;
import org.funssa.cps.testkit.Verdict;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Destructions;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.Test;

/** The code of docs/tutorial.md: each region is quoted there verbatim (DocsSnippetsTest checks it). */
class TutorialTest {

    // region pass
    /** Folds an integer operation on two literals into the literal it yields, with the interpreter's arithmetic. */
    static final Pass FOLD = Pass.of("fold", f -> Nest.of(f).rewrite((node, body) -> body.mapLets(TutorialTest::fold)));

    /** The operators folded: those that cannot trap (no division, no shift by an out-of-range count). */
    static final Set<Op> FOLDED = EnumSet.of(Op.ADD, Op.SUB, Op.MUL, Op.BAND, Op.BOR, Op.BXOR);

    static Let fold(Let let) {
        if (let.expr() instanceof Expr.Prim(Op op, Type.Data type, Vector<Atom> args) && FOLDED.contains(op)
                && type.lir() instanceof LirType.Int t && t.bits() <= 64
                && args.get(0) instanceof Atom.IntLit a && args.get(1) instanceof Atom.IntLit b) {
            long value = Arith.binary(op, t.bits(), a.value().longValue(), b.value().longValue());
            return let.withExpr(new Expr.Copy(Atom.IntLit.of(type, value)));
        }
        return let;
    }
    // endregion

    @Test
    void theLawsHoldOnTheCorpusAndOnGeneratedPrograms() {
        // region law
        Law meaning = Law.preservesMeaning(FOLD);
        Law once = Law.idempotent(FOLD);
        // endregion

        int folded = 0;
        // region corpus
        for (Corpus.Program p : TestCorpus.require().programs().take(40)) {
            Program program = Ssa.construct(LirReader.read(p.before()), Construction.PRUNED);
            Sample sample = new Sample(program, 100_000_000);
            assertThat(meaning.check(sample)).as(p.path()).isEqualTo(Verdict.HOLDS);
            assertThat(once.check(sample)).as(p.path()).isEqualTo(Verdict.HOLDS);
            folded += FOLD.apply(program) == program ? 0 : 1;
        }
        // endregion
        assertThat(folded).as("corpus programs the pass changed").isPositive();

        // region generated
        LawRunner runner = LawRunner.on(Generators.ir(Construction.PRUNED)).samples(20);
        runner.check(meaning).assertHolds();
        runner.check(once).assertHolds();
        // endregion
    }

    @Test
    void thePassFoldsWhatItCanAndNothingElse() {
        Function f = IrParser.parseFunction("t.ir", """
                fun f(n: i32, m: mem) -> (i32, mem) =
                  let a = add.i32 2147483647 1
                  let b = mul.i32 a n
                  let c = divs.i32 7 0
                  return (b, m)
                """);
        Function g = FOLD.apply(f);
        assertThat(IrPrinter.print(g)).contains("let a = -2147483648").contains("let b = mul.i32 a n")
                .contains("let c = divs.i32 7 0");
        assertThat(FOLD.apply(g)).isSameAs(g);
        assertThat(g.body().lets().get(1)).isSameAs(f.body().lets().get(1));
    }

    @Test
    void thePassCanBeUndone() {
        Program program = Generators.ir(Construction.PRUNED).generate(3, 10).program();
        // region history
        History history = History.of(program)
                .apply(FOLD, LinkedHashMap.of("note", "tutorial"))
                .mark("folded");
        System.out.println(history.log().last());   // 1 fold(note=tutorial) …
        History undone = history.undo();
        assertThat(undone.current()).isSameAs(program);
        assertThat(undone.redo().current()).isEqualTo(history.snapshot("folded"));
        // endregion
        assertThat(history.log().last().step().pass()).isEqualTo("fold");
        assertThat(history.log().last().size()).isEqualTo(ProgramSize.of(history.current()));
        assertThat(history.diff(0, 1).isEmpty()).isEqualTo(history.current().equals(program));
    }

    @Test
    void lawsAboutWholeTranslationsHoldOnGeneratedLir() {
        // region translations
        Destruction srd3 = Destructions.named("srd3").get();
        LirLaw roundTrip = LirLaw.preservesMeaning("srd3 ∘ prun is the identity on meaning",
                m -> LirWriter.write(srd3.apply(Ssa.construct(m, Construction.PRUNED))));
        LirLaw droppedIsPruned = LirLaw.alphaEquivalent("dropped is α-equivalent to prun in canonical order",
                m -> CanonicalOrder.of(Ssa.construct(m, Construction.DROPPED)),
                m -> CanonicalOrder.of(Ssa.construct(m, Construction.PRUNED)));
        LirLawRunner runner = LirLawRunner.on(Generators.lir()).samples(10);
        runner.check(roundTrip).assertHolds();
        runner.check(droppedIsPruned).assertHolds();
        // endregion
    }

    @Test
    void aPipelineIsAHistoryWhoseLogShowsWhatEachStepCost() {
        Module module = Generators.lir().generate(7, 6).module();
        // region snapshots
        long start = System.nanoTime();
        Program ssa = Ssa.construct(module, Construction.PRUNED);
        Duration construction = Duration.ofNanos(System.nanoTime() - start);
        History history = History.of(ssa, new Step("prun", LinkedHashMap.empty(), construction))
                .apply(FOLD);
        start = System.nanoTime();
        Program destructed = Destructions.named("srd3").get().apply(history.current());
        history = history.record(destructed, new Step("srd3", LinkedHashMap.empty(),
                Duration.ofNanos(System.nanoTime() - start)));
        history.log().forEach(System.out::println);
        // 0 prun 166.930 ms: 466 lets, 26 local functions; 521 new, 0 shared
        // 1 fold 0.154 ms: 466 lets, 26 local functions; 0 new, 521 shared
        // 2 srd3 2.927 ms: 481 lets, 30 local functions; 124 new, 420 shared
        // endregion
        assertThat(history.log().map(e -> e.step().pass())).containsExactly("prun", "fold", "srd3");
        assertThat(history.log().head().sharing().sharedNodes()).isZero();
        assertThat(history.log().last().sharing().sharedNodes()).isPositive(); // srd3 keeps the lets it leaves
        assertThat(history.undo().current()).isEqualTo(history.snapshot(1));
    }
}
