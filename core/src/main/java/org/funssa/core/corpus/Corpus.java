package org.funssa.core.corpus;

import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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

        /** COINS 1.5's optimized LIR of the program: {@code <name>.coins-opt.lir} beside its {@code .fe.lir}. */
        public Path coinsOptimized() {
            String file = frontEnd.getFileName().toString();
            return frontEnd.resolveSibling(file.substring(0, file.length() - ".fe.lir".length()) + ".coins-opt.lir");
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
        return candidates().find(dir -> Files.isDirectory(dir.resolve("coins"))).map(Corpus::new);
    }

    /** Where {@link #locate} looks, in order. */
    private static Vector<Path> candidates() {
        Vector<Path> dirs = Vector.empty();
        String property = System.getProperty("funssa.corpus");
        if (property != null) {
            dirs = dirs.append(Paths.get(property));
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            dirs = dirs.append(dir.resolve("shared/corpus")).append(dir.resolve("../shared/corpus"));
        }
        return dirs.map(d -> d.toAbsolutePath().normalize()).distinct();
    }

    /** Why there is no corpus: where {@link #locate} looked, and how to point it at one. */
    public static String notFound() {
        return "COINS corpus not found: no coins/ in " + candidates().mkString(", ")
                + " (set -Dfunssa.corpus=DIR to point at one)";
    }

    /** The corpus, or an error that says where it was looked for. */
    public static Corpus require() {
        return locate().getOrElseThrow(() -> new IllegalStateException(notFound()));
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

    /**
     * The corpus files that do not print their {@code .ans} under the interpreter, each ({@code
     * <group>/<name>.<form>.lir}) with its reason, from {@code known-failures.txt} beside this class: undefined
     * behaviour the interpreter reports as a runtime error, or a reason starting {@code budget} for a program that
     * needs more steps than the default budget (the file's header says more).
     */
    public static Map<String, String> knownFailures() {
        try (InputStream in = Corpus.class.getResourceAsStream("known-failures.txt")) {
            if (in == null) {
                throw new IllegalStateException("known-failures.txt is not on the class path beside " + Corpus.class);
            }
            return Vector.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .map(line -> line.split("\\s+", 2))
                    .toMap(parts -> parts[0], parts -> parts.length > 1 ? parts[1] : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The programs ({@code <group>/<name>}) with a known failure in either form, and its reason. */
    public static Map<String, String> knownFailingPrograms() {
        return knownFailures().mapKeys(file -> file.replaceFirst("\\.(before|fe)\\.lir$", ""));
    }
}
