package org.funssa.core.interp.libc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link CFormat} against the real glibc: {@code src/test/resources/cformat/expected.tsv} holds what
 * glibc's snprintf printed for every case of {@code cases.c} (a hand table of flags, widths,
 * precisions, length modifiers and edge values, the corpus's formats, and 3000 seeded random
 * directives). Regenerating it needs gcc; running this test does not.
 */
class CFormatTest {

    /** The arguments of one case; strings live at made-up addresses. */
    private static final class CaseArguments implements CFormat.Arguments {
        private final ArrayDeque<Long> integers = new ArrayDeque<>();
        private final ArrayDeque<Double> doubles = new ArrayDeque<>();
        private final Map<Long, byte[]> strings = new HashMap<>();

        @Override
        public long nextInteger() {
            assertThat(integers).as("integer arguments left").isNotEmpty();
            return integers.removeFirst();
        }

        @Override
        public double nextDouble() {
            assertThat(doubles).as("double arguments left").isNotEmpty();
            return doubles.removeFirst();
        }

        @Override
        public byte[] string(long address) {
            assertThat(strings).as("a string at %x", address).containsKey(address);
            return strings.get(address);
        }

        boolean consumed() {
            return integers.isEmpty() && doubles.isEmpty();
        }
    }

    private record Case(int line, byte[] format, byte[] expected, List<String> arguments) {
        CaseArguments args() {
            CaseArguments args = new CaseArguments();
            for (String a : arguments) {
                switch (a.charAt(0)) {
                    case 'i' -> args.integers.add(Long.parseLong(a.substring(1)));
                    case 'n' -> args.integers.add(0L);
                    case 's' -> {
                        long address = 0x1000L * (args.strings.size() + 1);
                        args.strings.put(address, unescape(a.substring(1)));
                        args.integers.add(address);
                    }
                    case 'd' -> args.doubles.add(Double.longBitsToDouble(Long.parseUnsignedLong(a.substring(1), 16)));
                    default -> throw new IllegalStateException("line " + line + ": bad argument " + a);
                }
            }
            return args;
        }
    }

