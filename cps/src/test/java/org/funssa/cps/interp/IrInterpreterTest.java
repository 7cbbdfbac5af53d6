package org.funssa.cps.interp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cps.interp.IrRuns.returned;
import static org.funssa.cps.interp.IrRuns.run;

import io.vavr.collection.Vector;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;
import org.junit.jupiter.api.Test;

/** The IR interpreter on hand-written programs, one construct or pitfall (DESIGN.md) per test. */
class IrInterpreterTest {

    private static final String EMPTY = "(MODULE \"t\" (SYMTAB))\n";

    private static final String PRINTF = """
            (MODULE "t"
              (SYMTAB
                ("printf" STATIC UNKNOWN 4 ".text" XREF)
                ("d" STATIC UNKNOWN 1 ".text" LDEF)
                ("f" STATIC UNKNOWN 1 ".text" LDEF))
              (DATA "d" (I8 37 100 10 0))
              (DATA "f" (I8 37 46 51 102 32 37 103 10 0)))
            """;

    private static RunOptions entry(String name, long... args) {
        return RunOptions.defaults().withEntry(name, args);
    }

    @Test
    void jumpBindsParametersInParallel() {
        String swap = EMPTY + """
                fun main(n: i32) -> (i32) =
                  let a = 1
                  let b = 2
                  letrec L(x: i32, y: i32, k: i32) =
                    let c = tstgts.i32 k 0
                    letrec More() =
                      let k1 = sub.i32 k 1
                      jump L(y, x, k1)
                    and Done() =
                      let t = mul.i32 x 10
                      let s = add.i32 t y
                      return (s)
                    in if c then More() else Done()
                  in jump L(a, b, n)
                """;
        assertThat(returned(run(swap, entry("main", 0)))).isEqualTo(12);
        assertThat(returned(run(swap, entry("main", 1)))).isEqualTo(21);
        assertThat(returned(run(swap, entry("main", 5)))).isEqualTo(21);
        assertThat(returned(run(swap, entry("main", 6)))).isEqualTo(12);
    }

    @Test
    void rotationThroughThreeParameters() {
        String rotate = EMPTY + """
                fun main() -> (i32) =
                  letrec L(x: i32, y: i32, z: i32, k: i32) =
                    let c = tsteq.i32 k 0
                    letrec Out() =
                      let a = mul.i32 x 100
                      let b = mul.i32 y 10
                      let s = add.i32 a b
                      let r = add.i32 s z
                      return (r)
                    and Again() =
                      let k1 = sub.i32 k 1
                      jump L(z, x, y, k1)
                    in if c then Out() else Again()
                  in jump L(1, 2, 3, 1)
                """;
        assertThat(returned(run(rotate, RunOptions.defaults()))).isEqualTo(312);
    }

    @Test
    void branchToOneTargetWithDifferentArguments() {
        String branch = EMPTY + """
                fun main(n: i32) -> (i32) =
                  let c = tstlts.i32 n 10
                  letrec J(v: i32) =
                    let w = add.i32 v n
                    return (w)
                  in if c then J(100) else J(200)
                """;
        assertThat(returned(run(branch, entry("main", 3)))).isEqualTo(103);
        assertThat(returned(run(branch, entry("main", 30)))).isEqualTo(230);
    }

    @Test
    void switchWithRepeatedTargets() {
        String sw = EMPTY + """
                fun main(n: i8) -> (i32) =
                  letrec K(v: i32) =
                    return (v)
                  in switch n
                    case 2 -> K(10)
                    case -1 -> K(20)
                    case 0 -> K(10)
                    case 127 -> K(30)
                    default -> K(99)
                """;
        assertThat(returned(run(sw, entry("main", 0)))).isEqualTo(10);
        assertThat(returned(run(sw, entry("main", 2)))).isEqualTo(10);
        assertThat(returned(run(sw, entry("main", 255)))).as("an i8 argument 255 is -1").isEqualTo(20);
        assertThat(returned(run(sw, entry("main", 127)))).isEqualTo(30);
        assertThat(returned(run(sw, entry("main", 5)))).isEqualTo(99);
    }

