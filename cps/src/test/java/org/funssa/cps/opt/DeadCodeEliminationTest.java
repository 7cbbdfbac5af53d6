package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * Seed 004 §6.7: the programs of Figure 6.16, which the first algorithm (Figure 6.15) breaks and the improved one
 * (Figure 6.17) keeps, the section's kinds of dead code, and the programs whose meaning is their not ending. The
 * figure is a drawing the seed's text does not reproduce; its programs are rebuilt from the prose that explains
 * them ("block P is empty …", "variables with different SSA variable names but from the same predecessor").
 */
class DeadCodeEliminationTest {

    private static final DeadCodeElimination DCE = DeadCodeElimination.PASS;

    /**
     * Figure 6.16 (a): S's φ takes x1 through the empty block P and x2 straight from B. P is control dependent on B
     * and holds nothing live, so Figure 6.15 deletes B's branch; improvement 1 keeps it, as P supplies the φ.
     */
    @Test
    void figure616aAnEmptyBlockSupplyingAPhiKeepsTheBranchItDependsOn() {
        Program before = program("""
                fun f(a: i32) -> (i32) =
                  let x1 = add.i32 a 1
                  let x2 = mul.i32 a 2
                  let c = tstlts.i32 a 0
                  letrec p() =
                    let unused = sub.i32 a 7
                    jump s(x1)
                  and s(x3: i32) =
                    return (x3)
                  in if c then p() else s(x2)
                """);
        Program after = program("""
                fun f(a: i32) -> (i32) =
                  let x1 = add.i32 a 1
                  let x2 = mul.i32 a 2
                  let c = tstlts.i32 a 0
                  letrec p() =
                    jump s(x1)
                  and s(x3: i32) =
                    return (x3)
                  in if c then p() else s(x2)
                """);
        assertReproduced(before, after, -1, 0, 3);
    }

    /**
     * Figure 6.16 (b): both edges of P's branch go to S, with different values for its φ. S is not control dependent
     * on P, so Figure 6.15 deletes the branch, and improvement 1 does not help; improvement 2 keeps it.
     */
    @Test
    void figure616bTwoEdgesOfOneBranchWithDifferentValuesKeepTheBranch() {
        Program before = program("""
                fun f(a: i32) -> (i32) =
                  let x1 = add.i32 a 1
                  let x2 = sub.i32 a 1
                  let unused = mul.i32 x1 x2
                  let c = tstlts.i32 a 0
                  letrec s(x3: i32) =
                    return (x3)
                  in if c then s(x1) else s(x2)
                """);
        Program after = program("""
                fun f(a: i32) -> (i32) =
                  let x1 = add.i32 a 1
                  let x2 = sub.i32 a 1
                  let c = tstlts.i32 a 0
                  letrec s(x3: i32) =
                    return (x3)
                  in if c then s(x1) else s(x2)
                """);
        assertReproduced(before, after, -1, 0, 3);
    }

    /** The same two edges with the same value: the branch decides nothing, and goes with its condition. */
    @Test
    void twoEdgesOfOneBranchWithTheSameValueLeaveTheBranchDead() {
        Program before = program("""
                fun f(a: i32) -> (i32) =
                  let x1 = add.i32 a 1
                  let c = tstlts.i32 a 0
                  letrec s(x3: i32) =
                    return (x3)
                  in if c then s(x1) else s(x1)
                """);
        Program after = program("""
                fun f(a: i32) -> (i32) =
                  let x1 = add.i32 a 1
                  letrec s(x3: i32) =
                    return (x3)
                  in jump s(x1)
                """);
        assertReproduced(before, after, -1, 3);
    }

    /**
     * The section's kinds of dead code together: lets whose values nothing live uses, a φ (here a parameter) that
     * nothing uses, and so a branch on which no live code depends; it becomes a jump to the nearest post-dominator
     * holding live code, and the local functions it reached become unreachable and go.
     */
    @Test
    void deadLetsParametersBranchesAndLocalFunctionsGo() {
        Program before = program("""
                fun f(a: i32, b: i32) -> (i32) =
                  let x = mul.i32 a b
                  let c = tstlts.i32 a b
                  letrec t() =
                    let y = add.i32 x 1
                    jump j(y)
                  and e() =
                    let z = sub.i32 x 1
                    jump j(z)
                  and j(w: i32) =
                    let r = add.i32 a b
                    return (r)
                  in if c then t() else e()
                """);
        Program after = program("""
                fun f(a: i32, b: i32) -> (i32) =
                  letrec j() =
                    let r = add.i32 a b
                    return (r)
                  in jump j()
                """);
        assertReproduced(before, after, 1, 2, 5);
    }

