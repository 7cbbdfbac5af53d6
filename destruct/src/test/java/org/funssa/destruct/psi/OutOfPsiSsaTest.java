package org.funssa.destruct.psi;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.Moves;
import org.funssa.core.lir.Module;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.boissinot.Boissinot;
import org.funssa.destruct.lir.LirWriter;
import org.funssa.destruct.sreedhar.Sreedhar;
import org.junit.jupiter.api.Test;

/** Seed 001 §4's out-of-ψ-SSA, figure by figure (Figures 4 to 8 and 11), and its result run against its input. */
class OutOfPsiSsaTest {

    private static final String HEADER = "(MODULE \"seed001\" (SYMTAB))\n\n";

    /** The algorithm as seed 001 describes it, with the four improvements of its §4.6. */
    private static final OutOfPsiSsa.Improvements SEED = OutOfPsiSsa.Improvements.ALL.without("read-first");

    /** Figure 4, first example: a definition moved above its left neighbour's is copied below it. */
    @Test
    void figureFourFirstExampleReordersByACopy() {
        assertNormalizes("""
                fun f(s: i32, t: i32) -> (i32) =
                  let p = tstne.i32 t 0
                  let p ? b = add.i32 s 2
                  let a = add.i32 s 1
                  let x = psi.i32(1 ? a, p ? b)
                  return (x)
                """, """
                fun f(s: i32, t: i32) -> (i32) =
                  let p = tstne.i32 t 0
                  let p ? b = add.i32 s 2
                  let a = add.i32 s 1
                  let p ? c = b
                  let x = psi.i32(1 ? a, p ? c)
                  return (x)
                """, 1);
    }

    /**
     * Figure 4, second example: a, first argument of two ψs, lives across b's definition, so one of the two ψs must
     * read a copy of it. The figure gives the copy to y; §4.4's algorithm, taking the ψs top down, finds the
     * interference at x (a and b) and gives it to x: the same one unpredicated copy, serving the other ψ. When
     * the first argument is only read (this implementation's improvement), a is in neither class and needs no
     * copy. The figure itself (§4.2) shows forms, not a run of the algorithm, and both its forms are reproduced:
     * its ψ-CSSA form is taken as conventional (no step adds a copy), and renaming its classes gives its non-SSA
     * form exactly.
     */
    @Test
    void figureFourSecondExampleCopiesTheSharedArgumentOnce() {
        String input = """
                fun f(s: i32, t: i32, u: i32) -> (i32, i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let a = add.i32 s 1
                  let p ? b = add.i32 s 2
                  let q ? c = add.i32 s 3
                  let x = psi.i32(1 ? a, p ? b)
                  let y = psi.i32(1 ? a, q ? c)
                  return (x, y)
                """;
        OutOfPsiSsa.Steps steps = OutOfPsiSsa.steps(parse(input), SEED);
        assertThat(steps.normalizeCopies()).isZero();
        assertThat(steps.congruenceCopies()).isEqualTo(1);
        assertThat(OutOfPsiSsa.steps(parse(input), OutOfPsiSsa.Improvements.ALL).congruenceCopies()).isZero();
        // the figure's own ψ-CSSA form is conventional: neither step inserts a copy in it
        String figureCssa = """
                fun f(s: i32, t: i32, u: i32) -> (i32, i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let a = add.i32 s 1
                  let d = a
                  let p ? b = add.i32 s 2
                  let q ? c = add.i32 s 3
                  let x = psi.i32(1 ? a, p ? b)
                  let y = psi.i32(1 ? d, q ? c)
                  return (x, y)
                """;
        OutOfPsiSsa.Steps figure = OutOfPsiSsa.steps(parse(figureCssa), SEED);
        assertThat(figure.normalizeCopies() + figure.congruenceCopies()).isZero();
        // and renaming its classes {a, b, x} and {d, c, y} gives the figure's non-SSA form, in LIR:
        // x = …; y = x; p? x = …; q? y = …
        Program program = IrParser.parse("fig4.ir", HEADER + figureCssa);
        String lir = LirPrinter.print(LirWriter.write(OutOfPsiSsa.withImprovements(new Sreedhar(), SEED)
                .apply(program)));
        String tstne = "\\(TSTNE I32 \\(REG I32 \"%s\"\\) \\(INTCONST I32 0\\)\\)";
        String add = "\\(ADD I32 \\(REG I32 \"s\"\\) \\(INTCONST I32 %d\\)\\)";
        assertThat(lir).containsPattern("\\(PROLOGUE [^\n]*\n"
                + " *\\(SET I32 \\(REG I32 \"([^\"]+)\"\\) " + add.formatted(1) + "\\)\n"
                + " *\\(SET I32 \\(REG I32 \"([^\"]+)\"\\) \\(REG I32 \"\\1\"\\)\\)\n"
                + " *\\(SET I32 \\(REG I32 \"\\1\"\\) \\(IF I32 " + tstne.formatted("t") + " " + add.formatted(2)
                + " \\(REG I32 \"\\1\"\\)\\)\\)\n"
                + " *\\(SET I32 \\(REG I32 \"\\2\"\\) \\(IF I32 " + tstne.formatted("u") + " " + add.formatted(3)
                + " \\(REG I32 \"\\2\"\\)\\)\\)\n");
        assertThat(Alpha.equivalent(steps.congruent(), parse("""
                fun f(s: i32, t: i32, u: i32) -> (i32, i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let a = add.i32 s 1
                  let d = a
                  let p ? b = add.i32 s 2
                  let q ? c = add.i32 s 3
                  let x = psi.i32(1 ? d, p ? b)
                  let y = psi.i32(1 ? a, q ? c)
                  return (x, y)
                """))).as(IrPrinter.print(steps.congruent())).isTrue();
        assertKeepsMeaning(input, 3);
    }

