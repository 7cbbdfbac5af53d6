package org.funssa.core.corpus;

import io.vavr.collection.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;

/**
 * The corpus for tests: where there is none, a test that needs it is skipped (not failed), and the first such
 * test of a run says once, on one line, where the corpus was looked for.
 */
public final class TestCorpus {

    private static final AtomicBoolean TOLD = new AtomicBoolean();

    private TestCorpus() {}

    /** The corpus, or the calling test skipped. */
    public static Corpus require() {
        return Corpus.locate().getOrElse(() -> {
            if (!TOLD.getAndSet(true)) {
                System.err.println("corpus tests skipped: " + Corpus.notFound());
            }
            return Assumptions.abort(Corpus.notFound());
        });
    }

    /**
     * The programs of {@link Corpus#knownFailingPrograms()} that fail by undefined behaviour, not for lack of
     * steps.
     */
    public static Set<String> undefinedBehaviour() {
        return Corpus.knownFailingPrograms().filterValues(reason -> !reason.startsWith("budget")).keySet();
    }
}
