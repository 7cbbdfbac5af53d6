package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cli.FunssaTest.funssa;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.testing.Exhaustive;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.ConstructionOptions;

/**
 * What the corpus measurements of the optimizations share: a program through a pass string, COINS's optimized LIR
 * of it, and the operations the LIR interpreter executes running a module (RunResult.operations).
 */
final class CorpusOperations {

    private CorpusOperations() {}

    /**
     * {@code funssa opt FILE --passes PASSES --check} on every {@code n}th corpus program by default, on all with
     * {@code -Pexhaustive}, but those that need more steps than the default budget (checking them takes minutes):
     * each must exit with status 0. Returns how many were checked.
     */
    static int checkEach(String passes, int n) {
        int checked = 0;
        int index = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            boolean slow = Corpus.knownFailingPrograms().get(program.path()).exists(r -> r.startsWith("budget"));
            if (slow || !Exhaustive.everyNth(index++, n)) {
                continue;
            }
            FunssaTest.Outcome o = funssa("opt", program.frontEnd().toString(), "--passes", passes, "--check");
            assertThat(o.status()).as(program.path() + ": " + o.err()).isZero();
            checked++;
        }
        return checked;
    }

    /**
     * The executed operations of the corpus programs that print their .ans within the default budget, after two
     * pass strings and in COINS's optimized LIR, in total; how many programs {@code with} lowers and raises; and
     * what it saves on each program.
     */
    record Comparison(String with, String without, int programs, long withOperations, long withoutOperations,
                      long coinsOperations, int lowered, int raised, Vector<Tuple2<String, Long>> savings) {

        /** The totals, the five programs most saved on and those raised (by how much), for the pass {@code pass}. */
        String report(String pass) {
            return String.format("executed operations over %d corpus programs: %s %d, %s %d (%s saves %d, lowers %d "
                    + "programs, raises %d), COINS %s %d; most saved: %s; raised: %s", programs, with, withOperations,
                    without, withoutOperations, pass, withoutOperations - withOperations, lowered, raised, without,
                    coinsOperations,
                    savings.sortBy(saved -> -saved._2).take(5).map(saved -> saved._1 + " " + saved._2).mkString(", "),
                    savings.filter(saved -> saved._2 < 0).map(saved -> saved._1 + " +" + -saved._2).mkString(", "));
        }
    }

    /** The corpus run after {@code with} and after {@code without}; every output must print the program's .ans. */
    static Comparison compare(String with, String without) {
        Map<String, String> failing = Corpus.knownFailingPrograms();
        long withOperations = 0;
        long withoutOperations = 0;
        long coinsOperations = 0;
        int programs = 0;
        int lowered = 0;
        int raised = 0;
        Vector<Tuple2<String, Long>> savings = Vector.empty();
        for (Corpus.Program program : TestCorpus.require().programs()) {
            if (failing.containsKey(program.path())) {
                continue;
            }
            Module input = LirReader.read(program.frontEnd());
            long w = operations(program, optimized(program, input, with));
            long wo = operations(program, optimized(program, input, without));
            coinsOperations += operations(program, LirReader.read(program.coinsOptimized()));
            withOperations += w;
            withoutOperations += wo;
            lowered += w < wo ? 1 : 0;
            raised += w > wo ? 1 : 0;
            savings = savings.append(Tuple.of(program.path(), wo - w));
            programs++;
        }
        return new Comparison(with, without, programs, withOperations, withoutOperations, coinsOperations, lowered,
                raised, savings);
    }

    /** The module after {@code passes}, as {@code funssa opt} writes it. */
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
