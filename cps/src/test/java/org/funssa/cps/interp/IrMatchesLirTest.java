package org.funssa.cps.interp;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Program;
import org.junit.jupiter.api.Test;

/**
 * The IR interpreter and the LIR interpreter agree (issue 3): the same program written by hand in LIR and in
 * the IR prints the same bytes and ends the same way (same results, same exit status, same error kind).
 *
 * <p>For the LIR → IR construction: {@link #assertSameBehaviour} is the comparison to run on each corpus
 * program and its construction; add those tests here.
 */
public class IrMatchesLirTest {

    /** Runs both and compares stdout, stderr and the outcome (values, exit status or error kind). */
    public static void assertSameBehaviour(Module lir, Program ir, RunOptions options) {
        RunResult expected = LirInterpreter.run(lir, options);
        RunResult actual = IrInterpreter.run(ir, options);
        assertThat(actual.stdout()).as("stdout").isEqualTo(expected.stdout());
        assertThat(actual.stderr()).as("stderr").isEqualTo(expected.stderr());
        switch (expected) {
            case RunResult.Returned r -> assertThat(actual).as(actual.toString())
                    .isInstanceOfSatisfying(RunResult.Returned.class, a -> {
                        assertThat(a.values()).isEqualTo(r.values());
                        assertThat(a.exitStatus()).isEqualTo(r.exitStatus());
                    });
            case RunResult.Exited e -> assertThat(actual).as(actual.toString())
                    .isInstanceOfSatisfying(RunResult.Exited.class, a -> assertThat(a.status()).isEqualTo(e.status()));
            case RunResult.Failed f -> assertThat(actual).as(actual.toString())
                    .isInstanceOfSatisfying(RunResult.Failed.class,
                            a -> assertThat(a.error().kind()).isEqualTo(f.error().kind()));
        }
    }

    private static RunResult same(String lir, String ir) {
        Module module = LirReader.read("test.lir", lir);
        assertSameBehaviour(module, IrRuns.program(ir), RunOptions.defaults());
        return LirInterpreter.run(module, RunOptions.defaults());
    }

    @Test
    void loopWithPrintf() {
        String header = """
                (MODULE "sum"
                  (SYMTAB
                    ("main" STATIC UNKNOWN 4 ".text" XDEF)
                    ("printf" STATIC UNKNOWN 4 ".text" XREF)
                    ("fmt" STATIC UNKNOWN 1 ".text" LDEF))
                  (DATA "fmt" (I8 37 100 10 0))
                """;
        String lir = header + """
                  (FUNCTION "main"
                    (SYMTAB
                      ("i%" REG I32 4 0)
                      ("s%" REG I32 4 0)
                      ("r%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "i%") (INTCONST I32 0))
                    (SET I32 (REG I32 "s%") (INTCONST I32 0))
                    (JUMP (LABEL I64 ".L1"))
                    (DEFLABEL ".L1")
                    (JUMPC (TSTLTS I32 (REG I32 "i%") (INTCONST I32 10)) (LABEL I64 ".L2") (LABEL I64 ".L3"))
                    (DEFLABEL ".L2")
                    (SET I32 (REG I32 "s%") (ADD I32 (REG I32 "s%") (MUL I32 (REG I32 "i%") (REG I32 "i%"))))
                    (SET I32 (REG I32 "i%") (ADD I32 (REG I32 "i%") (INTCONST I32 1)))
                    (JUMP (LABEL I64 ".L1"))
                    (DEFLABEL ".L3")
                    (CALL (STATIC I64 "printf") ((STATIC I64 "fmt") (REG I32 "s%")) ((REG I32 "r%")))
                    (EPILOGUE (0 0) (REG I32 "s%"))))
                """;
        String ir = header + """
                )

                fun main(m0: mem) -> (i32, mem) =
                  letrec L1(i: i32, s: i32) =
                    let c = tstlts.i32 i 10
                    letrec L2() =
                      let sq = mul.i32 i i
                      let s2 = add.i32 s sq
                      let i2 = add.i32 i 1
                      jump L1(i2, s2)
                    and L3() =
                      let r, m1 = call.i32 @printf(@fmt, s) m0
                      return (s, m1)
                    in if c then L2() else L3()
                  in jump L1(0, 0)
                """;
        assertThat(same(lir, ir).stdout()).isEqualTo("285\n");
    }

