package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import java.nio.file.Path;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.LirLaw;
import org.funssa.cps.testkit.LirLawReport;
import org.funssa.cps.testkit.LirLawRunner;
import org.funssa.cps.testkit.LirSample;
import org.funssa.cps.testkit.Verdict;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 5's law "construction by λ-dropping and by Cytron prun are α-equivalent after parameter ordering is
 * normalized", on generated LIR under the default and the plain options and on every corpus file, and what
 * {@link CanonicalOrder} does: parameters by register with the arguments following them, siblings by label,
 * meaning kept, any depth.
 */
class CanonicalOrderTest {

    private static LirLaw droppedIsPruned(ConstructionOptions options, boolean normalized) {
        java.util.function.UnaryOperator<Program> order = normalized ? CanonicalOrder::of : p -> p;
        return LirLaw.alphaEquivalent("dropped is α-equivalent to prun" + (normalized ? " in canonical order" : ""),
                m -> order.apply(Ssa.construct(m, Construction.DROPPED, options)),
                m -> order.apply(Ssa.construct(m, Construction.PRUNED, options)));
    }

    @Test
    void droppedAndPrunedAreAlphaEquivalentInCanonicalOrderOnGeneratedLir() {
        LirLawRunner runner = LirLawRunner.on(Generators.lir()).samples(60).maxSize(12);
        runner.check(droppedIsPruned(ConstructionOptions.DEFAULTS, true)).assertHolds();
        runner.check(droppedIsPruned(ConstructionOptions.PLAIN, true)).assertHolds();
    }

    @Test
    void withoutTheNormalizationTheParameterOrdersDiffer() {
        LirLawReport raw = LirLawRunner.on(Generators.lir()).samples(10).check(
                droppedIsPruned(ConstructionOptions.DEFAULTS, false));
        assertThat(raw.holds()).isFalse();
        LirLawReport.Counterexample c = raw.counterexample().get();
        assertThat(c.verdict().kind()).isEqualTo("not α-equivalent");
        // The same sample in canonical order: the two are equivalent.
        LirSample sample = Generators.lir().generate(c.seed(), c.size());
        assertThat(droppedIsPruned(ConstructionOptions.DEFAULTS, true).check(sample)).isEqualTo(Verdict.HOLDS);
    }

    /** Every corpus program, in one of its two LIR forms (alternately, to keep the time down), in groups of 64. */
    @TestFactory
    Stream<DynamicTest> droppedAndPrunedAreAlphaEquivalentInCanonicalOrderOnTheCorpus() {
        LirLaw law = droppedIsPruned(ConstructionOptions.DEFAULTS, true);
        Vector<Path> files = Vector.ofAll(TestCorpus.require().programs()).zipWithIndex()
                .map(p -> p._1.lirFiles().get(p._2 % p._1.lirFiles().size()));
        return Stream.ofAll(files.grouped(64)).map(group -> DynamicTest.dynamicTest(
                name(group.head()) + " … " + name(group.last()), () -> {
                    Vector<String> broken = group.toJavaParallelStream()
                            .map(file -> law.check(new LirSample(LirReader.read(file), 0)) instanceof Verdict.Broken b
                                    ? name(file) + ": " + b.kind() : "")
                            .filter(s -> !s.isEmpty())
                            .collect(Vector.collector());
                    assertThat(broken).isEmpty();
                }));
    }

    private static String name(Path file) {
        return file.getParent().getFileName() + "/" + file.getFileName();
    }

    @Test
    void parametersAreSortedByRegisterAndEveryJumpsArgumentsFollow() {
        Program program = IrParser.parse("order.ir", """
                (MODULE "order"
                  (SYMTAB))

                fun main(m_1: mem) -> (i32, mem) =
                  letrec .B2(y%_3: i32, m_2: mem, x%_7: i32) =
                    let d_1 = sub.i32 x%_7 y%_3
                    return (d_1, m_2)
                  and .B1(b%_1: i32, a%_1: i32) =
                    jump .B2(b%_1, m_1, a%_1)
                  in jump .B1(3, 10)
                """);
        Program ordered = CanonicalOrder.of(program);
        Program expected = IrParser.parse("expected.ir", """
                (MODULE "order"
                  (SYMTAB))

                fun main(m_1: mem) -> (i32, mem) =
                  letrec .B1(a%_1: i32, b%_1: i32) =
                    jump .B2(m_1, a%_1, b%_1)
                  and .B2(m_2: mem, x%_7: i32, y%_3: i32) =
                    let d_1 = sub.i32 x%_7 y%_3
                    return (d_1, m_2)
                  in jump .B1(10, 3)
                """);
        assertThat(IrPrinter.print(ordered)).isEqualTo(IrPrinter.print(expected));
        assertThat(Alpha.equivalent(ordered, expected)).isTrue();
        assertThat(CanonicalOrder.of(ordered)).isEqualTo(ordered);
    }

    @Test
    void theOrderKeepsMeaningAndIsIdempotent() {
        LawRunner lifted = LawRunner.on(Generators.ir(Construction.LIFTED)).samples(20);
        lifted.check(Law.preservesMeaning(CanonicalOrder.PASS)).assertHolds();
        lifted.check(Law.idempotent(CanonicalOrder.PASS)).assertHolds();
    }

    @Test
    void aDeepNestIsOrderedWithoutRecursion() {
        Function deep = DeepIr.nest(100_000, "a");
        assertThat(Alpha.equivalent(CanonicalOrder.of(deep), DeepIr.nest(100_000, "b"))).isTrue();
    }
}
