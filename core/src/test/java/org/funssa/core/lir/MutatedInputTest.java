package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Random;
import org.funssa.core.corpus.TestCorpus;
import org.junit.jupiter.api.Test;

/** Damaged LIR never escapes as a raw JVM exception: it reads, or it fails with a positioned LirSyntaxError. */
class MutatedInputTest {

    private static final String DAMAGE = "()\"\\;&.-0123456789UEeI%A \nNaN";

    @Test
    void everyMutationOfARealProgramReadsOrFailsCleanly() throws IOException {
        String text = Files.readString(TestCorpus.require().program("Sample1/heapSort2").get().frontEnd());
        Random random = new Random(42);
        int failures = 0;
        for (int i = 0; i < 1000; i++) {
            StringBuilder mutated = new StringBuilder(text);
            for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
                int at = random.nextInt(mutated.length());
                switch (random.nextInt(3)) {
                    case 0 -> mutated.deleteCharAt(at);
                    case 1 -> mutated.insert(at, DAMAGE.charAt(random.nextInt(DAMAGE.length())));
                    default -> mutated.setCharAt(at, DAMAGE.charAt(random.nextInt(DAMAGE.length())));
                }
            }
            try {
                Module module = LirReader.read("mutated.lir", mutated.toString());
                assertThat(LirReader.read("printed.lir", LirPrinter.print(module))).isEqualTo(module);
            } catch (LirSyntaxError e) {
                failures++;
                assertThat(e.position().source()).isEqualTo("mutated.lir");
                assertThat(e.position().line()).isBetween(1, (int) mutated.chars().filter(c -> c == '\n').count() + 1);
                assertThat(e.detail()).startsWith("expected ");
            }
        }
        assertThat(failures).isGreaterThan(500);
    }
}
