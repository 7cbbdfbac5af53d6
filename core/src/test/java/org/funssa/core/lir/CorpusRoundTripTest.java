package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every corpus file reads, and printing is a fixpoint of reading: the laws of {@link LirPrinter}. */
class CorpusRoundTripTest {

    @TestFactory
    Stream<DynamicTest> everyCorpusFileReadsAndRoundTrips() {
        return TestCorpus.require().programs().toJavaStream()
                .flatMap(program -> program.lirFiles().toJavaStream())
                .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> roundTrip(file)));
    }

    @Test
    void theCorpusHasBothFormsOfEveryProgram() {
        assertThat(TestCorpus.require().programs().flatMap(Corpus.Program::lirFiles)).hasSize(1408);
    }

    private static void roundTrip(Path file) throws IOException {
        String text = Files.readString(file);
        Module module = LirReader.read(file.toString(), text);
        assertThat(module.items()).isNotEmpty();

        String printed = LirPrinter.print(module);
        Module again = LirReader.read("printed " + file, printed);
        assertThat(again).isEqualTo(module);
        assertThat(LirPrinter.print(again)).isEqualTo(printed);
    }
}
