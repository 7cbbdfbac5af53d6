package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SourceTextTest {

    private static byte[] bytes(String before, int... bad) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        for (int b : bad) {
            out.write(b);
        }
        out.writeBytes(" rest\n".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @Test
    void utf8TextDecodesAsItself() {
        String text = "(MODULE \"café ∀\"\n ; 𝄞 and ü\n)\n";
        assertThat(SourceText.decode("m.lir", text.getBytes(StandardCharsets.UTF_8))).isEqualTo(text);
    }

    @Test
    void aByteThatIsNotUtf8IsReportedAtItsLineColumnAndOffset() {
        // line 2 column 7: the column counts the characters before it ("é" is one, of two bytes)
        assertThatThrownBy(() -> SourceText.decode("m.lir", bytes("(MODULE\n ; é! ", 0xff)))
                .isInstanceOf(LirSyntaxError.class)
                .hasMessage("m.lir:2:7: byte 0xFF at offset 15 is not UTF-8 (LIR text is read as UTF-8)");
    }

    @Test
    void aTruncatedOrOverlongSequenceIsReportedAtItsFirstByte() {
        // a lead byte of a three-byte sequence followed by a space, and an overlong encoding of '/'
        assertThatThrownBy(() -> SourceText.decode("m.lir", bytes("ab", 0xe2, 0x82)))
                .hasMessage("m.lir:1:3: byte 0xE2 at offset 2 is not UTF-8 (LIR text is read as UTF-8)");
        assertThatThrownBy(() -> SourceText.decode("m.lir", bytes("\n\n", 0xc0, 0xaf)))
                .hasMessage("m.lir:3:1: byte 0xC0 at offset 2 is not UTF-8 (LIR text is read as UTF-8)");
    }
}
