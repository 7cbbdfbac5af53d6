package org.funssa.destruct.sreedhar;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.stream.Stream;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Examples;
import org.funssa.destruct.conventional.Conventional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Seed 004 §5.4: Methods I, II and III side by side on the chapter's examples and on corpus programs. */
class SreedharMethodsTest {

    private final Program seed = Examples.program("seed004-ch5.ir");
    private final String expected = Examples.resource("seed004-ch5.out");

    static Stream<Sreedhar> everyMethodWithAndWithoutCoalescing() {
        return Stream.of(Method.values()).flatMap(m -> Stream.of(new Sreedhar(m), new Sreedhar(m, false)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyMethodWithAndWithoutCoalescing")
    void lostCopySimpleOrderingAndSwapPrintWhatTheyPrintedBefore(Sreedhar method) {
        // the input passed the verifier (Examples.program); its result is in conventional form, which binds
        // names more than once, so Conventional judges it, and both interpreters run it.
        assertThat(Examples.runAsIr(seed)).isEqualTo(expected);
        Destruction.Destructed d = method.destruct(seed);
        String shown = IrPrinter.print(d.program());
        assertThat(Conventional.violation(d.program())).as(shown).isEmpty();
        assertThat(Examples.runAsIr(d.program())).as(shown).isEqualTo(expected);
        assertThat(Examples.runAsLir(d.program())).as(shown).isEqualTo(expected);
        assertThat(d.stats().remaining()).isLessThanOrEqualTo(d.stats().inserted());
        if (method.name().endsWith("-nocoalesce")) {
            assertThat(d.stats().remaining()).isEqualTo(d.stats().inserted());
        }
    }

    @Test
    void theNamesFollowTheSeedsPassNames() {
        assertThat(Stream.of(Method.values()).map(m -> new Sreedhar(m).name()))
                .containsExactly("srd1", "srd2", "srd3");
        assertThat(new Sreedhar(Method.II, false).name()).isEqualTo("srd2-nocoalesce");
    }

    /**
     * Figures 5.14, 5.16 and 5.18 illustrate Method III. In §5.4.3 x1 and x2 interfere, yet only the target x1
     * gets a copy, chosen because "x2 is a source, we cannot change the property that the live range of x2
     * includes the exit of the block" (§5.4.4 argues the same way): a choice made from where the resources
     * are live, which is Method III's; Method II copies both resources of an interfering pair ("copy
     * statements for x1 and x2 should be inserted", §5.4.6) and Method I every resource. In §5.4.5 both x1
     * and y1 get copies because each is live at the other's end of block2 (Case 3), then only y1 for the
     * second φ. The figures rename each class to one variable and remove no further copy, and the seed's
     * SSA-based coalescing finds nothing to remove here either (every remaining copy joins variables that
     * interfere), so both variants must give the figures.
     */
    @Test
    void methodThreeGivesFigures514_516And518UpToRenaming() {
        Program figures = IrParser.parse("seed004-ch5-sreedhar.ir",
                Examples.resource("seed004-ch5-sreedhar.ir"));
        for (boolean coalesce : new boolean[] {false, true}) {
            Program p = new Sreedhar(Method.III, coalesce).apply(seed);
            for (String f : new String[] {"lost", "order", "swap"}) {
                Function result = p.function(f).get();
                assertThat(Alpha.equivalent(result, figures.function(f).get()))
                        .as("%s, coalescing %s:%n%s", f, coalesce, IrPrinter.print(result)).isTrue();
            }
        }
    }

    @Test
    void methodsTwoAndOneGiveOtherProgramsThanTheFigures() {
        Program figures = IrParser.parse("seed004-ch5-sreedhar.ir",
                Examples.resource("seed004-ch5-sreedhar.ir"));
        for (Method m : new Method[] {Method.I, Method.II}) {
            Program p = new Sreedhar(m, false).apply(seed);
            assertThat(Alpha.equivalent(p.function("lost").get(), figures.function("lost").get())).isFalse();
        }
    }

    /**
     * Exact counts per example (constants passed to a φ are first copied into a variable, §5.4.6). Lost copy:
     * one φ with target x1 and sources x0, x2. Simple ordering: two φs of three resources. Swap: three φs
     * (the counter's takes the constant 0).
     */
    @Test
    void methodOneCopiesEveryResourceMethodTwoBothSidesOfEachInterferenceMethodThreeWhatLivenessNeeds() {
        // Method I: every resource: 3, 3 + 3, 3 × 3 and the constant.
        assertThat(inserted(Method.I, "lost")).isEqualTo(3);
        assertThat(inserted(Method.I, "order")).isEqualTo(6);
        assertThat(inserted(Method.I, "swap")).isEqualTo(10);
        // Method II: x1 and x2 interfere; x1 with x2 and y1 with x1; x1 with y1 in both φs, and the constant.
        assertThat(inserted(Method.II, "lost")).isEqualTo(2);
        assertThat(inserted(Method.II, "order")).isEqualTo(4);
        assertThat(inserted(Method.II, "swap")).isEqualTo(5);
        // Method III: the figures' copies.
        assertThat(inserted(Method.III, "lost")).isEqualTo(1);
        assertThat(inserted(Method.III, "order")).isEqualTo(2);
        assertThat(inserted(Method.III, "swap")).isEqualTo(4);
    }

    private int inserted(Method method, String function) {
        Program one = new Program(seed.name(), seed.symbols(), seed.data(), Vector.of(seed.function(function).get()));
        return new Sreedhar(method, false).destruct(one).stats().inserted();
    }

    /** The seed's ordering of the methods by copies inserted, on the examples and on four corpus programs. */
    @Test
    void methodOneInsertsAtLeastAsManyCopiesAsMethodTwoAndMethodTwoAsMethodThree() {
        int[] total = copiesByMethod(seed);
        for (String path : new String[] {"Loop/tpforComma", "Sample1/heapSort2", "TestEval/boyermoore",
                "OptAdd/tpoptG03"}) {
            Corpus.Program program = TestCorpus.require().program(path).get();
            for (Construction c : Construction.values()) {
                int[] counts = copiesByMethod(Ssa.construct(LirReader.read(program.frontEnd()), c));
                for (int m = 0; m < 3; m++) {
                    total[m] += counts[m];
                }
            }
        }
        assertThat(total[0]).isGreaterThan(total[1]);
        assertThat(total[1]).isGreaterThan(total[2]);
    }

    private static int[] copiesByMethod(Program program) {
        int[] counts = new int[3];
        for (Method m : Method.values()) {
            CopyStats stats = new Sreedhar(m, false).destruct(program).stats();
            counts[m.ordinal()] = stats.inserted();
        }
        assertThat(counts[0]).as("%s: srd1 vs srd2", program.name()).isGreaterThanOrEqualTo(counts[1]);
        assertThat(counts[1]).as("%s: srd2 vs srd3", program.name()).isGreaterThanOrEqualTo(counts[2]);
        return counts;
    }
}