    /**
     * Improvement 1 asks nothing of the values: a live φ whose sources are all a keeps the branch choosing its
     * predecessor, as Figure 6.17 does. Such a φ is redundant, and removing it is §6.14's business (rpe).
     */
    @Test
    void aLivePhiKeepsTheBranchChoosingItsSourceEvenWhenTheSourcesAgree() {
        Program before = program("""
                fun f(a: i32, b: i32) -> (i32) =
                  let x = mul.i32 a b
                  let c = tstlts.i32 a b
                  letrec t() =
                    let y = add.i32 x 1
                    jump j(y, a)
                  and e() =
                    jump j(x, a)
                  and j(w: i32, v: i32) =
                    let r = add.i32 v b
                    return (r)
                  in if c then t() else e()
                """);
        Program after = program("""
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  letrec t() =
                    jump j(a)
                  and e() =
                    jump j(a)
                  and j(v: i32) =
                    let r = add.i32 v b
                    return (r)
                  in if c then t() else e()
                """);
        assertReproduced(before, after, 1, 2, 5);
    }

    /**
     * The nearest post-dominator holding live code, e, is defined in d, which does not enclose the branch: the
     * branch jumps to its immediate post-dominator d, which is in scope and jumps on to e.
     */
    @Test
    void aPostDominatorOutOfScopeIsReachedThroughTheImmediateOne() {
        Program before = program("""
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  letrec x() =
                    let u = add.i32 a 1
                    jump d()
                  and y() =
                    jump d()
                  and d() =
                    let dead = mul.i32 a a
                    letrec e() =
                      return (b)
                    in jump e()
                  in if c then x() else y()
                """);
        Program after = program("""
                fun f(a: i32, b: i32) -> (i32) =
                  letrec d() =
                    letrec e() =
                      return (b)
                    in jump e()
                  in jump d()
                """);
        assertReproduced(before, after, 1, 2);
    }

    /** A loop computing nothing live may not end: it stays, and so does the branch that leaves it. */
    @Test
    void aLoopThatMayNotEndStays() {
        Program before = program("""
                fun f(n: i32) -> (i32) =
                  letrec loop(i: i32) =
                    let i2 = add.i32 i 1
                    let c = tstne.i32 i2 n
                    letrec done() =
                      return (0)
                    in if c then loop(i2) else done()
                  in jump loop(0)
                """);
        Function f = before.functions().head();
        assertThat(DCE.apply(f)).isSameAs(f);
        assertThat(run(before, 5)).isInstanceOf(RunResult.Returned.class);
        assertThat(outcome(run(before, -1))).isEqualTo(RuntimeError.Kind.STEP_BUDGET_EXHAUSTED);
    }

    /**
     * A branch between an endless loop and the return: post-dominance does not see the loop (it cannot reach the
     * exit, so nothing is control dependent on the branch), yet the branch decides whether the function returns.
     */
    @Test
    void aBranchIntoCodeThatNeverReturnsStays() {
        Program before = program("""
                fun f(a: i32) -> (i32) =
                  let c = tstlts.i32 a 0
                  letrec spin(i: i32) =
                    let j = add.i32 i 1
                    let d = tstlts.i32 j 3
                    letrec s1() =
                      jump spin(j)
                    and s2() =
                      jump spin(i)
                    in if d then s1() else s2()
                  and out() =
                    return (a)
                  in if c then spin(0) else out()
                """);
        Function f = before.functions().head();
        assertThat(DCE.apply(f)).isSameAs(f);
        assertThat(outcome(run(before, -1))).isEqualTo(RuntimeError.Kind.STEP_BUDGET_EXHAUSTED);
    }

    /** A switch is a branch with more edges: dead, it becomes a jump; two cases passing a φ two values keep it. */
    @Test
    void switchesFollowTheSameRules() {
        Program dead = program("""
                fun f(a: i32) -> (i32) =
                  letrec one() =
                    let x = add.i32 a 1
                    jump j()
                  and two() =
                    jump j()
                  and j() =
                    return (a)
                  in switch a case 1 -> one() case 2 -> two() default -> j()
                """);
        Program jump = program("""
                fun f(a: i32) -> (i32) =
                  letrec j() =
                    return (a)
                  in jump j()
                """);
        assertReproduced(dead, jump, 1, 2, 3);
        Program live = program("""
                fun f(a: i32) -> (i32) =
                  let unused = add.i32 a 1
                  letrec j(x: i32) =
                    return (x)
                  in switch a case 1 -> j(1) case 2 -> j(2) default -> j(1)
                """);
        Program kept = program("""
                fun f(a: i32) -> (i32) =
                  letrec j(x: i32) =
                    return (x)
                  in switch a case 1 -> j(1) case 2 -> j(2) default -> j(1)
                """);
        assertReproduced(live, kept, 1, 2, 3);
    }

