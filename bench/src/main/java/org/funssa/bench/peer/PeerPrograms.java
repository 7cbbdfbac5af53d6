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
        Path dir;
        Vector<Shape> shapes;
        Vector<Integer> sizes;
        try {
            Arguments arguments = Arguments.parse(args, Vector.of("dir", "sizes", "shapes"));
            dir = Path.of(arguments.get("dir").getOrElseThrow(() -> new IllegalArgumentException("--dir is required")));
            shapes = arguments.list("shapes", Vector.of("STRAIGHT", "DIAMONDS", "LOOPS", "MIX")).map(name -> Vector
                    .of(Shape.values()).find(s -> s.name().equalsIgnoreCase(name))
                    .getOrElseThrow(() -> new IllegalArgumentException("unknown shape " + name)));
            sizes = arguments.list("sizes", Vector.of("1000", "10000", "100000"))
                    .map(size -> Arguments.parseNumber("sizes", size).intValue());
        } catch (IllegalArgumentException e) {
            System.err.println("PeerPrograms: " + e.getMessage());
            System.exit(1);
            return;
        }
        Files.createDirectories(dir);
        for (Shape shape : shapes) {
            for (int size : sizes) {
                Workload w = Workload.generated(shape, size);
                String name = shape + "-" + size;
                Files.writeString(dir.resolve(name + ".lir"), w.text(), StandardCharsets.UTF_8);
                Files.writeString(dir.resolve(name + ".c"), GeneratedC.translate(w.module()), StandardCharsets.UTF_8);
                System.out.println(name + "\t" + w.instructions());
            }
        }
    }
}