    @Test
    void nestedFunctionsSeeEnclosingVariables() {
        String nest = EMPTY + """
                fun main() -> (i32) =
                  let a = 5
                  letrec B() =
                    let b = mul.i32 a 3
                    letrec C() =
                      let c = add.i32 a b
                      return (c)
                    in jump C()
                  in jump B()
                """;
        assertThat(returned(run(nest, RunOptions.defaults()))).isEqualTo(20);
    }

    @Test
    void memoryThroughFrameAndStaticAndPrintf() {
        String fig = """
                (MODULE "seed004-fig4.2"
                  (SYMTAB
                    ("printf" STATIC UNKNOWN 1 ".text" XREF)
                    ("string.1" STATIC A32 1 ".data" LDEF))
                  (DATA "string.1" (I8 37 100 10 0)))

                fun main(n: i32, m0: mem) -> (i32, mem)
                  (SYMTAB
                    ("a.1" FRAME A320 4 0)) =
                  let c = tstgts.i32 n 0
                  letrec B1() =
                    let x1 = add.i32 n 1
                    let y1 = mul.i32 x1 2
                    jump B3(y1, x1)
                  and B2() =
                    let y2 = sub.i32 n 1
                    jump B3(y2, undef.i32)
                  and B3(y: i32, z: i32) =
                    let p = add.i64 $a.1 8:i64
                    let m1 = store.i32 m0 p y !align 4
                    let t = load.i32 m1 p !align 4
                    let r, m2 = call.i32 @printf(@string.1, t) m1
                    letrec B4(u: i32) =
                      return (u, m2)
                    in switch y
                      case 0 -> B4(r)
                      case -1 -> B4(y)
                      default -> B4(z)
                  in if c then B1() else B2()
                """;
        RunResult five = run(fig, entry("main", 5));
        assertThat(five.stdout()).isEqualTo("12\n");
        assertThat(returned(five)).isEqualTo(6);
        RunResult zero = run(fig, entry("main", 0));
        assertThat(zero.stdout()).isEqualTo("-1\n");
        assertThat(returned(zero)).isEqualTo(-1);
        RunResult one = run(fig, entry("main", -5));
        assertThat(one.stdout()).isEqualTo("-6\n");
        assertThat(returned(one)).as("⊥ executes as 0").isEqualTo(0);
    }

    @Test
    void callsOfModuleFunctionsPointersAndTheLibrary() {
        String calls = PRINTF + """
                fun sq(x: i32, m: mem) -> (i32, mem) =
                  let y = mul.i32 x x
                  return (y, m)

                fun twice(g: i64, x: i32, m0: mem) -> (i32, mem) =
                  let a, m1 = call.i32 g(x) m0
                  let b, m2 = call.i32 g(a) m1
                  return (b, m2)

                fun main(m0: mem) -> (i32, mem) =
                  let a, m1 = call.i32 @sq(3) m0
                  let fp = @sq
                  let b, m2 = call.i32 @twice(fp, a) m1
                  let r, m3 = call.i32 @printf(@d, b) m2
                  return (b, m3)
                """;
        RunResult r = run(calls, RunOptions.defaults());
        assertThat(r.stdout()).isEqualTo("6561\n");
        assertThat(returned(r)).isEqualTo(6561);
    }

    @Test
    void printfOfFloats() {
        String floats = PRINTF + """
                fun main(m0: mem) -> (i32, mem) =
                  let x = divs.f64 1.0 3.0
                  let h = 0.5:f32
                  let y = mul.f32 h 3.0:f32
                  let z = convfx.f64 y
                  let r, m1 = call.i32 @printf(@f, x, z) m0
                  return (0, m1)
                """;
        assertThat(run(floats, RunOptions.defaults()).stdout()).isEqualTo("0.333 1.5\n");
    }

    @Test
    void multipleResultsBindInOrderAndMissingOnesAreZero() {
        String multi = EMPTY + """
                fun divmod(a: i32, b: i32, m: mem) -> (i32, i32, mem) =
                  let q = divs.i32 a b
                  let r = mods.i32 a b
                  return (q, r, m)

                fun main(m0: mem) -> (i32, mem) =
                  let q, r, m1 = call.i32.i32 @divmod(17, 5) m0
                  let t = mul.i32 q 10
                  let s = add.i32 t r
                  return (s, m1)
                """;
        assertThat(returned(run(multi, RunOptions.defaults()))).isEqualTo(32);
        RunResult.Returned r = (RunResult.Returned) run(multi, entry("divmod", 17, 5));
        assertThat(r.values()).containsExactly(Value.Int.of(LirType.I32, 3), Value.Int.of(LirType.I32, 2));
    }

