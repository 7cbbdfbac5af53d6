package org.funssa.cps.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.funssa.cps.ir.Program;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The seeds' figures written in the text form parse, verify, and print back character for character. */
class SeedExamplesTest {

    static String resource(String name) throws IOException {
        try (InputStream in = SeedExamplesTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"seed003-ch6.ir", "seed004-fig4.2.ir"})
    void parsesVerifiesAndPrintsBackIdentically(String name) throws IOException {
        String text = resource(name);
        Program program = IrParser.parse(name, text);
        assertThat(Verifier.verify(program)).isEmpty();
        assertThat(IrPrinter.print(program)).isEqualTo(text);
        assertThat(IrParser.parse(name, IrPrinter.print(program))).isEqualTo(program);
    }
}
