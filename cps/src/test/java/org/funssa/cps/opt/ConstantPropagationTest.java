package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** {@code cstp} (seed 004 §6.6) on hand-written functions: the seed's examples and the classic SCCP cases. */
class ConstantPropagationTest {

    private static Function parse(String text) {
        Function f = IrParser.parseFunction("cstp.ir", text);
        assertThat(Verifier.verify(f)).as("input verifies").isEmpty();
        return f;
    }

    /** cstp of {@code before}, which must verify, be α-equivalent to {@code after} and be a fixpoint. */
    private static Function assertRewrites(String before, String after) {
        Function result = ConstantPropagation.apply(parse(before));
        assertThat(Verifier.verify(result)).as("output verifies").isEmpty();
        assertThat(Alpha.equivalent(result, parse(after))).as(IrPrinter.print(result)).isTrue();
        assertThat(ConstantPropagation.apply(result)).as("idempotent").isSameAs(result);
        return result;
    }

    @Test
    void theSeedsDivisionByAnUninitialisedVariableIsNotFolded() {
        // §6.6 "Handling of division by 0": int i; if (...) i = ...; ... = 8 / i;
        // i is φ(⊥, x) at the division; ⊥ is indeterminate, not 0, so nothing is folded.
        Function f = parse("""
                fun f(c: i32, x: i32, m: mem) -> (i32, mem) =
                  letrec set() = jump join(x)
                  and join(i: i32) =
                    let q = divs.i32 8 i
                    return (q, m)
                  in if c then set() else join(undef.i32)
                """);
        assertThat(ConstantPropagation.apply(f)).isSameAs(f);
    }

    @Test
    void anUninitialisedVariableMeetingAConstantIsNotThatConstant() {
        // The seed's example with i = 4 in the if: COINS's 0 for ⊥ makes φ(0, 4) indeterminate; the seed's
        // "thorough solution" (⊥ indeterminate) must not do worse, nor assume ⊥ = 4.
        Function f = parse("""
                fun f(c: i32, m: mem) -> (i32, mem) =
                  letrec set() = jump join(4)
                  and join(i: i32) =
                    let q = divs.i32 8 i
                    return (q, m)
                  in if c then set() else join(undef.i32)
                """);
        assertThat(ConstantPropagation.apply(f)).isSameAs(f);
        Function direct = parse("""
                fun f(m: mem) -> (i32, mem) =
                  let q = divs.i32 8 undef.i32
                  return (q, m)
                """);
        assertThat(ConstantPropagation.apply(direct)).isSameAs(direct);
    }

    @Test
    void aBranchOnAConstantLosesItsDeadArmAndThePhiTakesTheLiveArgument() {
        // Step 3 marks only the taken edge; Table 6.3 gives φ(4, undefined) = 4.
        assertRewrites("""
                fun f(m: mem) -> (i32, mem) =
                  let i = 1
                  let c = tstlts.i32 i 2
                  letrec t() = jump j(4)
                  and e() = jump j(5)
                  and j(k: i32) =
                    let r = mul.i32 k 2
                    return (r, m)
                  in if c then t() else e()
                """, """
                fun f(m: mem) -> (i32, mem) =
                  letrec t() = jump j(4)
                  and j(k: i32) =
                    return (8, m)
                  in jump t()
                """);
    }

    @Test
    void aCounterConstantOnlyOnTheFirstIterationIsNotFolded() {
        Function f = parse("""
                fun f(m: mem) -> (i32, mem) =
                  letrec loop(i: i32) =
                    let c = tstlts.i32 i 10
                    letrec body() =
                      let n = add.i32 i 1
                      jump loop(n)
                    and exit() = return (i, m)
                    in if c then body() else exit()
                  in jump loop(0)
                """);
        assertThat(ConstantPropagation.apply(f)).isSameAs(f);
    }

