package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35 §2: a module's read costs a few times its text, and one too large for the heap is exit 2 and one
 * line, never a JVM trace. Each case runs {@code funssa print} in a JVM of its own with a small heap, on a
 * generated 5 MB function of 73,000 statements (which needed more than 128 MB before statements were converted
 * as their lists closed).
 */
class LargeInputTest {

    private static final String STATEMENT =
            "    (SET I32 (REG I32 \"x\") (ADD I32 (REG I32 \"x\") (INTCONST I32 1)))\n";

    @TempDir
    static Path dir;

    private static Path module;

    @BeforeAll
    static void writeTheModule() throws IOException {
        StringBuilder text = new StringBuilder("(MODULE \"big\"\n"
                + "  (SYMTAB (\"main\" STATIC UNKNOWN 4 \".text\" XDEF))\n"
                + "  (FUNCTION \"main\"\n    (SYMTAB (\"x\" REG I32 4 0))\n    (PROLOGUE (0 0))\n"
                + "    (SET I32 (REG I32 \"x\") (INTCONST I32 0))\n");
        while (text.length() < 5_000_000) {
            text.append(STATEMENT);
        }
        text.append("    (EPILOGUE (0 0) (REG I32 \"x\"))))\n");
        module = Files.writeString(dir.resolve("big.lir"), text);
    }

    /** What a child JVM with {@code heap} printed on stderr, and its status; stdout goes to a file. */
    private record Child(int status, String err) {}

    private static Child print(String heap) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "-Xmx" + heap, "-cp", System.getProperty("java.class.path"), Funssa.class.getName(), "print",
                module.toString()));
        Path out = dir.resolve("out-" + heap + ".lir");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Child(p.exitValue(), err);
    }

    @Test
    void aFiveMegabyteModuleReadsAndPrintsInA64MegabyteHeap() throws IOException, InterruptedException {
        Child c = print("64m");
        assertThat(c.status()).as(c.err()).isZero();
        assertThat(Files.size(dir.resolve("out-64m.lir"))).isGreaterThan(4_000_000);
    }

    @Test
    void aModuleTooLargeForTheHeapIsOneLineAndStatus2() throws IOException, InterruptedException {
        Child c = print("24m");
        assertThat(c.status()).as(c.err()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(c.err()).startsWith("funssa: out of memory: the input needs more than the ")
                .doesNotContain("Exception", "\tat ");
        assertThat(c.err().lines()).hasSize(1);
    }
}
