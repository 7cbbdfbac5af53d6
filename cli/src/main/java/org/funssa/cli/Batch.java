package org.funssa.cli;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The modules one {@code funssa opt} process works on when given several inputs or a directory, and where
 * each one's LIR goes: a file given goes to {@code DIR/<its name>}, a file found under a directory given
 * goes to {@code DIR/<its path below that directory>}.
 */
record Batch(Vector<Batch.Job> jobs) {

    /** One module to read and where to write its result. */
    record Job(Path input, Path output) {}

    /** Whether the inputs make a batch (several of them, or a directory) rather than one file. */
    static boolean isBatch(List<Path> inputs) {
        return inputs.size() > 1 || Files.isDirectory(inputs.get(0));
    }

    /**
     * The jobs of the inputs in order, a directory's {@code *.lir} files in path order; an input error if a
     * directory holds none, if two inputs would go to one output, or if an output would overwrite its input.
     */
    static Batch of(List<Path> inputs, Path directory) {
        Vector<Job> jobs = Vector.ofAll(inputs).flatMap(input -> Files.isDirectory(input)
                ? lirFilesUnder(input).map(file -> new Job(file, directory.resolve(input.relativize(file))))
                : Vector.of(new Job(input, directory.resolve(input.getFileName()))));
        Map<Path, Job> byOutput = HashMap.empty();
        for (Job job : jobs) {
            Path output = job.output().toAbsolutePath().normalize();
            if (output.equals(job.input().toAbsolutePath().normalize())) {
                throw new InputError("funssa opt: " + job.output() + " would overwrite its input; choose another -o");
            }
            byOutput.get(output).forEach(other -> {
                throw new InputError("funssa opt: " + other.input() + " and " + job.input() + " would both be written"
                        + " to " + job.output());
            });
            byOutput = byOutput.put(output, job);
        }
        return new Batch(jobs);
    }

    private static Vector<Path> lirFilesUnder(Path directory) {
        Vector<Path> files;
        try (Stream<Path> walk = Files.walk(directory)) {
            files = Vector.ofAll(walk.filter(p -> p.getFileName().toString().endsWith(".lir")
                    && Files.isRegularFile(p)).sorted().toList());
        } catch (IOException | UncheckedIOException e) {
            throw new InputError(directory + ": cannot read: " + e.getMessage());
        }
        if (files.isEmpty()) {
            throw new InputError(directory + ": no .lir file in this directory or below it");
        }
        return files;
    }
}
