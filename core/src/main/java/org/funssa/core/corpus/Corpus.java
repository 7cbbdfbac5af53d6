package org.funssa.core.corpus;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

/**
 * The COINS test-suite corpus ({@code shared/corpus/coins}): real C programs as LIR in two forms with
 * their expected output. Tests, benchmarks and the CLI find it here: the system property
 * {@code funssa.corpus} if set, else the first {@code shared/corpus} beside the working directory or
 * one of its parents.
 */
public record Corpus(Path root) {

    /** One program: {@code <group>/<name>} with its files. */
    public record Program(String path, Path before, Path frontEnd, Path answer, Path source) {
        /** The two LIR forms, {@code .before.lir} then {@code .fe.lir}. */
        public Vector<Path> lirFiles() {
            return Vector.of(before, frontEnd);
        }

        public String expectedOutput() {
            try {
                return Files.readString(answer, java.nio.charset.StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return path;
        }
    }

    /** The corpus on this machine, if there is one. */
    public static Option<Corpus> locate() {
        String property = System.getProperty("funssa.corpus");
        if (property != null && Files.isDirectory(Paths.get(property, "coins"))) {
            return Option.of(new Corpus(Paths.get(property).toAbsolutePath().normalize()));
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            for (Path candidate : Vector.of(dir.resolve("shared/corpus"), dir.resolve("../shared/corpus"))) {
                if (Files.isDirectory(candidate.resolve("coins"))) {
                    return Option.of(new Corpus(candidate.toAbsolutePath().normalize()));
                }
            }
        }
        return Option.none();
    }

    /** The corpus, or an error that says where it was looked for. */
    public static Corpus require() {
        return locate().getOrElseThrow(() -> new IllegalStateException(
                "COINS corpus not found: set -Dfunssa.corpus=DIR or keep shared/corpus beside the checkout"));
    }

    /** Every program that has both LIR forms and an expected output, sorted by path. */
    public Vector<Program> programs() {
        Path coins = root.resolve("coins");
        try (Stream<Path> files = Files.walk(coins)) {
            return Vector.ofAll(files.filter(p -> p.getFileName().toString().endsWith(".before.lir")).toList())
                    .map(before -> {
                        String file = before.getFileName().toString();
                        String stem = file.substring(0, file.length() - ".before.lir".length());
                        Path dir = before.getParent();
                        String path = coins.relativize(dir.resolve(stem)).toString().replace('\\', '/');
                        return new Program(path, before, dir.resolve(stem + ".fe.lir"),
                                dir.resolve(stem + ".ans"), dir.resolve(stem + ".c"));
                    })
                    .filter(p -> Files.exists(p.frontEnd()) && Files.exists(p.answer()))
                    .sortBy(Program::path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The program at {@code <group>/<name>}. */
    public Option<Program> program(String path) {
        return programs().find(p -> p.path().equals(path));
    }
}
