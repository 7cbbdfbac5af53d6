package org.funssa.destruct.boissinot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Examples;
import org.funssa.destruct.coalesce.Chaitin;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.lir.LirWriter;
import org.funssa.destruct.naive.Naive;
import org.funssa.destruct.sreedhar.Sreedhar;
import org.junit.jupiter.api.Test;

class BoissinotTest {

    private final Program seed = Examples.program("seed004-ch5.ir");

    /** One block, no φ: nothing to copy, nothing to rename. */
    private static final Program STRAIGHT = IrParser.parse("straight.ir", """
            (MODULE "straight"
              (SYMTAB
                ("f" STATIC UNKNOWN 4 ".text" XDEF)))

            fun f(n: i32, m0: mem) -> (i32, mem) =
              let b = add.i32 n 1
              let a = add.i32 b 1
              return (a, m0)
            """);

    /** The method's result on {@code program}, checked conventional and printing {@code expected} as IR and LIR. */
    private static Destruction.Destructed checked(Destruction method, Program program, String expected) {
        Destruction.Destructed d = method.destruct(program);
        String printed = IrPrinter.print(d.program());
        assertThat(Conventional.violation(d.program())).as(printed).isEmpty();
        assertThat(Examples.runAsIr(d.program())).as(printed).isEqualTo(expected);
        assertThat(Examples.runAsLir(d.program())).as(printed).isEqualTo(expected);
        return d;
    }

    /** A block whose variables all keep their names keeps the input's lets, the very objects, and their vector. */
    @Test
    void aBlockWithoutCopiesKeepsItsLets() {
        Program p = STRAIGHT;
        Vector<Let> lets = p.functions().get(0).body().lets();
        assertThat(new Boissinot().apply(p).functions().get(0).body().lets()).isSameAs(lets);
    }

    @Test
    void lostCopySimpleOrderingSwapAndSplitEdgesKeepTheirMeaning() {
        String expected = Examples.resource("seed004-ch5.out");
        Destruction.Destructed d = checked(new Boissinot(), seed, expected);
        checked(new Chaitin(new Boissinot()), seed, expected);
        assertThat(d.stats().inserted()).isPositive();
        assertThat(d.stats().remaining()).isLessThan(d.stats().inserted());
    }

    @Test
    void theLostCopyNeedsOneCopyAndTheSwapItsCycleBrokenWithATemporary() {
        Program p = new Boissinot().apply(seed);
        // lost copy (seed 004 Figure 5.2): x1 is still live when x2 is passed back to it: exactly one copy.
        assertThat(copies(p.function("lost").get())).isEqualTo(1);
        // simple ordering (Figure 5.3): (x1, y1) ← (x2, x1) needs y1 written before x1: two copies, no cycle.
        assertThat(copies(p.function("order").get())).isEqualTo(2);
        // swap (Figure 5.8): (i1, x1, y1) ← (i2, y1, x1) has the cycle x1 ↔ y1, broken by a temporary: three
        // copies; i1 dies where i2 is defined, so the two share a name.
        assertThat(IrPrinter.print(p.function("swap").get())).contains("tmp");
        assertThat(copies(p.function("swap").get())).isEqualTo(3);
        // a branch whose arms pass (a, b) and (b, a) to one block keeps a split edge with copies
        assertThat(IrPrinter.print(p.function("arms").get())).contains("edge");
    }

    @Test
    void onTheSeedExamplesItLeavesNoMoreCopiesThanSreedharOrNaiveWithChaitin() {
        Program p = new Boissinot().apply(seed);
        assertThat(copies(p)).isLessThanOrEqualTo(copies(new Sreedhar().apply(seed)));
        assertThat(copies(p)).isLessThanOrEqualTo(copies(new Chaitin(new Naive()).apply(seed)));
    }

    @Test
    void copiesOfOneValueAreCoalescedEvenWhileBothEndsStayLive() {
        Program p = Examples.program("value-copies.ir");
        assertThat(Examples.runAsIr(p)).isEqualTo("555\n"); // a = 5: 5·100 + 5·10 + 5
        Destruction.Destructed d = checked(new Boissinot(), p, "555\n");
        assertThat(copies(d.program().function("twice").get())).isZero();
        assertThat(copies(new Chaitin(new Naive()).apply(p).function("twice").get())).isEqualTo(1);
    }

