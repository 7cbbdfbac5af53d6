package org.funssa.bench.quality;

import io.vavr.collection.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.interp.RunOptions;

/**
 * How the report runs a corpus program, from the corpus's known failures (core's {@code known-failures.txt}):
 * with the default step budget (10^9) when the program is not listed, with the larger budget a {@code budget N:}
 * entry names, and not at all when its input itself does not print its {@code .ans} within a budget that runs in
 * seconds (a {@code budget:} entry, or undefined behaviour the interpreter stops on).
 */
sealed interface Budget {

    /** Run with this many steps; the output must print the program's {@code .ans}. */
    record Steps(long steps) implements Budget {}

    /** Not run, for the reason the known failures give. */
    record NotRun(String why) implements Budget {}

    /** The default step budget, with which a program the known failures do not list runs. */
    Budget DEFAULT = new Steps(RunOptions.defaults().machine().stepBudget());

    /** A known failure's reason that names a larger budget. */
    Pattern LARGER = Pattern.compile("budget (\\d+):.*");

    /** The budget of the program at {@code path} ({@code <group>/<name>}) given the known failures. */
    static Budget of(String path, Map<String, String> knownFailures) {
        return knownFailures.get(path).<Budget>map(reason -> {
            Matcher larger = LARGER.matcher(reason);
            return larger.matches() ? new Steps(Long.parseLong(larger.group(1))) : new NotRun(reason);
        }).getOrElse(DEFAULT);
    }

    /** The budget of a corpus program. */
    static Budget of(Corpus.Program program) {
        return of(program.path(), Corpus.knownFailingPrograms());
    }
}