    @Test
    void argumentsAreConvertedAsByAPrototype() {
        String conv = EMPTY + """
                fun half(x: f64, m: mem) -> (f64, mem) =
                  let y = mul.f64 x 0.5
                  return (y, m)

                fun main(m0: mem) -> (i32, mem) =
                  let r, m1 = call.i32 @half(7) m0
                  return (r, m1)
                """;
        assertThat(returned(run(conv, RunOptions.defaults()))).as("7 → 7.0 → 3.5 → 3").isEqualTo(3);
    }

    @Test
    void undefinedValuesExecuteAsZero() {
        String undef = EMPTY + """
                fun main() -> (i32) =
                  let a = add.i32 undef.i32 5
                  let b = convsf.f64 undef.i32
                  let c = tsteq.i32 b 0.0
                  let d = add.i32 a c
                  letrec J(v: i32) =
                    let w = add.i32 v d
                    return (w)
                  in if undef.i32 then J(100) else J(undef.i32)
                """;
        assertThat(returned(run(undef, RunOptions.defaults()))).isEqualTo(6);
    }

    @Test
    void divisionByZeroNamesTheFunctionAndTheLocalFunction() {
        String div = EMPTY + """
                fun main(n: i32) -> (i32) =
                  letrec Outer() =
                    letrec Inner() =
                      let a = add.i32 n 1
                      let q = divs.i32 8 n
                      return (q)
                    in jump Inner()
                  in jump Outer()
                """;
        RunResult r = run(div, entry("main", 0));
        assertThat(r).isInstanceOf(RunResult.Failed.class);
        RuntimeError e = ((RunResult.Failed) r).error();
        assertThat(e.kind()).isEqualTo(RuntimeError.Kind.DIVISION_BY_ZERO);
        assertThat(e.where()).contains(new RuntimeError.Where("main", io.vavr.control.Option.of("Inner"), 1));
        assertThat(e.toString()).contains("main at Inner (statement 1)");
        assertThat(returned(run(div, entry("main", 2)))).isEqualTo(4);
    }

    @Test
    void stepBudgetStopsAnInfiniteLoop() {
        String loop = EMPTY + """
                fun main() -> (i32) =
                  letrec L(i: i32) =
                    let j = add.i32 i 1
                    jump L(j)
                  in jump L(0)
                """;
        RunResult r = run(loop, RunOptions.defaults().withStepBudget(10_000));
        assertThat(r).isInstanceOf(RunResult.Failed.class);
        assertThat(((RunResult.Failed) r).error().kind()).isEqualTo(RuntimeError.Kind.STEP_BUDGET_EXHAUSTED);
        assertThat(r.steps()).isBetween(10_000L, 10_010L);
    }

    @Test
    void stepsCountLetsTailsAndEntries() {
        String count = EMPTY + """
                fun main() -> (i32) =
                  let a = add.i32 1 2
                  letrec J(v: i32) =
                    return (v)
                  in jump J(a)
                """;
        // entry 1, let 1 + 2 operands, jump 1 + 1 argument, return 1 + 1 value
        assertThat(run(count, RunOptions.defaults()).steps()).isEqualTo(8);
    }

    @Test
    void operationsCountOneLetOrTailEach() {
        String count = """
                (MODULE "t" (SYMTAB ("putchar" STATIC UNKNOWN 4 ".text" XREF)))

                fun main(m0: mem) -> (i32, mem) =
                  let b = 0
                  letrec top(a: i32, r: i32, m: mem) =
                    let s = add.i32 r b
                    let r1 = add.i32 s a
                    let x, m1 = call.i32 @putchar(65) m
                    let a1 = add.i32 a 1
                    let c = tstlts.i32 a1 3
                    letrec end() =
                      return (r1, m1)
                    in if c then top(a1, r1, m1) else end()
                  in jump top(0, 0, m0)
                """;
        // the copy and the jump into the loop (2), 3 iterations of 5 lets and a branch (18), the return (1)
        RunResult r = run(count, RunOptions.defaults());
        assertThat(returned(r)).isEqualTo(3);
        assertThat(r.stdout()).isEqualTo("AAA");
        assertThat(r.operations()).isEqualTo(21);
    }

