package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Moves;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FunssaTest {

    /** What one command line printed and its exit status. */
    record Outcome(int status, String out, String err) {}

    static Outcome funssa(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Funssa.execute(new Terminal(new PrintStream(out, true, StandardCharsets.ISO_8859_1),
                new PrintStream(err, true, StandardCharsets.UTF_8)), args);
        return new Outcome(status, out.toString(StandardCharsets.ISO_8859_1), err.toString(StandardCharsets.UTF_8));
    }

    /** The subcommands that work on a file. */
    private static final String[] COMMANDS = {"run", "print", "cfg", "ssa", "opt"};

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path path = dir.resolve(name);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
        return path;
    }

    @Test
    void theMainJobShowsTheExampleItsGraphsAndItsOutput() {
        Outcome o = funssa();
        assertThat(o.status()).isZero();
        assertThat(o.out())
                .contains("(FUNCTION \"sumto\"")
                .contains("checked: reading the printed module back gives the same module: yes")
                .contains("function sumto: 4 blocks, 1 loop")
                .contains(".L1    1 stmts  -> .L2 .L3          idom .B0  loop header")
                .contains("sumto(10) = 55, 5 away from 50\n")
                .contains("main returned 0");
        assertThat(o.err()).isEmpty();
    }

    @Test
    void versionIsTheProjectsOnTheCommandAndEverySubcommand() {
        Outcome version = funssa("--version");
        assertThat(version.status()).isZero();
        assertThat(version.out()).isEqualTo("funssa " + System.getProperty("funssa.projectVersion") + "\n");
        for (String command : COMMANDS) {
            assertThat(funssa(command, "-V")).as(command).isEqualTo(version);
        }
    }

    @Test
    void everySubcommandHasHelpAsAnOptionAndThroughHelp() {
        for (String command : COMMANDS) {
            Outcome help = funssa("help", command);
            assertThat(help.status()).as(command).isZero();
            assertThat(help.out()).as(command).startsWith("Usage: funssa " + command + " ")
                    .contains("-h, --help", "-V, --version", "FILE.lir");
            assertThat(funssa(command, "--help")).as(command).isEqualTo(help);
            assertThat(funssa(command, "-h")).as(command).isEqualTo(help);
        }
        Outcome overview = funssa("--help");
        assertThat(overview.status()).isZero();
        assertThat(overview.out()).startsWith("Usage: funssa ").contains(COMMANDS).contains("help");
        assertThat(funssa("help").out()).isEqualTo(overview.out());
        assertThat(funssa("help", "cfg").out()).contains("--dot[=GRAPH]", "cfg (the default), dom", "loops");
        Outcome unknown = funssa("help", "frobnicate");
        assertThat(unknown.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(unknown.err()).contains("frobnicate");
    }

    @Test
    void runPrintsTheProgramsOutputAndExitsWithItsStatus() {
        Corpus.Program fib = TestCorpus.require().program("TestSsa/fib").get();
        for (Path form : fib.lirFiles()) {
            Outcome o = funssa("run", form.toString());
            assertThat(o.out()).isEqualTo(fib.expectedOutput());
            assertThat(o.status()).isZero();
        }
    }

    @Test
    void runTakesAnEntryWithArgumentsAndReturnsItsValueAsTheStatus() throws IOException {
        Path example = file("example.lir", Inputs.exampleText());
        assertThat(funssa("run", example.toString(), "--entry", "sumto", "--arg", "4").status()).isEqualTo(10);
        assertThat(funssa("run", example.toString(), "--entry", "sumto", "--arg", "100").status())
                .isEqualTo(5050 & 0xff);
    }

    @Test
    void runStatsPrintsStepsAndExecutedOperations() throws IOException {
        Path small = file("small.lir", """
                (MODULE "s"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("z%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "z%") (INTCONST I32 7))
                    (EPILOGUE (0 0) (ADD I32 (REG I32 "z%") (INTCONST I32 1)))))
                """);
        Outcome o = funssa("run", small.toString(), "--stats");
        assertThat(o.status()).isEqualTo(8);
        // steps: PROLOGUE 1, SET 1 + 2 nodes, EPILOGUE 1 + 3 nodes; operations: the copy, the addition, the return
        assertThat(o.err()).isEqualTo("{\"steps\": 8, \"operations\": 3}" + System.lineSeparator());
        assertThat(funssa("run", small.toString()).err()).isEmpty();
    }

    @Test
    void aRuntimeErrorIsOneLineWithThePlaceAndStatus3() throws IOException {
        Path divide = file("divide.lir", """
                (MODULE "d"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("z%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "z%") (INTCONST I32 0))
                    (EPILOGUE (0 0) (DIVS I32 (INTCONST I32 8) (REG I32 "z%")))))
                """);
        Outcome o = funssa("run", divide.toString());
        assertThat(o.status()).isEqualTo(ExitStatus.RUNTIME_ERROR);
        assertThat(o.err()).startsWith(divide + ":7:5: in main: runtime error: ").contains("division by zero");
        assertThat(o.err().lines()).hasSize(1);
    }

    @Test
    void theStatusFileTellsAReturnOf3FromARuntimeErrorAndFromExit() throws IOException {
        String program = """
                (MODULE "s"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("exit" STATIC UNKNOWN 4 ".text" XREF))
                  (FUNCTION "main"
                    (SYMTAB ("z%%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "z%%") (INTCONST I32 %d))
                    %s
                    (EPILOGUE (0 0) (DIVS I32 (INTCONST I32 9) (REG I32 "z%%")))))
                """;
        Path status = dir.resolve("status.txt");
        Path three = file("three.lir", program.formatted(3, ""));
        Outcome returned = funssa("run", three.toString(), "--status-file", status.toString());
        assertThat(returned.status()).isEqualTo(3).isEqualTo(ExitStatus.RUNTIME_ERROR);
        assertThat(returned.err()).isEmpty();
        assertThat(Files.readString(status)).isEqualTo("returned 3\n");

        Path divide = file("divide.lir", program.formatted(0, ""));
        Outcome failed = funssa("run", divide.toString(), "--status-file", status.toString());
        assertThat(failed.status()).isEqualTo(ExitStatus.RUNTIME_ERROR);
        assertThat(failed.err()).startsWith(divide + ":8:5: in main: runtime error: ");
        assertThat(Files.readString(status)).isEqualTo("runtime-error " + failed.err());

        Path exit = file("exit.lir", program.formatted(0, "(CALL (STATIC I64 \"exit\") ((INTCONST I32 3)) ())"));
        Outcome exited = funssa("run", exit.toString(), "--status-file", status.toString());
        assertThat(exited.status()).isEqualTo(3);
        assertThat(Files.readString(status)).isEqualTo("exited 3\n");
    }

    /** A module whose main returns {@code 9 / divisor}: a runtime error at 7:5 when the divisor is 0. */
    private Path dividing(String name, int divisor) throws IOException {
        return file(name, """
                (MODULE "d"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("z%%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "z%%") (INTCONST I32 %d))
                    (EPILOGUE (0 0) (DIVS I32 (INTCONST I32 9) (REG I32 "z%%")))))
                """.formatted(divisor));
    }

    @Test
    void runOnADirectoryAndFilesWritesEachProgramsOutputApartAndSaysWhetherAllRan() throws IOException {
        Corpus.Program fib = TestCorpus.require().program("TestSsa/fib").get();
        Path in = Files.createDirectories(dir.resolve("in/deeper"));
        Path fibFile = Files.copy(fib.frontEnd(), in.resolve("fib.fe.lir"));
        Path example = file("in/example.lir", Inputs.exampleText());
        Path divide = dividing("in/divide.lir", 0);
        Path nine = dividing("in/nine.lir", 1);
        Path syntax = file("in/syntax.lir", "(MODULE \"m\"\n  (SYMTAB)\n  (FUNCTION \"main\" (SYMTAB)"
                + " (PROLOGUE (0 0))\n");
        file("in/notes.txt", "not LIR, not read");
        Path single = file("single.lir", Inputs.exampleText());
        Path out = dir.resolve("out");
        Path status = dir.resolve("status.tsv");
        Outcome o = funssa("run", dir.resolve("in").toString(), single.toString(), "--stats",
                "--status-file", status.toString(), "-o", out.toString());

        // A runtime error (3) and an unreadable file (2): the higher; the programs' return values are data.
        assertThat(o.status()).as(o.err()).isEqualTo(ExitStatus.RUNTIME_ERROR);
        assertThat(o.out()).isEmpty();
        try (java.util.stream.Stream<Path> written = Files.walk(out)) {
            assertThat(written.filter(Files::isRegularFile).map(p -> out.relativize(p).toString()).sorted())
                    .containsExactly("deeper/fib.fe.out", "divide.out", "example.out", "nine.out", "single.out");
        }
        assertThat(Files.readString(out.resolve("deeper/fib.fe.out"))).isEqualTo(fib.expectedOutput());
        for (Path program : new Path[] {example, nine, divide}) {
            Path written = out.resolve(RunCommand.outputName(program.getFileName().toString()));
            assertThat(Files.readString(written, StandardCharsets.ISO_8859_1)).isEqualTo(funssa("run",
                    program.toString()).out());
        }
        assertThat(Files.readString(out.resolve("single.out"))).contains("sumto(10) = 55");

        // Each file's messages together, in input order; the syntax error at its place, the others still ran.
        Vector<String> err = Vector.ofAll(o.err().lines().toList());
        assertThat(err.get(0)).startsWith(fibFile + ": {\"steps\": ");
        assertThat(err.get(1)).startsWith(divide + ":7:5: in main: runtime error: ").endsWith("division by zero");
        assertThat(err.get(2)).startsWith(divide + ": {\"steps\": ");
        assertThat(err.get(3)).startsWith(example + ": {\"steps\": ");
        assertThat(err.get(4)).startsWith(nine + ": {\"steps\": ");
        assertThat(err.get(5)).matches(Pattern.quote(syntax.toString()) + ":4:\\d+: .*");
        assertThat(err.get(6)).startsWith(single + ": {\"steps\": ");
        assertThat(err).hasSize(7);
        assertThat(Files.readString(status)).isEqualTo(fibFile + "\treturned 0\n"
                + divide + "\truntime-error " + err.get(1) + "\n"
                + example + "\treturned 0\n"
                + nine + "\treturned 9\n"
                + syntax + "\tinput-error " + err.get(5) + "\n"
                + single + "\treturned 0\n");
    }

    @Test
    void aBatchRunNeedsAnOutputDirectoryAndIsQuietAndZeroWhenEveryProgramRanToItsEnd() throws IOException {
        Path example = file("example.lir", Inputs.exampleText());
        Path other = dividing("other.lir", 1);
        Outcome noDirectory = funssa("run", example.toString(), other.toString());
        assertThat(noDirectory.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(noDirectory.err()).isEqualTo("funssa run: several inputs need -o DIR, the directory for their"
                + " outputs" + System.lineSeparator());

        Path out = dir.resolve("out");
        Outcome batch = funssa("run", example.toString(), other.toString(), "-o", out.toString());
        assertThat(batch).isEqualTo(new Outcome(ExitStatus.OK, "", ""));
        assertThat(funssa("run", other.toString()).status()).isEqualTo(9);
        assertThat(Files.readString(out.resolve("example.out"))).isEqualTo(funssa("run", example.toString()).out());

        Path clash = file("again/example.lir", Inputs.exampleText());
        assertThat(funssa("run", example.toString(), clash.toString(), "-o", out.toString()).err())
                .contains(example + " and " + clash + " would both be written to " + out.resolve("example.out"));

        // One file: -o names the file for its output, or a directory to put NAME.out in.
        Path alone = dir.resolve("alone.txt");
        assertThat(funssa("run", other.toString(), "-o", alone.toString())).isEqualTo(new Outcome(9, "", ""));
        assertThat(alone).exists();
        assertThat(funssa("run", example.toString(), "-o", out.toString()).status()).isZero();
        assertThat(Files.readString(out.resolve("example.out"))).contains("sumto(10) = 55");
    }

    @Test
    void aByteThatIsNotUtf8IsAnInputErrorAtItsPlaceInEveryCommand() throws IOException {
        Path latin1 = dir.resolve("latin1.lir");
        Files.write(latin1, "(MODULE \"m\"\n  (SYMTAB)) ; caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        for (String command : Vector.of(COMMANDS).append("ppg")) {
            Outcome o = funssa(command, latin1.toString());
            assertThat(o.status()).as(command).isEqualTo(ExitStatus.INPUT_ERROR);
            assertThat(o.err()).as(command)
                    .isEqualTo(latin1 + ":2:18: byte 0xE9 at offset 29 is not UTF-8 (LIR text is read as UTF-8)\n");
        }
    }

    @Test
    void inputNestedTooDeepIsAnInputErrorAtItsPlaceNotAnOutOfMemoryTrace() throws IOException {
        // the path a 50 MB file of '(' takes, at the smallest size that takes it
        Path parens = file("parens.lir", "(".repeat(1_000_001));
        for (String command : COMMANDS) {
            Outcome o = funssa(command, parens.toString());
            assertThat(o.status()).as(command).isEqualTo(ExitStatus.INPUT_ERROR);
            assertThat(o.err()).as(command).isEqualTo(parens
                    + ":1:1000001: expected at most 1000000 lists nested in one another, found a deeper one\n");
        }
    }

    @Test
    void anExhaustedStepBudgetIsARuntimeError() throws IOException {
        Path loop = file("loop.lir", """
                (MODULE "l"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB)
                    (PROLOGUE (0 0))
                    (DEFLABEL "top")
                    (JUMP (LABEL I64 "top"))
                    (EPILOGUE (0 0))))
                """);
        Outcome o = funssa("run", loop.toString(), "--steps", "1000");
        assertThat(o.status()).isEqualTo(ExitStatus.RUNTIME_ERROR);
        assertThat(o.err()).contains("step budget");
    }

    @Test
    void optCheckComparesAnEndlessLoopOnTheOutputEveryStagePrintedBeforeItsBudgetRanOut() throws IOException {
        Path loop = file("printing-loop.lir", """
                (MODULE "l"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("puts" STATIC UNKNOWN 4 ".text" XREF)
                    ("s" STATIC A16 1 ".data" LDEF))
                  (DATA "s" (I8 120 0))
                  (FUNCTION "main"
                    (SYMTAB ("r%" REG I32 4 0) ("i%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "i%") (INTCONST I32 0))
                    (DEFLABEL "top")
                    (SET I32 (REG I32 "i%") (ADD I32 (REG I32 "i%") (INTCONST I32 1)))
                    (CALL (STATIC I64 "puts") ((STATIC I64 "s")) ((REG I32 "r%")))
                    (JUMP (LABEL I64 "top"))
                    (DEFLABEL "end")
                    (EPILOGUE (0 0) (REG I32 "i%"))))
                """);
        Outcome o = funssa("opt", "--check", "--steps", "100000", "--passes", "prun/srd3", loop.toString());
        assertThat(o.err()).contains("--check: main does not finish within 100000 steps; every pass printed what the "
                + "input printed until then (").doesNotContain("kept the behaviour");
        assertThat(o.status()).isZero();
    }

    @Test
    void badLirIsFileLineColumnAndStatus2WithoutAStackTrace() throws IOException {
        Path bad = file("bad.lir", "(MODULE \"m\"\n  (SYMTAB)\n  (FUNCTION \"f\" (SYMTAB) (PROLOGUE (0 0)) (SET I32 (REG I64 \"x\") (INTCONST I32 1))))\n");
        for (String command : new String[] {"run", "print", "cfg"}) {
            Outcome o = funssa(command, bad.toString());
            assertThat(o.status()).as(command).isEqualTo(ExitStatus.INPUT_ERROR);
            assertThat(o.err()).as(command).startsWith(bad + ":3:").doesNotContain("at org.");
            assertThat(o.err().lines()).as(command).hasSize(1);
        }
    }

    @Test
    void aMissingFileAndAnUnknownOptionAreInputErrors() {
        Outcome missing = funssa("run", dir.resolve("nope.lir").toString());
        assertThat(missing.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(missing.err()).contains("nope.lir: no such file");
        Outcome unknown = funssa("run", "x.lir", "--frobnicate");
        assertThat(unknown.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(unknown.err()).contains("--frobnicate");
    }

    @Test
    void aJumpToAnUndefinedLabelNamesItsPlace() throws IOException {
        Path bad = file("jump.lir", """
                (MODULE "j"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB)
                    (PROLOGUE (0 0))
                    (JUMP (LABEL I64 "nowhere"))
                    (EPILOGUE (0 0))))
                """);
        Outcome o = funssa("cfg", bad.toString());
        assertThat(o.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(o.err()).startsWith(bad + ":6:5: function \"main\": ").contains("nowhere");
    }

    @Test
    void printIsAFixpointOfReadingAndPrinting() throws IOException {
        Path before = TestCorpus.require().program("TestSsa/fib").get().before();
        String once = funssa("print", before.toString()).out();
        String twice = funssa("print", file("once.lir", once).toString()).out();
        assertThat(twice).isEqualTo(once);
        assertThat(LirReader.read("once.lir", once)).isEqualTo(LirReader.read(before));
    }

    @Test
    void cfgWithoutDotPrintsTheSummaryOfEachFunction() throws IOException {
        Path example = file("example.lir", Inputs.exampleText());
        Outcome o = funssa("cfg", example.toString());
        assertThat(o.status()).isZero();
        assertThat(o.out()).startsWith("function sumto: 4 blocks, 1 loop").contains("function main: ")
                .doesNotContain("digraph");
    }

    @Test
    void cfgDotIsOneDigraphWithAClusterPerFunctionForEachGraph() throws IOException {
        Path example = file("example.lir", Inputs.exampleText());
        for (String graph : new String[] {"cfg", "dom", "loops"}) {
            Outcome o = funssa("cfg", example.toString(), "--dot=" + graph);
            assertThat(o.status()).as(graph).isZero();
            DotStructure dot = DotStructure.of(o.out());
            assertThat(dot.clusters()).as(graph).containsExactly("cluster_0", "cluster_1");
            assertThat(o.out()).as(graph).contains("label=\"sumto\";", "label=\"main\";");
        }
        // sumto: .B0 -> .L1, the loop .L1 <-> .L2, out to .L3; main: the diamond .B0 -> .L4 | .L5 -> .L6.
        DotStructure cfg = DotStructure.of(funssa("cfg", example.toString(), "--dot").out());
        assertThat(cfg.name()).isEqualTo("\"example.c: control-flow graphs\"");
        assertThat(cfg.edges()).containsExactly("f0_b0 -> f0_b1", "f0_b1 -> f0_b2", "f0_b1 -> f0_b3",
                "f0_b2 -> f0_b1", "f1_b0 -> f1_b1", "f1_b0 -> f1_b2", "f1_b1 -> f1_b3", "f1_b2 -> f1_b3");
        assertThat(DotStructure.of(funssa("cfg", example.toString(), "--dot=dom").out()).edges())
                .containsExactly("f0_b0 -> f0_b1", "f0_b1 -> f0_b2", "f0_b1 -> f0_b3",
                        "f1_b0 -> f1_b1", "f1_b0 -> f1_b2", "f1_b0 -> f1_b3");
        assertThat(DotStructure.of(funssa("cfg", example.toString(), "--dot=loops").out()).edges())
                .containsExactly("f0_function -> f0_l0", "f0_function -> f0_b0", "f0_l0 -> f0_b1",
                        "f0_l0 -> f0_b2", "f0_function -> f0_b3", "f1_function -> f1_b0", "f1_function -> f1_b1",
                        "f1_function -> f1_b2", "f1_function -> f1_b3");
    }

    @Test
    void cfgDotNamesTheFunctionsChosenAndTheEntriesOfAnIrreducibleLoop() throws IOException {
        Path example = file("example.lir", Inputs.exampleText());
        Outcome main = funssa("cfg", "--dot", example.toString(), "--function", "main");
        assertThat(DotStructure.of(main.out()).clusters()).containsExactly("cluster_0");
        assertThat(main.out()).contains("f0_b0 -> f0_b1 [label=\"0\"];", "f0_b0 -> f0_b2 [label=\"1\"];",
                "f0_b1 -> f0_b3;").doesNotContain("sumto");
        Path irreducible = file("irreducible.lir", """
                (MODULE "irr"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("x%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "x%") (INTCONST I32 0))
                    (JUMPC (TSTEQ I32 (REG I32 "x%") (INTCONST I32 0)) (LABEL I64 "a") (LABEL I64 "b"))
                    (DEFLABEL "a")
                    (JUMP (LABEL I64 "b"))
                    (DEFLABEL "b")
                    (JUMPC (TSTNE I32 (REG I32 "x%") (INTCONST I32 0)) (LABEL I64 "a") (LABEL I64 "out"))
                    (DEFLABEL "out")
                    (EPILOGUE (0 0))))
                """);
        Outcome loops = funssa("cfg", irreducible.toString(), "--dot=loops");
        assertThat(DotStructure.of(loops.out()).clusters()).containsExactly("cluster_0");
        assertThat(loops.out()).contains("[label=\"loop a\\ndepth 1\\nirreducible, entries a b\", shape=ellipse];");
        Outcome unknown = funssa("cfg", example.toString(), "--function", "nope");
        assertThat(unknown.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(unknown.err()).contains("no function \"nope\"; the module defines sumto, main");
        Outcome badGraph = funssa("cfg", example.toString(), "--dot=tree");
        assertThat(badGraph.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(badGraph.err()).contains("expected one of cfg, dom, loops, not \"tree\"");
    }

    @Test
    void cfgDotOfACorpusModuleWithManyFunctionsHasUniqueNodesInOneDigraph() {
        Corpus.Program program = TestCorpus.require().program("SubpCall/tpcallFloat3").get();
        for (String graph : new String[] {"cfg", "dom", "loops"}) {
            Outcome o = funssa("cfg", program.frontEnd().toString(), "--dot=" + graph);
            assertThat(o.status()).as(graph).isZero();
            assertThat(DotStructure.of(o.out()).clusters()).as(graph).hasSize(27);
        }
    }

    @Test
    void ppgShowsEachRegionsPredicatesAndPartitions() throws IOException {
        Path example = file("example.lir", Inputs.exampleText());
        Outcome o = funssa("ppg", example.toString());
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("function sumto: 4 blocks, 2 regions\n", "  loop .L1: 3 predicates, 1 partition\n",
                "    pSTART: START .L1 END\n", "    pSTART = p.L2 | p*.L3\n", "function main: 4 blocks, 1 region\n",
                "    p.B0: .B0 .L6\n", "    p.B0 = p.L4 | p.L5\n");
        Outcome dot = funssa("ppg", example.toString(), "--function", "main", "--dot");
        assertThat(dot.status()).isZero();
        assertThat(dot.out()).startsWith("digraph \"ppg main outside loops\" {\n").contains("r0 [shape=point];")
                .doesNotContain("sumto");
    }

    @Test
    void ppgRefusesAnIrreducibleFunctionAtItsPlace() throws IOException {
        Path bad = file("irreducible.lir", """
                (MODULE "i"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("x.1%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "x.1%") (INTCONST I32 0))
                    (JUMPC (TSTEQ I32 (REG I32 "x.1%") (INTCONST I32 0)) (LABEL I64 ".L1") (LABEL I64 ".L2"))
                    (DEFLABEL ".L1")
                    (JUMPC (TSTEQ I32 (REG I32 "x.1%") (INTCONST I32 0)) (LABEL I64 ".L2") (LABEL I64 ".L3"))
                    (DEFLABEL ".L2")
                    (JUMP (LABEL I64 ".L1"))
                    (DEFLABEL ".L3")
                    (EPILOGUE (0 0))))
                """);
        Outcome o = funssa("ppg", bad.toString());
        assertThat(o.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(o.err()).startsWith(bad + ":3:").contains("function \"main\": ", "irreducible")
                .doesNotContain("at org.");
    }

    @Test
    void theMainJobAlsoShowsSsaAndTheCheckedRoundTripBackToLir() {
        Outcome o = funssa();
        assertThat(o.out()).contains("== 4. SSA form", "fun sumto(n.1%: i32, mem: mem) -> (i32, mem)",
                "and .L6(d.5%_3: i32) =", "== 5. Back to LIR: prun/naive --check",
                "checked: the verifier accepts the SSA form, and main behaves the same");
    }

    @Test
    void ssaPrintsIrTextThatParsesVerifiesAndRunsLikeTheInput() {
        Corpus.Program fib = TestCorpus.require().program("TestSsa/fib").get();
        for (String how : new String[] {"lifted", "dropped", "mini", "semi", "prun"}) {
            Outcome o = funssa("ssa", fib.frontEnd().toString(), "--construct", how);
            assertThat(o.status()).as(how).isZero();
            org.funssa.cps.ir.Program program = org.funssa.cps.text.IrParser.parse("fib.ir", o.out());
            assertThat(org.funssa.cps.verify.Verifier.verify(program)).as(how).isEmpty();
            assertThat(org.funssa.cps.interp.IrInterpreter.run(program,
                    org.funssa.core.interp.RunOptions.defaults()).stdout()).as(how).isEqualTo(fib.expectedOutput());
        }
        Outcome bad = funssa("ssa", fib.before().toString(), "--construct", "maximal");
        assertThat(bad.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(bad.err()).contains("unknown construction \"maximal\"; expected one of lifted, dropped, mini, semi, prun");
    }

    @Test
    void optWritesLirThatRunsLikeTheInputAndReportsStatisticsAsJson() throws IOException {
        Corpus.Program fib = TestCorpus.require().program("TestSsa/fib").get();
        Path out = dir.resolve("fib.opt.lir");
        Outcome o = funssa("opt", fib.frontEnd().toString(), "--passes", "prun/dump/naive", "--check", "--stats",
                "-o", out.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).isEmpty();
        assertThat(o.err()).contains("fun main(", "--check: every pass kept the behaviour of main (returned 0, 14 bytes");
        String json = o.err().lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow();
        assertThat(json).matches("\\{\"functions\": \\[\\{\"name\": \"main\", \"blocks\": 9, \"instructionsIn\": 23, "
                + "\"instructionsOut\": \\d+, \"phis\": \\d+, \"copiesInserted\": \\d+, \"psiNormalizeCopies\": 0, "
                + "\"psiCongruenceCopies\": 0, \"phiCongruenceCopies\": \\d+, \"copiesLeft\": \\d+, "
                + "\"predicatedCopiesLeft\": 0, \"constantMovesLeft\": \\d+\\}\\], "
                + "\"total\": \\{.*\"passMillis\": \\{\"prun\": [0-9.]+, \"naive\": [0-9.]+, \"lir\": [0-9.]+\\}\\}, "
                + "\"passes\": \\[" + step("prun", "\\d+", "\\d+") + ", " + step("dump", "0", "0") + ", "
                + step("naive", "-?\\d+", "-?\\d+") + "\\]\\}");
        assertThat(funssa("run", out.toString()).out()).isEqualTo(fib.expectedOutput());
        assertThat(Files.readString(out)).doesNotContain("PHI");
        // copiesLeft counts what COINS-SSA.tsv counts: the REG <- REG SETs of the output, not its constant moves
        Moves moves = Moves.of(LirReader.read(out));
        assertThat(moves.constants()).as("the naive method's constant moves in fib").isPositive();
        assertThat(json).contains("\"copiesLeft\": " + moves.copies() + ", \"predicatedCopiesLeft\": 0, "
                + "\"constantMovesLeft\": " + moves.constants() + "}], \"total\"");
    }

    @Test
    void checkAcceptsAnyExitStatusWhereMainReturnsAValueItNeverAssigned() throws IOException {
        // main falls off its end when g is 0: the LIR interpreter returns the zeroed slot, construction makes
        // the read ⊥ and folds φ(⊥, 1) to 1. Both are the C program's meaning, so --check must accept both.
        String lir = """
                (MODULE "fall.c"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("g" STATIC I32 4 ".bss" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("returnvalue.1" FRAME I32 4 0))
                    (PROLOGUE (0 0))
                    (JUMPC (TSTNE I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 0)) (LABEL I64 "_lab1") (LABEL I64 "_epilogue"))
                    (DEFLABEL "_lab1")
                    (SET I32 (MEM I32 (FRAME I64 "returnvalue.1")) (INTCONST I32 1))
                    (JUMP (LABEL I64 "_epilogue"))
                    (DEFLABEL "_epilogue")
                    (EPILOGUE (0 0) (MEM I32 (FRAME I64 "returnvalue.1"))))
                  (DATA "g" (SPACE 4)))
                """;
        Path unassigned = file("fall.lir", lir);
        assertThat(funssa("run", unassigned.toString()).status()).isZero();
        Outcome o = funssa("opt", unassigned.toString(), "--passes", "prun/srd3", "--check", "-o",
                dir.resolve("fall.out.lir").toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.err()).contains("every pass kept the behaviour of main (returned a value main never assigned");
        assertThat(funssa("run", dir.resolve("fall.out.lir").toString()).status()).isEqualTo(1);

        // Assigned on every path, the status is compared exactly.
        Path assigned = file("set.lir", lir.replace("(JUMPC (TSTNE", """
                (SET I32 (MEM I32 (FRAME I64 "returnvalue.1")) (INTCONST I32 2))
                    (JUMPC (TSTNE"""));
        Outcome exact = funssa("opt", assigned.toString(), "--passes", "prun/srd3", "--check");
        assertThat(exact.status()).as(exact.err()).isZero();
        assertThat(exact.err()).contains("every pass kept the behaviour of main (returned 2, 0 bytes of output)");
    }

    @Test
    void controlRunningOffTheEndOfAFunctionIsReportedAtItsLastStatement() throws IOException {
        Path off = file("off.lir", """
                (MODULE "off" (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("g" STATIC I32 4 ".bss" XDEF))
                  (FUNCTION "main" (SYMTAB)
                    (PROLOGUE (0 0))
                    (JUMPC (TSTLTS I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 3)) (LABEL I64 "a") (LABEL I64 "b"))
                    (DEFLABEL "b")
                    (EPILOGUE (0 0) (INTCONST I32 0))
                    (DEFLABEL "a")
                    (SET I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 1)))
                  (DATA "g" (SPACE 4)))
                """);
        // Every command refuses it before running it, at the block that falls off ...
        Outcome o = funssa("run", off.toString());
        assertThat(o.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(o.err()).contains(off + ":8:5: function \"main\": the last block \"a\" falls off the end");
        // ... and the interpreter, run through the library without that check, says where it ran off.
        RunResult run = LirInterpreter.run(LirReader.read(off), RunOptions.defaults());
        assertThat(run).isInstanceOfSatisfying(RunResult.Failed.class, f -> {
            assertThat(f.error().message()).isEqualTo("control ran off the end of function 'main' without an EPILOGUE");
            assertThat(f.error().where().get().statement()).isEqualTo(5); // the SET, the last statement
        });
    }

    @Test
    void checkClaimsNothingOfARunCutShortByItsStepBudget() {
        Corpus.Program fib = TestCorpus.require().program("TestSsa/fib").get();
        Outcome zero = funssa("opt", fib.frontEnd().toString(), "--passes", "prun/srd3", "--check", "--steps", "0");
        assertThat(zero.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(zero.err()).contains("funssa opt: --steps must be positive, got 0");
        Outcome few = funssa("opt", fib.frontEnd().toString(), "--passes", "prun/srd3", "--check", "--steps", "5");
        assertThat(few.status()).as(few.err()).isZero();
        assertThat(few.err()).contains("--check: main does not finish within 5 steps; every pass printed what the "
                + "input printed until then (0 bytes)").doesNotContain("kept the behaviour");
    }

    /** The pattern of one step in {@code --stats}'s {@code passes}, its changes matching the patterns given. */
    private static String step(String pass, String letsChange, String localFunctionsChange) {
        return "\\{\"pass\": \"" + pass + "\", \"millis\": [0-9.]+, \"lets\": \\d+, \"letsChange\": " + letsChange
                + ", \"localFunctions\": \\d+, \"localFunctionsChange\": " + localFunctionsChange
                + ", \"branches\": \\d+, \"branchesChange\": -?\\d+, \"psis\": \\d+, \"psisChange\": -?\\d+\\}";
    }

    /** If-conversion on the command line: checked, and its branches removed and ψs made in --stats. */
    @Test
    void ifConversionIsCheckedAndCountedInStats() {
        Corpus.Program ne4 = TestCorpus.require().program("TestFnami2/Ne4").get();
        Outcome o = funssa("opt", ne4.frontEnd().toString(), "--passes", "prun/ifcv/psired/srd3", "--check",
                "--stats", "-o", dir.resolve("ne4.lir").toString());
        assertThat(o.status()).as(o.err()).isZero();
        Matcher ifcv = Pattern.compile("\\{\"pass\": \"ifcv\"[^}]*"
                + "\"branchesChange\": (-?\\d+), \"psis\": \\d+, \"psisChange\": (-?\\d+)\\}").matcher(o.err());
        assertThat(ifcv.find()).as(o.err()).isTrue();
        assertThat(Long.parseLong(ifcv.group(1))).isNegative();
        assertThat(Long.parseLong(ifcv.group(2))).isPositive();
        // out of ψ-SSA (seed 001 §4): ψ-normalize copied arguments, φ-congruence (srd3) kept its count
        assertThat(total(o, "psiNormalizeCopies")).isPositive();
        assertThat(total(o, "phiCongruenceCopies")).isEqualTo(total(o, "copiesInserted"));
        assertThat(total(o, "copiesLeft") + total(o, "predicatedCopiesLeft")).isZero();
        assertThat(funssa("run", dir.resolve("ne4.lir").toString()).out()).isEqualTo(ne4.expectedOutput());
    }

    @Test
    void sreedharsCoalescingCanBeSwitchedOffForSrdOnly() {
        // Without copy folding the SSA form keeps the program's copies, which the SSA-based coalescing of
        // seed 004 §5.5.1 removes where the variables do not interfere.
        Corpus.Program program = TestCorpus.require().program("TestSsa/swap-lost").get();
        String file = program.before().toString();
        Outcome with = funssa("opt", file, "--passes", "prun/srd3", "--option", "no-copy-folding", "--check",
                "--stats");
        Outcome without = funssa("opt", file, "--passes", "prun/srd3", "--option", "no-copy-folding", "--check",
                "--stats", "--no-sreedhar-coalescing", "--snapshots");
        assertThat(without.status()).as(without.err()).isZero();
        assertThat(without.err()).contains("--check: every pass kept the behaviour of main",
                "snapshot 1 srd3(no-sreedhar-coalescing) ");
        assertThat(total(without, "instructionsOut")).isGreaterThan(total(with, "instructionsOut"));
        assertThat(funssa("run", file).out()).isEqualTo(program.expectedOutput());

        Outcome naive = funssa("opt", file, "--passes", "prun/naive", "--no-sreedhar-coalescing");
        assertThat(naive.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(naive.err()).contains("switching Sreedhar's coalescing off applies to srd1, srd2, srd3, not to naive");
    }

    /** A count of --stats' JSON total. */
    private static long total(Outcome o, String count) {
        String json = o.err().lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"total\": \\{[^}]*\"" + count
                + "\": (\\d+)").matcher(json);
        assertThat(m.find()).as(json).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void snapshotsLogEveryStepOnStderrAndLeaveTheLirOnStdoutIntact() {
        Corpus.Program fib = TestCorpus.require().program("TestSsa/fib").get();
        String file = fib.frontEnd().toString();
        Outcome plain = funssa("opt", file, "--passes", "prun/dump/srd3", "--chaitin", "--option", "no-copy-folding");
        Outcome o = funssa("opt", file, "--passes", "prun/dump/srd3", "--chaitin", "--option", "no-copy-folding",
                "--snapshots");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).isEqualTo(plain.out()).startsWith("(MODULE");
        java.util.List<String> log = o.err().lines().filter(l -> l.startsWith(file + ": snapshot ")).toList();
        assertThat(log).hasSize(3);
        String number = "\\d+";
        String size = "(" + number + ") lets, (" + number + ") local functions; (" + number + ") new, (" + number
                + ") shared";
        java.util.regex.Pattern line = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(file)
                + ": snapshot (\\d) ([a-z0-9]+)(\\(([^)]*)\\))? \\d+\\.\\d{3} ms: " + size);
        java.util.List<java.util.regex.Matcher> m = log.stream().map(line::matcher).toList();
        m.forEach(x -> assertThat(x.matches()).as(x.toString()).isTrue());
        assertThat(m.stream().map(x -> x.group(1) + " " + x.group(2) + " " + x.group(4)))
                .containsExactly("0 prun no-copy-folding", "1 dump null", "2 srd3 chaitin");
        // Construction allocates everything; a dump shares everything; destruction has the dumped program's size.
        long[] lets = m.stream().mapToLong(x -> Long.parseLong(x.group(5))).toArray();
        assertThat(Long.parseLong(m.get(0).group(8))).isZero();
        assertThat(Long.parseLong(m.get(0).group(7))).isPositive();
        assertThat(Long.parseLong(m.get(1).group(7))).isZero();
        assertThat(Long.parseLong(m.get(1).group(8))).isEqualTo(Long.parseLong(m.get(0).group(7)));
        assertThat(lets[1]).isEqualTo(lets[0]).isPositive();
        assertThat(lets[2]).isPositive();
        assertThat(funssa("opt", file, "--snapshots").err()).contains(file + ": snapshot 0 prun ",
                file + ": snapshot 1 naive ");
    }

    @Test
    void optOnADirectoryAndFilesWritesOneResultPerInputFromOneProcess() throws IOException {
        Corpus.Program fib = TestCorpus.require().program("TestSsa/fib").get();
        Path in = Files.createDirectories(dir.resolve("in/deeper"));
        Files.copy(fib.frontEnd(), in.resolve("fib.fe.lir"));
        file("in/example.lir", Inputs.exampleText());
        file("in/notes.txt", "not LIR, not read");
        Path single = file("single.lir", Inputs.exampleText());
        Path out = dir.resolve("out");
        Outcome o = funssa("opt", dir.resolve("in").toString(), single.toString(), "--passes", "prun/srd3",
                "--check", "--stats", "-o", out.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).isEmpty();
        try (java.util.stream.Stream<Path> written = Files.walk(out)) {
            assertThat(written.filter(Files::isRegularFile).map(p -> out.relativize(p).toString()).sorted())
                    .containsExactly("deeper/fib.fe.lir", "example.lir", "single.lir");
        }
        assertThat(funssa("run", out.resolve("deeper/fib.fe.lir").toString()).out()).isEqualTo(fib.expectedOutput());
        assertThat(funssa("run", out.resolve("single.lir").toString()).out()).contains("sumto(10) = 55");
        assertThat(o.err().lines().filter(l -> l.contains("--check: every pass kept the behaviour"))).hasSize(3);
        assertThat(o.err().lines().filter(l -> l.startsWith(single + ": {\"functions\": "))).hasSize(1);

        // One file and an existing directory: the result goes into it under the input's name.
        Path alone = Files.createDirectories(dir.resolve("alone"));
        assertThat(funssa("opt", single.toString(), "-o", alone.toString()).status()).isZero();
        assertThat(alone.resolve("single.lir")).exists();
    }

    @Test
    void aFailingFileOfABatchIsReportedWhereItFailsAndTheOthersStillRun() throws IOException {
        Path good = file("good.lir", Inputs.exampleText());
        Path bad = file("bad.lir", "(MODULE \"m\"\n  (SYMTAB)\n  (FUNCTION \"f\" (SYMTAB) (PROLOGUE (0 0))"
                + " (SET I32 (REG I64 \"x\") (INTCONST I32 1))))\n");
        Path missing = dir.resolve("missing.lir");
        Path out = dir.resolve("out");
        Outcome o = funssa("opt", bad.toString(), missing.toString(), good.toString(), "-o", out.toString());
        assertThat(o.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(o.err().lines()).hasSize(2);
        assertThat(o.err()).startsWith(bad + ":3:").contains(missing + ": no such file").doesNotContain("at org.");
        assertThat(out.resolve("good.lir")).exists();
        assertThat(out.resolve("bad.lir")).doesNotExist();

        Outcome noDirectory = funssa("opt", good.toString(), bad.toString());
        assertThat(noDirectory.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(noDirectory.err()).contains("several inputs need -o DIR");
        Path other = file("other/good.lir", Inputs.exampleText());
        Outcome clash = funssa("opt", good.toString(), other.toString(), "-o", out.toString());
        assertThat(clash.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(clash.err())
                .contains(good + " and " + other + " would both be written to " + out.resolve("good.lir"));
        Outcome inPlace = funssa("opt", good.toString(), bad.toString(), "-o", dir.toString());
        assertThat(inPlace.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(inPlace.err()).contains("would overwrite its input");
        for (String target : new String[] {good.toString(), dir.toString()}) {
            Outcome single = funssa("opt", good.toString(), "-o", target);
            assertThat(single.status()).isEqualTo(ExitStatus.INPUT_ERROR);
            assertThat(single.err()).contains("would overwrite its input");
        }
        assertThat(good).hasContent(Inputs.exampleText());
    }

    @Test
    void aBadPassStringSaysWhatIsValid() {
        Outcome o = funssa("opt", "x.lir", "--passes", "naive/prun");
        assertThat(o.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(o.err()).contains("it must start with a construction, one of lifted, dropped, mini, semi, prun");
    }
}
