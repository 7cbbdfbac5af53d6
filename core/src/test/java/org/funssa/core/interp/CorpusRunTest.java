package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Map;
import io.vavr.collection.Stream;
import java.nio.file.Path;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every corpus program, in both LIR forms, prints exactly its {@code .ans} (compared as bytes: both are
 * read as ISO-8859-1). Files that cannot pass are listed with the reason in core's {@code known-failures.txt},
 * and the test checks that each of them fails in the way its reason says; a listed file that starts to
 * pass (or fails differently) fails the test, so the list stays exact.
 */
class CorpusRunTest {

    @TestFactory
    Stream<DynamicTest> everyProgramPrintsItsAnswer() {
        Map<String, String> known = Corpus.knownFailures();
        Corpus corpus = TestCorpus.require();
        return Stream.ofAll(corpus.programs()).flatMap(program -> program.lirFiles().map(file -> {
            String name = program.path() + file.getFileName().toString().substring(
                    file.getFileName().toString().indexOf('.'));
            return DynamicTest.dynamicTest(name, () -> check(name, file, program.expectedOutput(), known));
        }));
    }

    private static void check(String name, Path file, String expected, Map<String, String> known) {
        String reason = known.getOrElse(name, "");
        boolean overBudget = reason.startsWith("budget:");
        java.util.regex.Matcher largerBudget = java.util.regex.Pattern.compile("budget (\\d+):.*").matcher(reason);
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
