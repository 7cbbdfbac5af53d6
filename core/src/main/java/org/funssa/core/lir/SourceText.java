package org.funssa.core.lir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The text of a LIR source, which is UTF-8: bytes that are not a UTF-8 encoding are a {@link LirSyntaxError} at
 * the line and column where they start (columns counted in characters, as the reader counts them), with their
 * byte offset, instead of a decoder's message without a place.
 */
public final class SourceText {

    private SourceText() {}

    /** The text of a file, decoded as UTF-8; errors name the file as given. */
    public static String read(Path file) throws IOException {
        return decode(file.toString(), Files.readAllBytes(file));
    }

    /** The bytes decoded as UTF-8; {@code sourceName} names them in errors. */
    public static String decode(String sourceName, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            throw notUtf8(sourceName, out.flip(), in.position(), bytes[in.position()]);
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    /** The error for the byte at {@code offset}, the text before it being {@code before}. */
    private static LirSyntaxError notUtf8(String sourceName, CharBuffer before, int offset, byte bad) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < before.limit(); i++) {
            if (before.get(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new LirSyntaxError(new SourcePos(sourceName, line, before.limit() - lineStart + 1),
                String.format("byte 0x%02X at offset %d is not UTF-8 (LIR text is read as UTF-8)", bad & 0xff, offset));
    }
}