    @Test
    void aValueTheLoopNeverChangesIsFoundConstantOptimistically() {
        // x = φ(1, x') with x' = x * 1 on the back edge: constant only if assumed so before the back edge is seen.
        assertRewrites("""
                fun f(n: i32, m: mem) -> (i32, mem) =
                  letrec loop(i: i32, x: i32) =
                    let c = tstlts.i32 i n
                    letrec body() =
                      let y = mul.i32 x 1
                      let i2 = add.i32 i y
                      jump loop(i2, y)
                    and exit() =
                      let r = add.i32 x 1
                      return (r, m)
                    in if c then body() else exit()
                  in jump loop(0, 1)
                """, """
                fun f(n: i32, m: mem) -> (i32, mem) =
                  letrec loop(i: i32, x: i32) =
                    let c = tstlts.i32 i n
                    letrec body() =
                      let i2 = add.i32 i 1
                      jump loop(i2, 1)
                    and exit() =
                      return (2, m)
                    in if c then body() else exit()
                  in jump loop(0, 1)
                """);
    }

    @Test
    void aSwitchOnAConstantTakesItsCaseAndCompareAtTheValuesWidth() {
        assertRewrites("""
                fun f(m: mem) -> (i32, mem) =
                  let v = add.i8 127:i8 1:i8
                  letrec a() = return (1, m)
                  and b() = return (2, m)
                  and d() = return (3, m)
                  in switch v case 128 -> a() case 5 -> b() default -> d()
                """, """
                fun f(m: mem) -> (i32, mem) =
                  letrec a() = return (1, m)
                  in jump a()
                """);
    }

    @Test
    void aSelectOnAConstantConditionIsTheSideItTakes() {
        assertRewrites("""
                fun f(x: i32, m: mem) -> (i32, i32, mem) =
                  let c = tsteq.i32 3 3
                  let s = select.i32 c x 7
                  let t = select.i32 c 5 x
                  let u = add.i32 s t
                  return (u, s, m)
                """, """
                fun f(x: i32, m: mem) -> (i32, i32, mem) =
                  let u = add.i32 x 5
                  return (u, x, m)
                """);
    }

    @Test
    void loadsAndCallsAreNotConstantsAndTrapsAreNotFolded() {
        Function f = parse("""
                fun f(p: i64, m: mem) -> (i32, i32, i32, mem) =
                  let m1 = store.i32 m p 5
                  let v = load.i32 m1 p
                  let r, m2 = call.i32 @g(v) m1
                  let z = sub.i32 r r
                  let q = divs.i32 -2147483648 -1
                  return (v, z, q, m2)
                """);
        assertThat(ConstantPropagation.apply(f)).isSameAs(f);
    }

    @Test
    void unchangedBodiesAreKeptByIdentity() {
        Function f = parse("""
                fun f(x: i32, m: mem) -> (i32, mem) =
                  let c = 0
                  letrec t() =
                    let a = add.i32 x 1
                    return (a, m)
                  and e() =
                    let b = add.i32 x 2
                    return (b, m)
                  in if c then t() else e()
                """);
        Function g = ConstantPropagation.apply(f);
        assertThat(g.body().functions()).hasSize(1);
        assertThat(g.body().functions().head()).isSameAs(f.body().functions().get(1));
        assertThat(g.body().tail()).isSameAs(f.body().tail().jump(1));
    }

    @Test
    void aNestOneHundredThousandDeepIsFoldedWithoutRecursion() {
        Function deep = DeepIr.nest(100_000, "d");
        assertThat(ConstantPropagation.apply(deep)).isSameAs(deep);
        // the same nest with its parameter p0 bound to 0 in the body: every p_i is i and the result 100000
        Atom.Var p0 = deep.params().head();
        Function constant = new Function(deep.name(), deep.symbols(), deep.params().tail(), deep.results(),
                deep.body().withLets(deep.body().lets().prepend(Let.of(p0, new Expr.Copy(Atom.i32(0))))),
                deep.varCount());
        Function folded = ConstantPropagation.apply(constant);
        Nest nest = Nest.of(folded);
        assertThat(nest.size()).isEqualTo(100_001);
        Body innermost = nest.body(nest.size() - 1);
        assertThat(innermost.tail()).isEqualTo(new Tail.Return(Vector.of(Atom.i32(100_000),
                new Atom.Var(1, "dm", Type.MEM))));
        assertThat(nest.bodies()).allMatch(b -> b.lets().isEmpty());
    }
}
