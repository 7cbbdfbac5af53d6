package org.funssa.cli;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Either;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import java.util.function.ToIntBiFunction;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The modules one {@code funssa opt} or {@code funssa run} process works on when given several inputs or a
 * directory, where each one's result goes, and how they are worked on: one module per core at a time, each
 * module's messages together and in input order, a failing module reported and the others still done. A file
 * given goes to {@code DIR/<its name>}, a file found under a directory given to
 * {@code DIR/<its path below that directory>}, each name renamed as the command says.
 */
record Batch(Vector<Batch.Job> jobs) {

    /** One module to read and where to write its result. */
    record Job(Path input, Path output) {}

    /** What a job that failed printed (its whole report) and the exit status it gives. */
    record Failure(int status, String message) {}

    /** How a job ended: what the work gave, or its failure. */
    record Done<R>(Job job, Either<Failure, R> ending) {}

    /** Whether the inputs make a batch (several of them, or a directory) rather than one file. */
    static boolean isBatch(Vector<Path> inputs) {
        return inputs.size() > 1 || Files.isDirectory(inputs.get(0));
    }

    /**
     * The jobs of {@code funssa command}'s inputs in order, a directory's {@code *.lir} files in path order,
     * each output named {@code name} of its input's file name; an input error if a directory holds none, if
     * two inputs would go to one output, or if an output would overwrite its input.
     */
    static Batch of(String command, Vector<Path> inputs, Path directory, UnaryOperator<String> name) {
        Vector<Job> jobs = inputs.flatMap(input -> Files.isDirectory(input)
                ? lirFilesUnder(input).map(file -> new Job(file,
                        named(directory.resolve(input.relativize(file)), name)))
                : Vector.of(new Job(input, named(directory.resolve(input.getFileName()), name))));
        Map<Path, Job> byOutput = HashMap.empty();
        for (Job job : jobs) {
            Path output = job.output().toAbsolutePath().normalize();
            if (output.equals(job.input().toAbsolutePath().normalize())) {
                throw new InputError("funssa " + command + ": " + job.output() + " would overwrite its input;"
                        + " choose another -o");
            }
            byOutput.get(output).forEach(other -> {
                throw new InputError("funssa " + command + ": " + other.input() + " and " + job.input()
                        + " would both be written to " + job.output());
            });
            byOutput = byOutput.put(output, job);
        }
        return new Batch(jobs);
    }

    /**
     * Does {@code work} on every job, one per core at a time, giving it a stream of its own for its messages;
     * writes each job's messages to {@code err} together and in input order, a failure's through
     * {@code report} (which prints it and gives its exit status). An Error a job meets (out of memory, …) is
     * thrown here, as it would be without workers.
     */
    <R> Vector<Done<R>> run(PrintStream err, ToIntBiFunction<Exception, PrintStream> report,
                            BiFunction<Job, PrintStream, R> work) {
        ExecutorService workers = Executors.newFixedThreadPool(
                Math.min(jobs.size(), Runtime.getRuntime().availableProcessors()));
        try {
            Vector<Future<Reported<R>>> started = jobs.map(job -> workers.submit(() -> attempt(job, report, work)));
            Vector<Done<R>> done = Vector.empty();
            for (Future<Reported<R>> job : started) {
                Reported<R> reported = await(job);
                err.print(reported.messages());
                done = done.append(reported.done());
            }
            return done;
        } finally {
            workers.shutdownNow();
        }
    }

    /** The highest exit status of the jobs: each gives {@code status} of what its work gave, or its failure's. */
    static <R> int worst(Vector<Done<R>> done, ToIntFunction<R> status) {
        return done.map(d -> d.ending().fold(Failure::status, status::applyAsInt)).max().getOrElse(ExitStatus.OK);
    }

    /** How one job ended and what it wrote on its own stream. */
    private record Reported<R>(Done<R> done, String messages) {}

    private static <R> Reported<R> attempt(Job job, ToIntBiFunction<Exception, PrintStream> report,
                                           BiFunction<Job, PrintStream, R> work) {
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(messages, true, StandardCharsets.UTF_8);
        Either<Failure, R> ending;
        try {
            ending = Either.right(work.apply(job, err));
        } catch (RuntimeException e) {
            ByteArrayOutputStream failure = new ByteArrayOutputStream();
            int status = report.applyAsInt(e, new PrintStream(failure, true, StandardCharsets.UTF_8));
            String message = failure.toString(StandardCharsets.UTF_8);
            err.print(message);
            ending = Either.left(new Failure(status, message));
        }
        return new Reported<>(new Done<>(job, ending), messages.toString(StandardCharsets.UTF_8));
    }

    private static <R> Reported<R> await(Future<Reported<R>> job) {
        try {
            return job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a module of the batch", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static Path named(Path path, UnaryOperator<String> name) {
        return path.resolveSibling(name.apply(path.getFileName().toString()));
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
