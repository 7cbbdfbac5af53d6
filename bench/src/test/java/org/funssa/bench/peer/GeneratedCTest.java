package org.funssa.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.gen.Storage;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedCTest {

    /** Programs with every generator feature (calls, memory, floats) in every shape and both storages. */
    private static Vector<Module> samples() {
        Vector<Module> modules = Vector.empty();
        for (long seed = 1; seed <= 4; seed++) {
            modules = modules.append(LirGenerator.generate(seed, GeneratorConfig.defaults()).module());
        }
        modules = modules.append(LirGenerator.generate(5, GeneratorConfig.defaults()
                .withStorage(Storage.FRAME_SLOTS)).module());
        for (Shape shape : Shape.values()) {
            modules = modules.append(LirGenerator.generate(6, GeneratorConfig.defaults().withShape(shape)
                    .withFunctions(1).withBlocks(40)).module());
        }
        return modules;
    }

    @Test
    void translationIsDeterministicAndReadable() {
        Module m = LirGenerator.generate(7, GeneratorConfig.defaults()).module();
        String c = GeneratedC.translate(m);
        assertThat(GeneratedC.translate(m)).isEqualTo(c);
        assertThat(c).contains("int main(void) {", "int32_t f_f1(int32_t);",
                "printf((const char *)(intptr_t)((int64_t)(intptr_t)d_fmt_2emain)",
                "goto L__2eLexit;", "v_r0_25 = ");
    }

    @Test
    void rejectsLirOutsideTheSubsetNamingTheFunction() {
        Module phi = LirReader.read("phi.lir", """
                (MODULE "phi" (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main" (SYMTAB ("x%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (DEFLABEL ".L1")
                    (PHI I32 (REG I32 "x%") ((INTCONST I32 1) (LABEL I64 ".L1")))
                    (EPILOGUE (0 0) (REG I32 "x%"))))
                """);
        assertThatThrownBy(() -> GeneratedC.translate(phi)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("main").hasMessageContaining("PHI").hasMessageContaining("outside");
    }

    @Test
    void compiledWithGccUnderUndefinedBehaviourSanitizerPrintsWhatTheInterpreterPrints(@TempDir Path dir)
            throws Exception {
        Assumptions.assumeTrue(onPath("gcc"), "gcc is not on PATH: the C translation is not compiled");
        int index = 0;
        for (Module m : samples()) {
            Path source = dir.resolve("p" + index + ".c");
            Path binary = dir.resolve("p" + index++);
            Files.writeString(source, GeneratedC.translate(m), StandardCharsets.UTF_8);
            Run compile = run(dir, "gcc", "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-Wno-unused-label",
                    "-Wno-unused-variable", "-Wno-unused-but-set-variable", "-Wno-tautological-compare",
                    "-fsanitize=undefined",
                    "-fno-sanitize-recover=all", "-o", binary.toString(), source.toString());
            assertThat(compile.exit()).as("gcc on %s:%n%s", source, compile.output()).isZero();
            Run first = run(dir, binary.toString());
            Run second = run(dir, binary.toString());
            assertThat(first.exit()).as("%s: %s", source, first.output()).isZero();
            assertThat(first.output()).doesNotContain("runtime error").isEqualTo(second.output());
            RunResult interpreted = LirInterpreter.run(m, RunOptions.defaults());
            assertThat(interpreted).isInstanceOf(RunResult.Returned.class);
            assertThat(first.output()).as("the C program prints what the LIR interpreter prints, %s", source)
                    .isEqualTo(interpreted.stdout());
        }
    }

    private record Run(int exit, String output) {}

    private static Run run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(command)).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + String.join(" ", command));
        }
        return new Run(p.exitValue(), output);
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        return path != null && Vector.of(path.split(java.io.File.pathSeparator))
                .exists(d -> Files.isExecutable(Path.of(d, tool)));
    }
}