    /** Figure 5: copy folding made y's arguments come out of order; normalizing restores Figure 5 (a). */
    @Test
    void figureFiveCopyFoldingIsUndoneByNormalizing() {
        assertNormalizes("""
                fun f(s: i32, t: i32, u: i32) -> (i32, i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let p ? a = add.i32 s 1
                  let q ? b = add.i32 s 2
                  let x = psi.i32(p ? a, q ? b)
                  let y = psi.i32(q ? b, p ? a)
                  return (x, y)
                """, """
                fun f(s: i32, t: i32, u: i32) -> (i32, i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let p ? a = add.i32 s 1
                  let q ? b = add.i32 s 2
                  let p ? c = a
                  let x = psi.i32(p ? a, q ? b)
                  let y = psi.i32(q ? b, p ? c)
                  return (x, y)
                """, 1);
    }

    /** Figure 6, exactly: three repairs, one for a guard, one for order, one behind a ψ-defined argument. */
    @Test
    void figureSixNormalizesEveryPsi() {
        assertNormalizes(FIGURE_6_BEFORE, """
                fun f(v: i32, w0: i32, w1: i32, w2: i32, w3: i32) -> (i32) =
                  let p = tstne.i32 w0 0
                  let q = tstne.i32 w1 0
                  let r = tstne.i32 w2 0
                  let s = tstne.i32 w3 0
                  let pq = bor.i32 p q
                  let rs = bor.i32 r s
                  let d = add.i32 v 4
                  let p ? a = add.i32 v 1
                  let r ? c = add.i32 v 3
                  let s ? f = d
                  let b = add.i32 v 2
                  let q ? e = b
                  let pq ? x = psi.i32(p ? a, q ? e)
                  let rs ? y = psi.i32(r ? c, s ? f)
                  let rs ? g = y
                  let z = psi.i32(pq ? x, rs ? g)
                  return (z)
                """, 3);
        assertKeepsMeaning(FIGURE_6_BEFORE, 5);
    }

    private static final String FIGURE_6_BEFORE = """
            fun f(v: i32, w0: i32, w1: i32, w2: i32, w3: i32) -> (i32) =
              let p = tstne.i32 w0 0
              let q = tstne.i32 w1 0
              let r = tstne.i32 w2 0
              let s = tstne.i32 w3 0
              let pq = bor.i32 p q
              let rs = bor.i32 r s
              let d = add.i32 v 4
              let p ? a = add.i32 v 1
              let r ? c = add.i32 v 3
              let b = add.i32 v 2
              let pq ? x = psi.i32(p ? a, q ? b)
              let rs ? y = psi.i32(r ? c, s ? d)
              let z = psi.i32(pq ? x, rs ? y)
              return (z)
            """;

