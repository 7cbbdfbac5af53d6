package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cli.FunssaTest.funssa;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.nio.file.Path;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.testing.Exhaustive;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.ConstructionOptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code hli} on every corpus program through the command line, checked, and what it saves: the operations the
 * LIR interpreter executes (RunResult.operations) in funssa's output with and without hli, beside COINS's
 * optimized LIR of the same program.
 */
class HoistingCorpusTest {

    private static final String WITH = "prun/cpyp/cstp/hli/cse/dce/srd3";
    private static final String WITHOUT = "prun/cpyp/cstp/cse/dce/srd3";

    /** The programs that need more steps than the default budget: checking them takes minutes. */
    private static boolean slow(String path) {
        return Corpus.knownFailingPrograms().get(path).exists(reason -> reason.startsWith("budget"));
    }

    /** On every fourth program by default, on all with {@code -Pexhaustive}. */
    @Test
    void optWithHliChecksOnEveryCorpusProgram() {
        checkOnTheCorpus("prun/hli/srd3");
    }

    /**
     * {@code funssa opt --check} with each pass string succeeds on every fourth corpus program (on all with
     * {@code -Pexhaustive}) but those that need more than the default budget.
     */
    static void checkOnTheCorpus(String... passStrings) {
        int checked = 0;
        int index = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            if (slow(program.path()) || !Exhaustive.everyNth(index++, 4)) {
                continue;
            }
            for (String passes : passStrings) {
                FunssaTest.Outcome o = funssa("opt", program.frontEnd().toString(), "--passes", passes, "--check");
                assertThat(o.status()).as(passes + " on " + program.path() + ": " + o.err()).isZero();
            }
            checked++;
        }
        assertThat(checked).isGreaterThan(Exhaustive.ON ? 690 : 170);
    }

    /**
     * The executed operations of the whole corpus (the programs that print their .ans within the default budget)
     * after {@value #WITH} and after {@value #WITHOUT}, and in COINS's {@code .coins-opt.lir}: hli lowers the total,
     * and every output still prints the program's .ans. The totals are printed. A measurement of the whole
     * corpus: it runs with {@code -Pexhaustive} (.ci/run).
     */
    @Test
    void hliLowersTheOperationsTheCorpusExecutes() {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        Map<String, String> failing = Corpus.knownFailingPrograms();
        long with = 0;
        long without = 0;
        long coins = 0;
        int programs = 0;
        int lowered = 0;
        int raised = 0;
        Vector<Tuple2<String, Long>> savings = Vector.empty();
        for (Corpus.Program program : TestCorpus.require().programs()) {
            if (failing.containsKey(program.path())) {
                continue;
            }
            Module input = LirReader.read(program.frontEnd());
            long w = operations(program, optimized(program, input, WITH));
            long wo = operations(program, optimized(program, input, WITHOUT));
            Path coinsFile = program.frontEnd().resolveSibling(program.frontEnd().getFileName().toString()
                    .replace(".fe.lir", ".coins-opt.lir"));
            coins += operations(program, LirReader.read(coinsFile));
            with += w;
            without += wo;
            lowered += w < wo ? 1 : 0;
            raised += w > wo ? 1 : 0;
            savings = savings.append(Tuple.of(program.path(), wo - w));
            programs++;
        }
        System.out.printf("executed operations over %d corpus programs: %s %d, %s %d (hli saves %d, lowers %d "
                + "programs, raises %d), COINS %s %d; most saved: %s; raised: %s%n", programs, WITH, with, WITHOUT,
                without, without - with, lowered, raised, WITHOUT, coins,
                savings.sortBy(saved -> -saved._2).take(5).map(saved -> saved._1 + " " + saved._2).mkString(", "),
                savings.filter(saved -> saved._2 < 0).map(saved -> saved._1 + " " + saved._2).mkString(", "));
        assertThat(programs).isGreaterThan(690);
        assertThat(with).isLessThan(without);
    }

    static Module optimized(Corpus.Program program, Module input, String passes) {
        return new Pipeline(program.path(), Option.none(), text -> { })
                .run(input, Pipeline.parse(passes), ConstructionOptions.DEFAULTS, Vector.empty(), false, true)
                .output();
    }

    /** The operations a module's run executes; the run must print the program's .ans. */
    static long operations(Corpus.Program program, Module module) {
        RunResult r = LirInterpreter.run(module, RunOptions.defaults());
        assertThat(r.stdout().stripTrailing()).as(program.path()).isEqualTo(program.expectedOutput().stripTrailing());
        return r.operations();
    }
}