    @Test
    void recursionFunctionPointerAndFloats() {
        String header = """
                (MODULE "fact"
                  (SYMTAB
                    ("main" STATIC UNKNOWN 4 ".text" XDEF)
                    ("fact" STATIC UNKNOWN 4 ".text" XDEF)
                    ("printf" STATIC UNKNOWN 4 ".text" XREF)
                    ("ffmt" STATIC UNKNOWN 1 ".text" LDEF))
                  (DATA "ffmt" (I8 37 100 32 37 46 52 102 10 0))
                """;
        String lir = header + """
                  (FUNCTION "fact"
                    (SYMTAB ("n%" REG I32 4 0) ("t%" REG I32 4 0) ("rv%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "n%"))
                    (JUMPC (TSTLES I32 (REG I32 "n%") (INTCONST I32 1)) (LABEL I64 ".L1") (LABEL I64 ".L2"))
                    (DEFLABEL ".L1")
                    (SET I32 (REG I32 "rv%") (INTCONST I32 1))
                    (JUMP (LABEL I64 ".L3"))
                    (DEFLABEL ".L2")
                    (CALL (STATIC I64 "fact") ((SUB I32 (REG I32 "n%") (INTCONST I32 1))) ((REG I32 "t%")))
                    (SET I32 (REG I32 "rv%") (MUL I32 (REG I32 "n%") (REG I32 "t%")))
                    (JUMP (LABEL I64 ".L3"))
                    (DEFLABEL ".L3")
                    (EPILOGUE (0 0) (REG I32 "rv%")))
                  (FUNCTION "main"
                    (SYMTAB ("fp%" REG I64 8 0) ("x%" REG I32 4 0) ("d%" REG F64 8 0) ("r%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I64 (REG I64 "fp%") (STATIC I64 "fact"))
                    (CALL (REG I64 "fp%") ((INTCONST I32 10)) ((REG I32 "x%")))
                    (SET F64 (REG F64 "d%") (DIVS F64 (CONVSF F64 (REG I32 "x%")) (FLOATCONST F64 7.0)))
                    (CALL (STATIC I64 "printf") ((STATIC I64 "ffmt") (REG I32 "x%") (REG F64 "d%")) ((REG I32 "r%")))
                    (EPILOGUE (0 0) (INTCONST I32 0))))
                """;
        String ir = header + """
                )

                fun fact(n: i32, m0: mem) -> (i32, mem) =
                  let c = tstles.i32 n 1
                  letrec One() =
                    return (1, m0)
                  and More() =
                    let k = sub.i32 n 1
                    let t, m1 = call.i32 @fact(k) m0
                    let r = mul.i32 n t
                    return (r, m1)
                  in if c then One() else More()

                fun main(m0: mem) -> (i32, mem) =
                  let fp = @fact
                  let x, m1 = call.i32 fp(10) m0
                  let xf = convsf.f64 x
                  let d = divs.f64 xf 7.0
                  let r, m2 = call.i32 @printf(@ffmt, x, d) m1
                  return (0, m2)
                """;
        assertThat(same(lir, ir).stdout()).isEqualTo("3628800 518400.0000\n");
    }

