package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Set;
import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import java.nio.file.Path;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Program;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 3: every construction on every corpus program, in both LIR forms: the verifier accepts the result
 * and the IR interpreter prints exactly the program's .ans. The constructions of one file run in parallel on
 * the module read once.
 *
 * <p>By default the {@code k}th program gets the {@code k}th construction (cyclically), so that each construction
 * meets a fifth of the corpus (pruned construction meets all of it in the optimization and destruction tests);
 * {@link Exhaustive#ON} runs every construction on every program.
 */
class CorpusConstructionTest {

    /**
     * Programs that cannot print their .ans under the LIR interpreter either, as listed with reasons in
     * core's known-failures.txt (out-of-bounds accesses caught as runtime errors; step budget).
     */
    static final Set<String> KNOWN_FAILURES = Corpus.knownFailingPrograms().keySet();

    @TestFactory
    Stream<DynamicTest> everyConstructionPrintsTheAnswer() {
        Vector<Construction> all = Vector.of(Construction.values());
        return Stream.ofAll(TestCorpus.require().programs())
                .filter(p -> !KNOWN_FAILURES.contains(p.path()))
                .zipWithIndex()
                .flatMap(numbered -> numbered._1.lirFiles().map(file -> DynamicTest.dynamicTest(
                        name(numbered._1, file), () -> check(file, numbered._1.expectedOutput(),
                                all.filter(c -> Exhaustive.inTurn(numbered._2, c.ordinal(), all.size()))))));
    }

    private static String name(Corpus.Program program, Path file) {
        String f = file.getFileName().toString();
        return program.path() + f.substring(f.indexOf('.'));
    }

    private static void check(Path file, String expected, Vector<Construction> constructions) {
        Module module = LirReader.read(file);
        Vector<String> failures = constructions.toJavaParallelStream()
                .map(c -> outcome(module, c, expected))
                .filter(s -> !s.isEmpty())
                .collect(Vector.collector());
        assertThat(failures).isEmpty();
    }

    /** Empty when the construction verifies and prints the answer; otherwise what went wrong. */
    private static String outcome(Module module, Construction construction, String expected) {
        Program program = Ssa.construct(module, construction);
        var violations = Verifier.verify(program);
        if (!violations.isEmpty()) {
            return construction.seedName() + ": " + violations.take(5).mkString("; ");
        }
        RunResult result = IrInterpreter.run(program, RunOptions.defaults().withStepBudget(1_000_000_000L));
        if (result instanceof RunResult.Failed f) {
            return construction.seedName() + ": failed " + f.error();
        }
        if (!result.stdout().equals(expected)) {
            return construction.seedName() + ": printed " + abbreviated(result.stdout()) + " instead of "
                    + abbreviated(expected);
        }
        return "";
    }

    private static String abbreviated(String s) {
        return s.length() <= 200 ? "\"" + s + "\"" : "\"" + s.substring(0, 200) + "…\"";
    }
}
