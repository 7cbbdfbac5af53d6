package org.funssa.bench.peer;

import io.vavr.collection.Vector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.funssa.bench.phase.Workload;
import org.funssa.bench.scaling.Arguments;
import org.funssa.core.gen.Shape;

/**
 * Writes the programs of the peer comparison: for every shape and size, the generated module as
 * {@code <dir>/<SHAPE>-<size>.lir} and as C ({@link GeneratedC}) in {@code <dir>/<SHAPE>-<size>.c}; the
 * same inputs (seed {@link Workload#SEED}) as the scaling harness. Prints one line per program:
 * {@code name<TAB>LIR instructions}.
 *
 * <p>Options: {@code --dir DIR} (required), {@code --sizes 1000,10000,100000}, {@code --shapes STRAIGHT,…}.
 */
public final class PeerPrograms {

    private PeerPrograms() {}

    public static void main(String[] args) throws IOException {
        Arguments arguments;
        try {
            arguments = Arguments.parse(args, Vector.of("dir", "sizes", "shapes"));
        } catch (IllegalArgumentException e) {
            System.err.println("PeerPrograms: " + e.getMessage());
            System.exit(1);
            return;
        }
        Path dir = Path.of(arguments.get("dir").getOrElseThrow(() -> new IllegalArgumentException("--dir is required")));
        Files.createDirectories(dir);
        for (String shapeName : arguments.list("shapes", Vector.of("STRAIGHT", "DIAMONDS", "LOOPS", "MIX"))) {
            Shape shape = Shape.valueOf(shapeName.toUpperCase(java.util.Locale.ROOT));
            for (String size : arguments.list("sizes", Vector.of("1000", "10000", "100000"))) {
                Workload w = Workload.generated(shape, Double.valueOf(size).intValue());
                String name = shape + "-" + Double.valueOf(size).intValue();
                Files.writeString(dir.resolve(name + ".lir"), w.text(), StandardCharsets.UTF_8);
                Files.writeString(dir.resolve(name + ".c"), GeneratedC.translate(w.module()), StandardCharsets.UTF_8);
                System.out.println(name + "\t" + w.instructions());
            }
        }
    }
}