    @Test
    void frameArrayAggregateCopySwitchAndAnUninitialisedLocal() {
        String header = """
                (MODULE "arr"
                  (SYMTAB
                    ("main" STATIC UNKNOWN 4 ".text" XDEF)
                    ("printf" STATIC UNKNOWN 4 ".text" XREF)
                    ("fmt" STATIC UNKNOWN 1 ".text" LDEF))
                  (DATA "fmt" (I8 37 100 32 37 100 32 37 100 10 0))
                """;
        String lir = header + """
                  (FUNCTION "main"
                    (SYMTAB
                      ("a" FRAME A128 4 0)
                      ("b" FRAME A128 4 0)
                      ("i%" REG I32 4 0)
                      ("u%" REG I32 4 0)
                      ("k%" REG I32 4 0)
                      ("r%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "i%") (INTCONST I32 0))
                    (JUMP (LABEL I64 ".L1"))
                    (DEFLABEL ".L1")
                    (JUMPC (TSTLTS I32 (REG I32 "i%") (INTCONST I32 4)) (LABEL I64 ".L2") (LABEL I64 ".L3"))
                    (DEFLABEL ".L2")
                    (SET I32 (MEM I32 (ADD I64 (FRAME I64 "a") (MUL I64 (CONVSX I64 (REG I32 "i%")) (INTCONST I64 4))))
                      (MUL I32 (REG I32 "i%") (REG I32 "i%")))
                    (SET I32 (REG I32 "i%") (ADD I32 (REG I32 "i%") (INTCONST I32 1)))
                    (JUMP (LABEL I64 ".L1"))
                    (DEFLABEL ".L3")
                    (SET A128 (MEM A128 (FRAME I64 "b")) (MEM A128 (FRAME I64 "a")))
                    (JUMPN (MEM I32 (ADD I64 (FRAME I64 "b") (INTCONST I64 8)))
                      (((INTCONST I32 4) (LABEL I64 ".L4")) ((INTCONST I32 9) (LABEL I64 ".L5"))) (LABEL I64 ".L5"))
                    (DEFLABEL ".L4")
                    (SET I32 (REG I32 "k%") (INTCONST I32 40))
                    (JUMP (LABEL I64 ".L6"))
                    (DEFLABEL ".L5")
                    (SET I32 (REG I32 "k%") (INTCONST I32 50))
                    (JUMP (LABEL I64 ".L6"))
                    (DEFLABEL ".L6")
                    (CALL (STATIC I64 "printf") ((STATIC I64 "fmt") (MEM I32 (ADD I64 (FRAME I64 "b") (INTCONST I64 12)))
                      (REG I32 "u%") (REG I32 "k%")) ((REG I32 "r%")))
                    (EPILOGUE (0 0) (REG I32 "k%"))))
                """;
        String ir = header + """
                )

                fun main(m0: mem) -> (i32, mem)
                  (SYMTAB
                    ("a" FRAME A128 4 0)
                    ("b" FRAME A128 4 0)) =
                  letrec L1(i: i32, m1: mem) =
                    let c = tstlts.i32 i 4
                    letrec L2() =
                      let ix = convsx.i64 i
                      let off = mul.i64 ix 4:i64
                      let p = add.i64 $a off
                      let sq = mul.i32 i i
                      let m2 = store.i32 m1 p sq
                      let i2 = add.i32 i 1
                      jump L1(i2, m2)
                    and L3() =
                      let blk = load.a128 m1 $a
                      let m3 = store.a128 m1 $b blk
                      let p8 = add.i64 $b 8:i64
                      let v = load.i32 m3 p8
                      letrec L6(k: i32) =
                        let p12 = add.i64 $b 12:i64
                        let w = load.i32 m3 p12
                        let r, m4 = call.i32 @printf(@fmt, w, undef.i32, k) m3
                        return (k, m4)
                      in switch v
                        case 4 -> L6(40)
                        case 9 -> L6(50)
                        default -> L6(50)
                    in if c then L2() else L3()
                  in jump L1(0, m0)
                """;
        assertThat(same(lir, ir).stdout()).isEqualTo("9 0 40\n");
    }

    @Test
    void divisionByAnUninitialisedLocalFailsInBoth() {
        String header = """
                (MODULE "div"
                  (SYMTAB
                    ("main" STATIC UNKNOWN 4 ".text" XDEF)
                    ("printf" STATIC UNKNOWN 4 ".text" XREF)
                    ("fmt" STATIC UNKNOWN 1 ".text" LDEF))
                  (DATA "fmt" (I8 37 100 10 0))
                """;
        String lir = header + """
                  (FUNCTION "main"
                    (SYMTAB ("z%" REG I32 4 0) ("q%" REG I32 4 0) ("r%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (CALL (STATIC I64 "printf") ((STATIC I64 "fmt") (INTCONST I32 1)) ((REG I32 "r%")))
                    (SET I32 (REG I32 "q%") (DIVS I32 (INTCONST I32 8) (REG I32 "z%")))
                    (EPILOGUE (0 0) (REG I32 "q%"))))
                """;
        String ir = header + """
                )

                fun main(m0: mem) -> (i32, mem) =
                  let r, m1 = call.i32 @printf(@fmt, 1) m0
                  let q = divs.i32 8 undef.i32
                  return (q, m1)
                """;
        RunResult lirRun = same(lir, ir);
        assertThat(lirRun.stdout()).isEqualTo("1\n");
        assertThat(lirRun).isInstanceOf(RunResult.Failed.class);
    }
}
