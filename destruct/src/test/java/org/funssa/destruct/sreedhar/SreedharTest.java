package org.funssa.destruct.sreedhar;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrPrinter;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Examples;
import org.funssa.destruct.coalesce.Chaitin;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.lir.LirWriter;
import org.funssa.destruct.naive.Naive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SreedharTest {

    private final Program seed = Examples.program("seed004-ch5.ir");
    private final String expected = Examples.resource("seed004-ch5.out");

    private Destruction.Destructed checked(Destruction method) {
        Destruction.Destructed d = method.destruct(seed);
        assertThat(Conventional.violation(d.program())).as(IrPrinter.print(d.program())).isEmpty();
        assertThat(Examples.runAsIr(d.program())).as(IrPrinter.print(d.program())).isEqualTo(expected);
        assertThat(Examples.runAsLir(d.program())).isEqualTo(expected);
        return d;
    }

    @Test
    void methodThreeWithoutCoalescingKeepsTheMeaningOfTheSeedExamplesAndEveryCopyItInserted() {
        Destruction.Destructed d = checked(new Sreedhar(Method.III, false));
        assertThat(d.stats().inserted()).isPositive();
        assertThat(d.stats().remaining()).isEqualTo(d.stats().inserted());
    }

    @Test
    void withCoalescingTheSeedExamplesKeepTheirMeaningWithNoMoreCopiesThanNaiveAndChaitin() {
        Destruction.Destructed d = checked(new Sreedhar(Method.III));
        Destruction.Destructed chaitin = checked(new Chaitin(new Naive()));
        assertThat(d.stats().remaining()).isLessThanOrEqualTo(chaitin.stats().remaining());
        assertThat(copies(d.program())).isLessThanOrEqualTo(copies(chaitin.program()));
        assertThat(d.stats().remaining()).isLessThanOrEqualTo(new Sreedhar(Method.III, false).destruct(seed).stats().remaining());
    }

    @Test
    void theLostCopyNeedsOneCopyAndTheSwapBreaksItsCycle() {
        Program p = new Sreedhar(Method.III).apply(seed);
        // lost copy (Figure 5.13): x1 and x2 interfere; one copy separates them, on the loop's edge.
        assertThat(copies(p.function("lost").get())).isEqualTo(1);
        // swap (Figure 5.17): the two parameters exchange values, which needs at least three copies.
        assertThat(copies(p.function("swap").get())).isGreaterThanOrEqualTo(3);
        // a branch whose arms pass (a, b) and (b, a) to one block cannot do without copies on an edge.
        assertThat(IrPrinter.print(p.function("arms").get())).contains("edge");
    }

    /**
     * Distilled from TestSsa/higeswap: the back edge and one exit of a loop pass (b, c, b) to (a, b, c), the
     * other exit (a, b, c). Before the later φs of an edge read the copy of b made there for the first (see
     * Sreedhar's header), Method III left 12 copies here (8 of variables: two target copies at the loop's
     * head, two on each edge), more than naive + Chaitin's 11; then 10: the 4 constants, and a ← b; b ← c;
     * c ← a on each of the two edges that rotate; now 7, since the two edges' rotation is the same copies
     * first, made once before the branch.
     */
    @ParameterizedTest
    @EnumSource(Method.class)
    void laterPhisOfAnEdgeReadTheCopyOfASourceTheyShareSoNoMoreCopiesAreLeftThanByNaiveAndChaitin(Method method) {
        Program shared = Examples.program("shared-source.ir");
        String printed = "124\n424\n242\n242\n";
        assertThat(Examples.runAsIr(shared)).isEqualTo(printed);
        Destruction.Destructed chaitin = new Chaitin(new Naive()).destruct(shared);
        assertThat(chaitin.stats().remaining()).isEqualTo(11);
        for (boolean coalesce : new boolean[] {false, true}) {
            Destruction.Destructed d = new Sreedhar(method, coalesce).destruct(shared);
            String shown = conventionalAndPrinting(d, printed);
            if (coalesce || method == Method.III) {
                assertThat(d.stats().remaining()).as(shown).isEqualTo(7);
                assertThat(copies(d.program())).as(shown).isEqualTo(3);
            }
        }
    }

    /**
     * Distilled from TestSsa/swap-tit and TestBuna/test_temp/do_while01, where Method III left one copy more
     * than COINS: the loop's exit passes (y, x, x) to X(a, b, z), so b and z would interfere and one of them
     * take a copy of x. Merged first, they are one parameter, and Method III leaves the swap's three copies only.
     */
    @ParameterizedTest
    @EnumSource(Method.class)
    void parametersEveryJumpGivesOneAtomAreOneAndCostNoCopy(Method method) {
        Program equal = Examples.program("equal-parameters.ir");
        String printed = "211\n122\n122\n";
        assertThat(Examples.runAsIr(equal)).isEqualTo(printed);
        Destruction.Destructed d = new Sreedhar(method).destruct(equal);
        String shown = conventionalAndPrinting(d, printed);
        assertThat(shown).containsPattern("letrec X\\(\\w+: i32, \\w+: i32\\) =");
        if (method == Method.III) {
            assertThat(copies(d.program().function("swap").get())).as(shown).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @EnumSource(Method.class)
    void aHundredThousandNestedBlocksAreTranslatedWithoutRecursion(Method method) {
        int depth = 100_000;
        Program p = Examples.nestedChain(depth);
        Destruction.Destructed d = new Sreedhar(method).destruct(p);
        assertThat(Conventional.violation(d.program())).isEmpty();
        Module m = LirWriter.write(d.program());
        RunResult r = LirInterpreter.run(m, RunOptions.defaults());
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class,
                ret -> assertThat(ret.exitStatus()).isEqualTo(depth & 0xff));
        if (method == Method.I) {
            // a copy for each of the 10^5 + 1 targets and sources, and the constant 0 copied first; the
            // coalescing then removes every copy of a variable, as nothing interferes.
            assertThat(d.stats().inserted()).isEqualTo(2 * (depth + 1) + 1);
            assertThat(d.stats().remaining()).isEqualTo(1);
        } else {
            // every parameter joins its argument's class: only the constant 0 is copied, into x0's class.
            assertThat(d.stats()).isEqualTo(new org.funssa.destruct.CopyStats(1, 1));
        }
    }

    /** Copies of a variable (value types only); {@code let x = 1} binds a constant and is no copy here. */
    /** The destructed program as printed, after checking it is conventional and prints {@code printed}. */
    private static String conventionalAndPrinting(Destruction.Destructed d, String printed) {
        String shown = IrPrinter.print(d.program());
        assertThat(Conventional.violation(d.program())).as(shown).isEmpty();
        assertThat(Examples.runAsIr(d.program())).as(shown).isEqualTo(printed);
        assertThat(Examples.runAsLir(d.program())).as(shown).isEqualTo(printed);
        return shown;
    }

    private static int copies(Program p) {
        return p.functions().map(SreedharTest::copies).sum().intValue();
    }

    private static int copies(Function f) {
        int n = 0;
        java.util.ArrayDeque<Body> stack = new java.util.ArrayDeque<>();
        stack.push(f.body());
        while (!stack.isEmpty()) {
            Body b = stack.pop();
            n += b.lets().count(l -> l.expr() instanceof Expr.Copy(Atom.Var v) && !v.type().equals(Type.MEM));
            b.functions().forEach(fn -> stack.push(fn.body()));
        }
        return n;
    }
}