    /**
     * Figure 7: a normalized, congruent ψ is its select chain, each predicated definition reading its left
     * neighbour; the class then takes one register, and the LIR holds predicated writes and no copy.
     */
    @Test
    void figureSevenSelectFormGivesTheClassOneRegister() {
        String input = """
                fun f(s: i32, t: i32, u: i32) -> (i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let a = add.i32 s 1
                  let p ? b = add.i32 s 2
                  let q ? c = add.i32 s 3
                  let x = psi.i32(1 ? a, p ? b, q ? c)
                  return (x)
                """;
        OutOfPsiSsa.Steps steps = OutOfPsiSsa.steps(parse(input), OutOfPsiSsa.Improvements.ALL);
        assertThat(steps.normalizeCopies() + steps.congruenceCopies()).isZero();
        assertThat(Alpha.equivalent(steps.selectForm(), parse("""
                fun f(s: i32, t: i32, u: i32) -> (i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let a = add.i32 s 1
                  let t2 = add.i32 s 2
                  let b = select.i32 p t2 a
                  let t3 = add.i32 s 3
                  let c = select.i32 q t3 b
                  let x = c
                  return (x)
                """))).as(IrPrinter.print(steps.selectForm())).isTrue();
        for (Destruction method : Vector.<Destruction>of(new Sreedhar(), new Boissinot())) {
            Program program = IrParser.parse("fig7.ir", HEADER + input);
            Module lir = LirWriter.write(method.apply(program));
            assertThat(Moves.of(lir).copies()).as(method.name()).isZero();
            String text = LirPrinter.print(lir);
            assertThat(text).as(method.name()).containsPattern("\\(SET I32 \\(REG I32 \"([^\"]+)\"\\) \\(IF I32 .*"
                    + "\\(REG I32 \"\\1\"\\)\\)\\)");
        }
        assertKeepsMeaning(input, 3);
    }

    /** Figure 8: ψ liveness finds b live across c and x; the algorithm without improvements repairs b, c and x. */
    @Test
    void figureEightRepairsInterferingArguments() {
        OutOfPsiSsa.Steps none = OutOfPsiSsa.steps(parse(FIGURE_8), OutOfPsiSsa.Improvements.NONE);
        assertThat(none.normalizeCopies()).isZero();
        assertThat(none.congruenceCopies()).isEqualTo(3);
        assertThat(Alpha.equivalent(none.congruent(), parse("""
                fun f(v: i32, w0: i32, w1: i32, w2: i32, w3: i32) -> (i32, i32) =
                  let p = tstne.i32 w0 0
                  let q = tstne.i32 w1 0
                  let r = tstne.i32 w2 0
                  let s = tstne.i32 w3 0
                  let p ? a = add.i32 v 1
                  let q ? b = add.i32 v 2
                  let q ? e = b
                  let r ? c = add.i32 v 3
                  let r ? f = c
                  let g = psi.i32(p ? a, q ? e, r ? f)
                  let x = g
                  let s ? d = add.i32 b 1
                  return (x, d)
                """))).as(IrPrinter.print(none.congruent())).isTrue();
        OutOfPsiSsa.Steps all = OutOfPsiSsa.steps(parse(FIGURE_8), OutOfPsiSsa.Improvements.ALL);
        assertThat(all.congruenceCopies()).as("left-only repairs b alone; the result's interference is ignored")
                .isEqualTo(1);
        assertKeepsMeaning(FIGURE_8, 5);
    }

    private static final String FIGURE_8 = """
            fun f(v: i32, w0: i32, w1: i32, w2: i32, w3: i32) -> (i32, i32) =
              let p = tstne.i32 w0 0
              let q = tstne.i32 w1 0
              let r = tstne.i32 w2 0
              let s = tstne.i32 w3 0
              let p ? a = add.i32 v 1
              let q ? b = add.i32 v 2
              let r ? c = add.i32 v 3
              let x = psi.i32(p ? a, q ? b, r ? c)
              let s ? d = add.i32 b 1
              return (x, d)
            """;

    /**
     * Figure 11: c, a φ, is the ψ's first argument under ¬p; normalizing copies it (e), and with the first argument
     * promoted to true it does not. The seed's φ-congruence then finds c and e interfering and copies again; in
     * select form e is a plain copy of c (a first argument keeps nothing), which does not interfere with c, so
     * here neither version costs a copy; and a first argument only read needs no normalizing copy either.
     */
    @Test
    void figureElevenPromotionSavesTheNormalizingCopy() {
        String loop = """
                fun f(a: i32) -> (i32) =
                  letrec loop(c: i32) =
                    let p = tstlts.i32 c 5
                    let np = tsteq.i32 p 0
                    let q = tstlts.i32 c 10
                    let p ? d = add.i32 c 3
                    let b = psi.i32(%s ? c, p ? d)
                    letrec done() =
                      return (b)
                    in if q then loop(b) else done()
                  in jump loop(a)
                """;
        OutOfPsiSsa.Steps plain = OutOfPsiSsa.steps(parse(loop.formatted("np")), SEED);
        assertThat(plain.normalizeCopies()).isEqualTo(1);
        assertThat(IrPrinter.print(plain.normalized())).contains("np ? ").contains("psi.i32(np ? ");
        OutOfPsiSsa.Steps promoted = OutOfPsiSsa.steps(parse(loop.formatted("1")), SEED);
        assertThat(promoted.normalizeCopies()).isZero();
        assertThat(OutOfPsiSsa.steps(parse(loop.formatted("np")), OutOfPsiSsa.Improvements.ALL).normalizeCopies())
                .isZero();
        for (String guard : new String[] {"np", "1"}) {
            Program program = IrParser.parse("fig11.ir", HEADER + loop.formatted(guard));
            Destruction.Destructed d = new Sreedhar().destruct(program);
            assertThat(d.stats().phiCongruence()).as(guard).isZero();
            assertThat(Moves.of(LirWriter.write(d.program())).copies()).as(guard).isZero();
            assertKeepsMeaning(loop.formatted(guard), 1);
        }
    }

