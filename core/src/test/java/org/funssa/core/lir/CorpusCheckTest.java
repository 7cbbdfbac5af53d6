package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.funssa.core.corpus.TestCorpus;
import org.junit.jupiter.api.Test;

/**
 * {@link LirChecker} accepts every LIR file of the corpus: the front end's {@code .fe.lir}, the
 * {@code .before.lir} COINS's optimizer starts from and COINS's own optimized {@code .coins-opt.lir}.
 */
class CorpusCheckTest {

    @Test
    void everyCorpusFileSatisfiesTheStaticSemantics() throws IOException {
        Path root = TestCorpus.require().root();
        Vector<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = Vector.ofAll(walk.filter(p -> p.toString().endsWith(".lir")).sorted().toList());
        }
        assertThat(files.size()).isGreaterThanOrEqualTo(2112);
        Vector<Diagnostic> violations = files.flatMap(file -> LirChecker.check(LirReader.readWithPositions(file)));
        assertThat(violations.map(Diagnostic::toString)).isEmpty();
    }
}
