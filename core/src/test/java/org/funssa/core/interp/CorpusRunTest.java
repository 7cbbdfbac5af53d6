package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Map;
import io.vavr.collection.Stream;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.testing.Exhaustive;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every corpus program, in both LIR forms, prints exactly its {@code .ans} (compared as bytes: both are
 * read as ISO-8859-1). Files that cannot pass are listed with the reason in core's {@code known-failures.txt},
 * and the test checks that each of them fails in the way its reason says; a listed file that starts to
 * pass (or fails differently) fails the test, so the list stays exact. A program listed with a larger budget
 * (billions of operations) runs in its {@code .fe.lir} form only, unless {@link Exhaustive#ON}.
 */
class CorpusRunTest {

    private static final Pattern LARGER_BUDGET = Pattern.compile("budget (\\d+):.*");

    @TestFactory
    Stream<DynamicTest> everyProgramPrintsItsAnswer() {
        Map<String, String> known = Corpus.knownFailures();
        Corpus corpus = TestCorpus.require();
        return Stream.ofAll(corpus.programs()).flatMap(program -> program.lirFiles()
                .filter(file -> Exhaustive.ON || file.equals(program.frontEnd())
                        || !LARGER_BUDGET.matcher(known.getOrElse(name(program, file), "")).matches())
                .map(file -> DynamicTest.dynamicTest(name(program, file),
                        () -> check(name(program, file), file, program.expectedOutput(), known))));
    }

    /** The program's path with the file's extensions, as known-failures.txt names it. */
    private static String name(Corpus.Program program, Path file) {
        String f = file.getFileName().toString();
        return program.path() + f.substring(f.indexOf('.'));
    }

    private static void check(String name, Path file, String expected, Map<String, String> known) {
        String reason = known.getOrElse(name, "");
        boolean overBudget = reason.startsWith("budget:");
        Matcher largerBudget = LARGER_BUDGET.matcher(reason);
        RunOptions options = overBudget ? RunOptions.defaults().withStepBudget(10_000_000)
                : largerBudget.matches() ? RunOptions.defaults().withStepBudget(Long.parseLong(largerBudget.group(1)))
                : RunOptions.defaults();
        RunResult result = LirInterpreter.run(LirReader.read(file), options);
        if (!known.containsKey(name) || largerBudget.matches()) {
            assertThat(result).as(name).isNotInstanceOf(RunResult.Failed.class);
            assertThat(result.stdout()).as(name).isEqualTo(expected);
            return;
        }
        RuntimeError.Kind expectedKind = overBudget
                ? RuntimeError.Kind.STEP_BUDGET_EXHAUSTED : RuntimeError.Kind.MEMORY_ACCESS;
        assertThat(result).as(name + " is listed as a known failure (" + reason + ")")
                .isInstanceOfSatisfying(RunResult.Failed.class,
                        failed -> assertThat(failed.error().kind()).isEqualTo(expectedKind));
    }

}