    /**
     * A division or load whose value nothing uses goes even if it would trap, as the seed removes every unused
     * "SET to register": the trap is undefined behaviour, so dce refines that program's meaning. A volatile load is
     * a side effect and stays.
     */
    @Test
    void aDeadTrapGoesAndAVolatileLoadStays() {
        Program trapping = program("""
                fun f(a: i32) -> (i32) =
                  let d = divs.i32 a 0
                  return (a)
                """);
        Program returning = program("""
                fun f(a: i32) -> (i32) =
                  return (a)
                """);
        assertReproduced(trapping, returning);
        assertThat(outcome(run(trapping, 1))).isEqualTo(RuntimeError.Kind.DIVISION_BY_ZERO);
        assertThat(run(returning, 1)).isInstanceOf(RunResult.Returned.class);
        Program volatileLoad = program("""
                fun f(a: i32, p: i64, m: mem) -> (i32, mem) =
                  let v = load.i32 m p !volatile
                  let w = load.i32 m p
                  return (a, m)
                """);
        Program kept = program("""
                fun f(a: i32, p: i64, m: mem) -> (i32, mem) =
                  let v = load.i32 m p !volatile
                  return (a, m)
                """);
        assertReproduced(volatileLoad, kept);
    }

    @Test
    void aFunctionWithoutDeadCodeIsReturnedItself() {
        Program p = program("""
                fun f(a: i32) -> (i32) =
                  let c = tstlts.i32 a 0
                  letrec n() =
                    let b = neg.i32 a
                    return (b)
                  and z() =
                    return (a)
                  in if c then n() else z()
                """);
        Function f = p.functions().head();
        assertThat(DCE.apply(f)).isSameAs(f);
    }

    /** What is left alone is the very same object: lets, local functions, bodies. */
    @Test
    void whatStaysIsSharedWithTheInput() {
        Program p = program("""
                fun f(a: i32) -> (i32) =
                  let x = add.i32 a 1
                  let unused = mul.i32 a a
                  letrec g() =
                    let y = add.i32 x 2
                    return (y)
                  in jump g()
                """);
        Function f = p.functions().head();
        Function g = DCE.apply(f);
        assertThat(g.body().lets()).hasSize(1);
        assertThat(g.body().lets().head()).isSameAs(f.body().lets().head());
        assertThat(g.body().functions().head()).isSameAs(f.body().functions().head());
        assertThat(g.body().tail()).isSameAs(f.body().tail());
    }

    /** dce turns before into expected (up to α-equivalence), which verifies, is a fixpoint and runs like before. */
    private static void assertReproduced(Program before, Program expected, long... firstArguments) {
        Function in = before.functions().head();
        Function out = DCE.apply(in);
        assertThat(Verifier.verify(out)).isEmpty();
        assertThat(Alpha.equivalent(out, expected.functions().head()))
                .as("%s%nexpected%n%s", IrPrinter.print(out), IrPrinter.print(expected.functions().head()))
                .isTrue();
        assertThat(DCE.apply(out)).isSameAs(out);
        for (long a : firstArguments) {
            assertThat(describe(run(before.withFunctions(Vector.of(out)), a))).as("f(%d, …)", a)
                    .isEqualTo(describe(run(before, a)));
        }
    }

    private static RunResult run(Program program, long a) {
        int arity = program.functions().head().params().size();
        long[] args = new long[arity];
        args[0] = a;
        for (int i = 1; i < arity; i++) {
            args[i] = 3 * i;
        }
        return IrInterpreter.run(program, RunOptions.defaults().withEntry("f", args).withStepBudget(100_000));
    }

    private static String describe(RunResult result) {
        return switch (result) {
            case RunResult.Returned r -> "returned " + r.values();
            case RunResult.Exited e -> "exited " + e.status();
            case RunResult.Failed e -> "failed " + e.error().kind();
        };
    }

    private static RuntimeError.Kind outcome(RunResult result) {
        assertThat(result).isInstanceOf(RunResult.Failed.class);
        return ((RunResult.Failed) result).error().kind();
    }

    private static Program program(String function) {
        Program p = IrParser.parse("dce.ir", "(MODULE \"dce\"\n  (SYMTAB))\n\n" + function);
        assertThat(Verifier.verify(p)).isEmpty();
        assertThat(p.functions().map(Function::name)).isEqualTo(Vector.of("f"));
        return p;
    }
}