    private static byte[] unescape(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\') {
                out.write(c);
                continue;
            }
            char e = text.charAt(++i);
            switch (e) {
                case '\\' -> out.write('\\');
                case 't' -> out.write('\t');
                case 'n' -> out.write('\n');
                case 'x' -> {
                    out.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                default -> throw new IllegalStateException("bad escape \\" + e + " in " + text);
            }
        }
        return out.toByteArray();
    }

    private static List<Case> cases() throws IOException {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = CFormatTest.class.getResourceAsStream("/cformat/expected.tsv")) {
            assertThat(in).as("expected.tsv on the class path").isNotNull();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1));
            int number = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                number++;
                String[] fields = line.split("\t", -1);
                cases.add(new Case(number, unescape(fields[0]), unescape(fields[1]),
                        List.of(fields).subList(2, fields.length)));
            }
        }
        return cases;
    }

    private static String show(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** Bytes for a failure message: backslash escapes for the unprintable ones. */
    private static String escape(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            int c = b & 0xFF;
            text.append(c >= 0x20 && c < 0x7F && c != '\\' ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return text.toString();
    }

    @Test
    void printsExactlyWhatGlibcPrints() throws IOException {
        List<Case> cases = cases();
        assertThat(cases).hasSizeGreaterThan(20_000);
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
            CaseArguments args = c.args();
            try {
                byte[] actual = CFormat.format(c.format(), args);
                if (!Arrays.equals(actual, c.expected())) {
                    failures.add("line " + c.line() + ": format [" + escape(c.format()) + "] args " + c.arguments()
                            + "\n   glibc: [" + escape(c.expected()) + "]\n    ours: [" + escape(actual) + "]");
                } else if (!args.consumed()) {
                    failures.add("line " + c.line() + ": arguments left over for [" + escape(c.format()) + "]");
                }
            } catch (CFormatException | AssertionError e) {
                failures.add("line " + c.line() + ": format [" + escape(c.format()) + "]: " + e.getMessage());
            }
        }
        assertThat(failures).as("%d of %d cases differ; first ones:\n%s", failures.size(), cases.size(),
                String.join("\n", failures.subList(0, Math.min(30, failures.size())))).isEmpty();
    }

    private static String format(String format, Object... arguments) {
        CaseArguments args = new CaseArguments();
        for (Object a : arguments) {
            switch (a) {
                case Long l -> args.integers.add(l);
                case Integer i -> args.integers.add((long) i);
                case Double d -> args.doubles.add(d);
                case String s -> {
                    long address = 0x1000L * (args.strings.size() + 1);
                    args.strings.put(address, s.getBytes(StandardCharsets.ISO_8859_1));
                    args.integers.add(address);
                }
                default -> throw new IllegalArgumentException(String.valueOf(a));
            }
        }
        return show(CFormat.format(format.getBytes(StandardCharsets.ISO_8859_1), args));
    }

    @Test
    void truncatesTheRawArgumentToTheLengthModifier() {
        assertThat(format("%d %u %x", 0x1_0000_0005L, -1L, -1L)).isEqualTo("5 4294967295 ffffffff");
        assertThat(format("%hhd %hhu %hd %hu", 0x1ffL, 0x1ffL, 0x18000L, -1L)).isEqualTo("-1 255 -32768 65535");
        assertThat(format("%ld %lu %llx", Long.MIN_VALUE, -1L, Long.MIN_VALUE))
                .isEqualTo("-9223372036854775808 18446744073709551615 8000000000000000");
    }

    @Test
    void printsBytesNotCharacters() {
        assertThat(format("%c%c%c", 0, 255, 0x141)).isEqualTo("\0\u00ffA");
        assertThat(format("\u00e9%s", "\u00ff")).isEqualTo("\u00e9\u00ff");
    }

    @Test
    void floatsRoundTheExactBinaryValueHalfToEven() {
        assertThat(format("%.2f %.0f %.0f %.1f", 0.125, 2.5, 3.5, 0.05)).isEqualTo("0.12 2 4 0.1");
        assertThat(format("%g %g %g %e", 0.0001, 0.00001, 999999.5, 0.0)).isEqualTo("0.0001 1e-05 1e+06 0.000000e+00");
        assertThat(format("%f %+F %a", -0.0, Double.POSITIVE_INFINITY, 3.0)).isEqualTo("-0.000000 +INF 0x1.8p+1");
        assertThat(format("%Lf|%LG|%La", 0.125, 1e-10, 3.0)).isEqualTo("0.125000|1E-10|0x1.8p+1");
    }

    @Test
    void rejectsWhatCLeavesUndefinedOrIsUnsupported() {
        assertThatThrownBy(() -> format("ab%y", 1)).isInstanceOf(CFormatException.class)
                .hasMessage("printf format \"ab%y\": unknown conversion 'y' at offset 2");
        assertThatThrownBy(() -> format("%q", 1)).hasMessageContaining("incomplete directive at offset 0");
        assertThatThrownBy(() -> format("%n", 0)).hasMessageContaining("%n is not supported at offset 0");
        assertThatThrownBy(() -> format("x %5%")).hasMessageContaining("'%%' takes no flags");
        assertThatThrownBy(() -> format("%#d", 1)).hasMessageContaining("'#' flag is undefined for '%d'");
        assertThatThrownBy(() -> format("%05s", "a")).hasMessageContaining("'0' flag is undefined for '%s'");
        assertThatThrownBy(() -> format("%.3c", 65)).hasMessageContaining("precision is undefined for '%c'");
        assertThatThrownBy(() -> format("%lc", 65)).hasMessageContaining("wide characters are not supported");
        assertThatThrownBy(() -> format("%hf", 1.0)).hasMessageContaining("length modifier 'h' is undefined for '%f'");
        assertThatThrownBy(() -> format("%Ld", 1)).hasMessageContaining("length modifier 'L' is undefined for '%d'");
        assertThatThrownBy(() -> format("%1$d", 1)).hasMessageContaining("positional arguments");
        assertThatThrownBy(() -> format("%-5")).hasMessageContaining("incomplete directive at offset 0");
        assertThatThrownBy(() -> format("%99999999999d", 1)).hasMessageContaining("width is larger than");
        assertThatThrownBy(() -> format("\t%\u00ff")).hasMessage("printf format \"\\t%\\xff\": unknown conversion '\\xff' at offset 1");
    }
}
