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
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.ConstructionOptions;

/**
 * What the corpus checks of the loop optimizations share: {@code funssa opt --check} of a pass string on the
 * corpus, and the operations the LIR interpreter executes (RunResult.operations, what {@code run --stats} prints)
 * in funssa's output with and without a pass, beside COINS's optimized LIR of the same program.
 */
final class CorpusOperations {

    private CorpusOperations() {}

    /** The programs that need more steps than the default budget: checking them takes minutes. */
    static boolean slow(String path) {
        return Corpus.knownFailingPrograms().get(path).exists(reason -> reason.startsWith("budget"));
    }

    /**
     * {@code funssa opt PROGRAM --passes passes --check} succeeds on every fourth corpus program but the slow ones
     * (every one with {@code -Pexhaustive}); returns how many were checked.
     */
    static int checkEveryFourth(String passes) {
        int checked = 0;
        int index = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            if (slow(program.path()) || !Exhaustive.everyNth(index++, 4)) {
                continue;
            }
            FunssaTest.Outcome o = funssa("opt", program.frontEnd().toString(), "--passes", passes, "--check");
            assertThat(o.status()).as(program.path() + ": " + o.err()).isZero();
            checked++;
        }
        return checked;
    }

    /** The executed operations of the corpus after two pass strings and in COINS's output, program by program. */
    record Measurement(String with, String without, int programs, long withOps, long withoutOps, long coins,
            Vector<Tuple2<String, Long>> savings) {

        long lowered() {
            return savings.count(saved -> saved._2 > 0);
        }

        long raised() {
            return savings.count(saved -> saved._2 < 0);
        }

        /** One line: the totals, the five largest savings and every program that executes more. */
        String report(String pass) {
            return String.format("executed operations over %d corpus programs: %s %d, %s %d (%s saves %d, lowers %d "
                    + "programs, raises %d), COINS %d; most saved: %s; raised: %s", programs, with, withOps,
                    without, withoutOps, pass, withoutOps - withOps, lowered(), raised(), coins,
                    savings.sortBy(saved -> -saved._2).take(5).map(saved -> saved._1 + " " + saved._2).mkString(", "),
                    savings.filter(saved -> saved._2 < 0).map(saved -> saved._1 + " " + saved._2).mkString(", "));
        }
    }

    /**
     * The executed operations of every corpus program that prints its .ans within the default budget, after
     * {@code with} and after {@code without} and in COINS's {@code .coins-opt.lir}; every output must print the
     * program's .ans.
     */
    static Measurement measure(String with, String without) {
        Map<String, String> failing = Corpus.knownFailingPrograms();
        long withOps = 0;
        long withoutOps = 0;
        long coins = 0;
        int programs = 0;
        Vector<Tuple2<String, Long>> savings = Vector.empty();
        for (Corpus.Program program : TestCorpus.require().programs()) {
            if (failing.containsKey(program.path())) {
                continue;
            }
            Module input = LirReader.read(program.frontEnd());
            long w = operations(program, optimized(program, input, with));
            long wo = operations(program, optimized(program, input, without));
            Path coinsFile = program.frontEnd().resolveSibling(program.frontEnd().getFileName().toString()
                    .replace(".fe.lir", ".coins-opt.lir"));
            coins += operations(program, LirReader.read(coinsFile));
            withOps += w;
            withoutOps += wo;
            savings = savings.append(Tuple.of(program.path(), wo - w));
            programs++;
        }
        return new Measurement(with, without, programs, withOps, withoutOps, coins, savings);
    }

    private static Module optimized(Corpus.Program program, Module input, String passes) {
        return new Pipeline(program.path(), Option.none(), text -> { })
                .run(input, Pipeline.parse(passes), ConstructionOptions.DEFAULTS, Vector.empty(), false, true)
                .output();
    }

    /** The operations a module's run executes; the run must print the program's .ans. */
    private static long operations(Corpus.Program program, Module module) {
        RunResult r = LirInterpreter.run(module, RunOptions.defaults());
        assertThat(r.stdout().stripTrailing()).as(program.path()).isEqualTo(program.expectedOutput().stripTrailing());
        return r.operations();
    }
}
