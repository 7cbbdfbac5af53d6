package org.funssa.core.corpus;

import io.vavr.collection.Map;
import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;

/**
 * The corpus for tests: where there is none, a test that needs it is skipped (not failed), and the first such
 * test of a run says once, on one line, where the corpus was looked for.
 */
public final class TestCorpus {

    private static final AtomicBoolean TOLD = new AtomicBoolean();
    /** The list of corpus programs that cannot print their answer, with reasons (core's test resources). */
    private static final String KNOWN_FAILURES = "/org/funssa/core/interp/corpus-known-failures.txt";

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
     * The corpus programs that do not print their {@code .ans} under the interpreters, by program path
     * ({@code <group>/<name>}), with the reason given in {@code corpus-known-failures.txt}: undefined behaviour
     * (a runtime error), or a reason starting {@code budget} for a program that needs more steps than the default.
     */
    public static Map<String, String> knownFailures() {
        try (InputStream in = TestCorpus.class.getResourceAsStream(KNOWN_FAILURES)) {
            if (in == null) {
                throw new IllegalStateException(KNOWN_FAILURES + " is not on the class path");
            }
            return Vector.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toMap(line -> line.split("\\s+", 2)[0].replaceFirst("\\.(before|fe)\\.lir$", ""),
                            line -> line.split("\\s+", 2).length > 1 ? line.split("\\s+", 2)[1] : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The corpus programs with undefined behaviour: known failures that are not about the step budget. */
    public static Set<String> undefinedBehaviour() {
        return knownFailures().filterValues(reason -> !reason.startsWith("budget")).keySet();
    }
}