    @Test
    void aLoopKeepsItsHeadersResultCopiesAndABranchSharesTheCopyOfOneValue() {
        Program p = Examples.program("shared-copies.ir");
        // rotate(1) = 0·100 + 1·10 + 2; rotate(2) = 0·100 + 1·10 + 1; rotate(6) = 0·100 + 1·10 + 2;
        // pick(5) = 5 + 7; pick(-5) = -5 - 7
        String expected = "12\n11\n12\n12\n-12\n";
        assertThat(Examples.runAsIr(p)).isEqualTo(expected);
        Program d = checked(new Boissinot(), p, expected).program();
        // (a2, b1) ← (a2', b1') at the loop header, b1' ← 1 before the first branch (both of its edges pass 1),
        // c3' ← 2 on the edge to done; the back and exit edges keep none
        assertThat(moves(d.function("rotate").get())).as(IrPrinter.print(d)).isEqualTo(4);
        // one k' = j' ← 7 before the branch
        assertThat(moves(d.function("pick").get())).as(IrPrinter.print(d)).isEqualTo(1);
    }

    @Test
    void aProgramOutOfSsaFormIsRejectedNamingTheVariable() {
        // the parser only reads SSA, so the two faults are made by rearranging the lets of a parsed function
        Program p = STRAIGHT;
        Function f = p.functions().get(0);
        Vector<Let> lets = f.body().lets();
        Program usedBeforeDefined = withLets(p, lets.reverse());
        assertThatThrownBy(() -> new Boissinot().apply(usedBeforeDefined))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("variable b is used where no definition of it dominates; verify the program before "
                        + "destruction");
        Program boundTwice = withLets(p, lets.append(lets.get(1)));
        assertThatThrownBy(() -> new Boissinot().apply(boundTwice))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("variable a is bound twice; the program is not in SSA form (verify it before "
                        + "destruction)");
    }

    private static Program withLets(Program p, Vector<Let> lets) {
        Function f = p.functions().get(0);
        return new Program(p.name(), p.symbols(), p.data(), Vector.of(f.withBody(f.body().withLets(lets))));
    }

    @Test
    void aHundredThousandNestedBlocksAreTranslatedWithoutRecursion() {
        int depth = 100_000;
        Program p = Examples.nestedChain(depth);
        Destruction.Destructed d = new Boissinot().destruct(p);
        assertThat(Conventional.violation(d.program())).isEmpty();
        RunResult r = LirInterpreter.run(LirWriter.write(d.program()), RunOptions.defaults());
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class,
                ret -> assertThat(ret.exitStatus()).isEqualTo(depth & 0xff));
        // two copies isolate each of the 100,001 φs; all coalesce but the constant 0 moved into x0's class
        assertThat(d.stats()).isEqualTo(new CopyStats(2 * (depth + 1), 1));
    }

    /** Copies of a variable or a constant (value types only). */
    private static int moves(Function f) {
        int n = 0;
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(f.body());
        while (!stack.isEmpty()) {
            Body b = stack.pop();
            n += b.lets().count(l -> l.expr() instanceof Expr.Copy && !l.vars().get(0).type().equals(Type.MEM));
            b.functions().forEach(fn -> stack.push(fn.body()));
        }
        return n;
    }

    /** Copies of a variable (value types only); {@code let x = 1} binds a constant and is no copy here. */
    private static int copies(Program p) {
        return p.functions().map(BoissinotTest::copies).sum().intValue();
    }

    private static int copies(Function f) {
        int n = 0;
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(f.body());
        while (!stack.isEmpty()) {
            Body b = stack.pop();
            n += b.lets().count(l -> l.expr() instanceof Expr.Copy(Atom.Var v) && !v.type().equals(Type.MEM));
            b.functions().forEach(fn -> stack.push(fn.body()));
        }
        return n;
    }
}
