package org.funssa.bench.quality;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import io.vavr.control.Try;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.funssa.bench.report.Machine;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quality report's parts that decide what counts: which programs run with which budget, when a run counts
 * (it prints .ans), and that a failure is reported at the top rather than left out.
 */
class QualityReportTest {

    /** A corpus-like program: {@code main} prints {@code 256 512 } and a newline. */
    private static final String PRINTS = """
            (MODULE "p.c"
              (SYMTAB
                ("printf" STATIC UNKNOWN 4 ".text" XREF &syminfo "printf" "" 0 0)
                ("main" STATIC UNKNOWN 4 ".text" XDEF &syminfo "main" "p.c" 7 0)
                ("string.5" STATIC UNKNOWN 1 ".text" LDEF &syminfo "const_15" "" 0 0))
              (DATA "string.5" (I8 37 100 32 37 100 32 10 0))
              (FUNCTION "main"
                (SYMTAB
                  ("a.1" FRAME I32 4 0 &syminfo "main_a" "p.c" 14 0)
                  ("returnvalue.3" FRAME I32 4 0)
                  ("functionvalue.4" FRAME I32 4 0))
                (PROLOGUE (0 0))
               (DEFLABEL "_lab1")
                (SET I32 (MEM I32 (FRAME I64 "a.1")) (INTCONST I32 256))
                (CALL (STATIC I64 "printf")
                  ((STATIC I64 "string.5") (MEM I32 (FRAME I64 "a.1")) (INTCONST I32 512))
                  ((MEM I32 (FRAME I64 "functionvalue.4"))))
                (SET I32 (MEM I32 (FRAME I64 "returnvalue.3")) (INTCONST I32 0))
                (JUMP (LABEL I64 "_epilogue"))
               (DEFLABEL "_epilogue")
                (EPILOGUE (0 0) (MEM I32 (FRAME I64 "returnvalue.3")))))
            """;

    @TempDir
    Path dir;

    private Corpus.Program program(String answer) throws IOException {
        Path lir = Files.writeString(dir.resolve("p.fe.lir"), PRINTS, StandardCharsets.UTF_8);
        Path ans = Files.writeString(dir.resolve("p.ans"), answer, StandardCharsets.ISO_8859_1);
        return new Corpus.Program("G/p", dir.resolve("p.before.lir"), lir, ans, dir.resolve("p.c"));
    }

    private Module module() {
        return LirReader.read("p.fe.lir", PRINTS);
    }

    @Test
    void aRunCountsItsOperationsOnlyWhenItPrintsTheAnswer() throws IOException {
        assertThat(Operations.of(program("256 512 \n"), module(), 1_000, "it").get()).isPositive();
        assertThat(Operations.of(program("256 513\n"), module(), 1_000, "it").getCause())
                .isInstanceOf(Operations.WrongOutput.class)
                .hasMessage("it prints other than .ans from character 6 (7 characters, .ans 7)");
        assertThat(Operations.of(program("256 512 \n"), module(), 2, "it").getCause())
                .isInstanceOf(Operations.WrongOutput.class)
                .hasMessageStartingWith("it stops with ");
    }

    @Test
    void theKnownFailuresDecideTheBudget() {
        Map<String, String> known = HashMap.of(
                "G/big", "budget 10000000000: copies an array 10^4 times",
                "G/huge", "budget: quicksort of 10^7 ints",
                "G/ub", "reads a[10] of int a[10]: out of bounds");
        assertThat(Budget.of("G/p", known)).isEqualTo(Budget.DEFAULT).isEqualTo(new Budget.Steps(1_000_000_000L));
        assertThat(Budget.of("G/big", known)).isEqualTo(new Budget.Steps(10_000_000_000L));
        assertThat(Budget.of("G/huge", known)).isEqualTo(new Budget.NotRun("budget: quicksort of 10^7 ints"));
        assertThat(Budget.of("G/ub", known)).isInstanceOf(Budget.NotRun.class);
    }

    @Test
    void theCommandIsQuotedAsGiven() {
        String[] args = {"--passes", "prun/cse/srd3", "--versus", "prun/srd3", "--coins", "opt", "--operations",
                "--name", "opt-full"};
        Options options = Options.parse(args);
        assertThat(options.command()).isEqualTo("bench/run-quality " + String.join(" ", args));
        assertThat(options.out().getFileName().toString()).isEqualTo(options.date() + "-opt-full.md");
        assertThat(Options.parse("--passes", "prun/srd3", "--coins", "srd3").command())
                .isEqualTo("bench/run-quality --passes prun/srd3 --coins srd3");
    }

    @Test
    void aFailureIsReportedAtTheTopAndTheOthersAreCounted() throws IOException {
        Corpus.Program p = program("256 513\n");
        QualityReport.Count count = QualityReport.count(module());
        Try<Long> wrong = Operations.of(p, module(), 1_000, "funssa's output with prun/srd3");
        Vector<QualityReport.Row> rows = Vector.of(
                new QualityReport.Row("G/p", count, Vector.of(Try.success(new QualityReport.Outcome(count,
                        Option.of(wrong)))), Option.of(Try.success(10L))),
                new QualityReport.Row("G/q", count, Vector.of(Try.success(new QualityReport.Outcome(count,
                        Option.of(Try.success(7L))))), Option.of(Try.success(10L))),
                new QualityReport.Row("G/r", count, Vector.of(Try.failure(new IllegalStateException("boom"))),
                        Option.of(Try.success(10L))));
        String md = QualityReport.markdown(Options.parse("--passes", "prun/srd3", "--operations"), rows,
                Machine.current());
        assertThat(md).doesNotContain("| G/r |").contains("**FAILED on 2 programs**",
                "- G/p: funssa's output with prun/srd3 prints other than .ans from character 6", "- G/r: boom",
                "| executed operations, total over the 1 programs run | 10 | 7 |",
                "| executed operations against COINS, over the 1 programs run | | -30.0 % |",
                "| G/p | 4 | 4 | 0 | 0 | failed | failed | failed |",
                "| G/q | 4 | 4 | 0 | 0 | 10 | 7 | -30.0 % |");
    }
}