    /**
     * If-converted nested hammocks (OptAdd/tppre07): the inner ψ y6, second argument of y7, starts from a
     * speculated value that only its own chain reads, so y6's chain cannot continue y7's: y6 is copied into y7's
     * chain under its guard. Found by the copy experiment on the corpus, where reading y6's chain as y7's lost y3.
     */
    @Test
    void aNestedPsiWhoseFirstArgumentIsOnlyReadIsCopiedIntoTheOuterChain() {
        assertKeepsMeaning("""
                fun f(v: i32, w0: i32, w1: i32, w2: i32) -> (i32) =
                  let c1 = tstne.i32 w0 0
                  let nc1 = tsteq.i32 c1 0
                  let c2 = tstne.i32 w1 0
                  let nc2 = tsteq.i32 c2 0
                  let c3 = tstne.i32 w2 0
                  let nc3 = tsteq.i32 c3 0
                  let speculated y1 = add.i32 v 1
                  let speculated y2 = add.i32 v 2
                  let c1c2 = band.i32 c1 c2
                  let c1nc2 = band.i32 c1 nc2
                  let speculated y3 = psi.i32(c1c2 ? y1, c1nc2 ? y2)
                  let speculated y4 = add.i32 v 4
                  let speculated y5 = add.i32 v 5
                  let nc1c3 = band.i32 nc1 c3
                  let nc1nc3 = band.i32 nc1 nc3
                  let speculated y6 = psi.i32(nc1c3 ? y4, nc1nc3 ? y5)
                  let y7 = psi.i32(c1 ? y3, nc1 ? y6)
                  return (y7)
                """, 3);
    }

    /** What a run shows: the values returned and what was printed (not how many steps it took). */
    private static String observed(RunResult result) {
        return result instanceof RunResult.Returned r ? "returned " + r.values() + ", printed " + r.stdout()
                : result.toString();
    }

    private static Function parse(String text) {
        return IrParser.parseFunction("psi.ir", text);
    }

    private static void assertNormalizes(String before, String after, int copies) {
        OutOfPsiSsa.Steps steps = OutOfPsiSsa.steps(parse(before), SEED);
        assertThat(Verifier.verify(steps.normalized())).isEmpty();
        assertThat(Alpha.equivalent(steps.normalized(), parse(after))).as(IrPrinter.print(steps.normalized()))
                .isTrue();
        assertThat(steps.normalizeCopies()).isEqualTo(copies);
    }

    /**
     * The function, out of ψ-SSA by each method and each set of improvements, returns what it returns in ψ-SSA
     * on every input of 0s and 1s after its first argument (which is 7, then 3), where the ψ-SSA program defines
     * its results.
     */
    private static void assertKeepsMeaning(String function, int flags) {
        Program psi = IrParser.parse("psi.ir", HEADER + function);
        for (Destruction method : Vector.<Destruction>of(new Sreedhar(), new Boissinot())) {
            for (OutOfPsiSsa.Improvements improvements : Vector.of(OutOfPsiSsa.Improvements.ALL, SEED,
                    OutOfPsiSsa.Improvements.NONE)) {
                Program out = psi.withFunctions(psi.functions().map(f ->
                        OutOfPsiSsa.destruct(f, method, improvements).function()));
                for (long first : new long[] {7, 3}) {
                    for (int bits = 0; bits < 1 << flags; bits++) {
                        long[] args = new long[flags + 1];
                        args[0] = first;
                        for (int i = 0; i < flags; i++) {
                            args[i + 1] = (bits >> i) & 1;
                        }
                        RunResult expected = IrInterpreter.run(psi, RunOptions.defaults().withEntry("f", args));
                        RunResult actual = IrInterpreter.run(out, RunOptions.defaults().withEntry("f", args));
                        assertThat(observed(actual)).as(method.name() + " " + improvements + " on "
                                + java.util.Arrays.toString(args) + "\n" + IrPrinter.print(out))
                                .isEqualTo(observed(expected));
                    }
                }
            }
        }
    }
}