    @Test
    void deepRecursionUsesNoJavaStack() {
        String sum = EMPTY + """
                fun sum(n: i64, m0: mem) -> (i64, mem) =
                  let c = tsteq.i64 n 0:i64
                  letrec Zero() =
                    return (0:i64, m0)
                  and More() =
                    let k = sub.i64 n 1:i64
                    let s, m1 = call.i64 @sum(k) m0
                    let t = add.i64 s n
                    return (t, m1)
                  in if c then Zero() else More()
                """;
        assertThat(returned(run(sum, entry("sum", 200_000)))).isEqualTo(200_000L * 200_001L / 2);
        RunResult limited = run(sum, entry("sum", 200_000).withMaxCallDepth(1000));
        assertThat(((RunResult.Failed) limited).error().kind()).isEqualTo(RuntimeError.Kind.STACK_OVERFLOW);
    }

    @Test
    void libraryCallbackRunsAnIrComparator() {
        String sort = """
                (MODULE "t"
                  (SYMTAB
                    ("qsort" STATIC UNKNOWN 4 ".text" XREF)
                    ("printf" STATIC UNKNOWN 4 ".text" XREF)
                    ("d" STATIC UNKNOWN 1 ".text" LDEF))
                  (DATA "d" (I8 37 100 10 0)))

                fun cmp(a: i64, b: i64, m0: mem) -> (i32, mem) =
                  let x = load.i32 m0 a
                  let y = load.i32 m0 b
                  let r = sub.i32 x y
                  return (r, m0)

                fun main(m0: mem) -> (i32, mem)
                  (SYMTAB
                    ("v" FRAME A96 4 0)) =
                  let p1 = add.i64 $v 4:i64
                  let p2 = add.i64 $v 8:i64
                  let m1 = store.i32 m0 $v 30
                  let m2 = store.i32 m1 p1 10
                  let m3 = store.i32 m2 p2 20
                  let m4 = call @qsort($v, 3:i64, 4:i64, @cmp) m3
                  let a = load.i32 m4 $v
                  let b = load.i32 m4 p1
                  let c = load.i32 m4 p2
                  let t = mul.i32 a 10000
                  let u = mul.i32 b 100
                  let s1 = add.i32 t u
                  let s = add.i32 s1 c
                  return (s, m4)
                """;
        assertThat(returned(run(sort, RunOptions.defaults()))).isEqualTo(102030);
    }

    @Test
    void unknownLabelFailsWhenReached() {
        String text = EMPTY + """
                fun main(n: i32) -> (i32) =
                  return (n)
                """;
        var f = IrRuns.program(text).functions().head();
        var broken = f.withBody(f.body().withTail(org.funssa.cps.ir.Tail.Jump.of(new org.funssa.cps.ir.Label("gone"))));
        var program = IrRuns.program(text);
        RunResult r = IrInterpreter.run(new org.funssa.cps.ir.Program(program.name(), program.symbols(),
                program.data(), Vector.of(broken)), entry("main", 1));
        assertThat(((RunResult.Failed) r).error().kind()).isEqualTo(RuntimeError.Kind.MISSING_LABEL);
        assertThat(((RunResult.Failed) r).error().message()).contains("gone");
    }

    @Test
    void exitEndsTheRun() {
        String exit = """
                (MODULE "t"
                  (SYMTAB
                    ("exit" STATIC UNKNOWN 4 ".text" XREF)))

                fun main(m0: mem) -> (i32, mem) =
                  let m1 = call @exit(3) m0
                  return (0, m1)
                """;
        RunResult r = run(exit, RunOptions.defaults());
        assertThat(r).isEqualTo(new RunResult.Exited(3, "", "", r.steps(), r.operations()));
    }
}
