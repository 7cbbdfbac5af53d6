package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cli.FunssaTest.funssa;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.funssa.cli.FunssaTest.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command checks LIR's static semantics before anything else: each bad input of issue 35 is refused
 * by all of them alike, with exit status 2 and one {@code FILE:LINE:COL: message} line per violation.
 */
class StaticCheckTest {

    private static final String[][] COMMANDS = {{"run"}, {"print"}, {"cfg"}, {"ssa"}, {"opt"}, {"opt", "--check"}};

    @TempDir
    Path dir;

    /** A module whose function "main" has the given SYMTAB entries and statements, one per line from line 5. */
    private Path main(String symbols, String... statements) throws IOException {
        return file("(MODULE \"m\"\n"
                + "  (SYMTAB (\"main\" STATIC UNKNOWN 4 \".text\" XDEF))\n"
                + "  (FUNCTION \"main\"\n"
                + "    (SYMTAB " + symbols + ")\n"
                + "    " + String.join("\n    ", statements) + "))\n");
    }

    private Path file(String text) throws IOException {
        Path path = dir.resolve("bad.lir");
        Files.writeString(path, text);
        return path;
    }

    /** Every command exits with 2 and prints exactly these violations, each after the file's name. */
    private static void refusedByEveryCommand(Path file, String... violations) {
        StringBuilder expected = new StringBuilder();
        for (String v : violations) {
            expected.append(file).append(':').append(v).append('\n');
        }
        for (String[] command : COMMANDS) {
            String[] args = new String[command.length + 1];
            System.arraycopy(command, 0, args, 0, command.length);
            args[command.length] = file.toString();
            Outcome o = funssa(args);
            assertThat(o.err()).as(String.join(" ", command)).isEqualTo(expected.toString());
            assertThat(o.status()).as(String.join(" ", command)).isEqualTo(ExitStatus.INPUT_ERROR);
            assertThat(o.out()).as(String.join(" ", command)).isEmpty();
        }
    }

    @Test
    void aRegisterUsedAtAnotherTypeIsRefusedBeforeOptWritesUnreadableLir() throws IOException {
        refusedByEveryCommand(main("(\"x%\" REG I32 4 0) (\"p%\" REG I64 8 0)",
                        "(PROLOGUE (0 0))",
                        "(SET I32 (REG I32 \"x%\") (INTCONST I32 1))",
                        "(SET I64 (REG I64 \"p%\") (REG I64 \"x%\"))",
                        "(EPILOGUE (0 0) (REG I32 \"x%\"))"),
                "7:29: register \"x%\" is declared I32, used as I64");
    }

    @Test
    void anUndeclaredRegisterIsNotReadAsZero() throws IOException {
        refusedByEveryCommand(main("",
                        "(PROLOGUE (0 0))",
                        "(EPILOGUE (0 0) (REG I32 \"y%\"))"),
                "6:21: REG symbol \"y%\" is not declared");
    }

    @Test
    void aLabelDefinedTwiceIsRefused() throws IOException {
        refusedByEveryCommand(main("",
                        "(PROLOGUE (0 0))",
                        "(JUMP (LABEL I64 \"L\"))",
                        "(DEFLABEL \"L\")",
                        "(DEFLABEL \"L\")",
                        "(EPILOGUE (0 0) (INTCONST I32 0))"),
                "8:5: function \"main\": label \"L\" is defined twice (first at 7:5)");
    }

    @Test
    void aCallWithAMissingArgumentTheCalleeReadsIsRefused() throws IOException {
        refusedByEveryCommand(file("""
                        (MODULE "m"
                          (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("add" STATIC UNKNOWN 4 ".text" XDEF))
                          (FUNCTION "add"
                            (SYMTAB ("a%" REG I32 4 0) ("b%" REG I32 4 0))
                            (PROLOGUE (0 0) (REG I32 "a%") (REG I32 "b%"))
                            (EPILOGUE (0 0) (ADD I32 (REG I32 "a%") (REG I32 "b%"))))
                          (FUNCTION "main"
                            (SYMTAB ("r%" REG I32 4 0))
                            (PROLOGUE (0 0))
                            (CALL (STATIC I64 "add") ((INTCONST I32 1)) ((REG I32 "r%")))
                            (EPILOGUE (0 0) (REG I32 "r%"))))
                        """),
                "10:5: the call of \"add\" passes 1 argument, but \"add\" reads its parameter 2 (\"b%\")");
    }

    @Test
    void anUndeclaredFrameSymbolIsBadInputNotABrokenPass() throws IOException {
        refusedByEveryCommand(main("",
                        "(PROLOGUE (0 0))",
                        "(SET I32 (MEM I32 (FRAME I64 \"v\")) (INTCONST I32 7))",
                        "(EPILOGUE (0 0) (MEM I32 (FRAME I64 \"v\")))"),
                "6:23: FRAME symbol \"v\" is not declared",
                "7:30: FRAME symbol \"v\" is not declared");
    }

    @Test
    void aMemWiderThanItsFrameVariableIsRefused() throws IOException {
        refusedByEveryCommand(main("(\"v\" FRAME I32 4 0)",
                        "(PROLOGUE (0 0))",
                        "(SET I64 (MEM I64 (FRAME I64 \"v\")) (INTCONST I64 7))",
                        "(EPILOGUE (0 0) (MEM I32 (FRAME I64 \"v\")))"),
                "6:14: MEM I64 at byte 0 of frame variable \"v\" (4 bytes) lies outside it");
    }

    @Test
    void aFrameOf10To12BytesIsRefused() throws IOException {
        refusedByEveryCommand(main("(\"v\" FRAME I32 1000000000000 0)",
                        "(PROLOGUE (0 0))",
                        "(SET I32 (MEM I32 (FRAME I64 \"v\")) (INTCONST I32 7))",
                        "(EPILOGUE (0 0) (MEM I32 (FRAME I64 \"v\")))"),
                "4:13: expected the alignment of \"v\" to be a power of two up to 1073741824, found 1000000000000");
    }

    @Test
    void anAccessOutsideAVariableThatStaysInsideTheFrameIsRefused() throws IOException {
        refusedByEveryCommand(main("(\"a\" FRAME I32 4 0) (\"b\" FRAME I32 4 0)",
                        "(PROLOGUE (0 0))",
                        "(SET I32 (MEM I32 (FRAME I64 \"b\")) (INTCONST I32 1))",
                        "(SET I32 (MEM I32 (ADD I64 (FRAME I64 \"a\") (INTCONST I64 4))) (INTCONST I32 7))",
                        "(EPILOGUE (0 0) (MEM I32 (FRAME I64 \"b\")))"),
                "7:14: MEM I32 at byte 4 of frame variable \"a\" (4 bytes) lies outside it");
    }

    @Test
    void i128IsRunButNotCheckedAndOptCheckSaysSoWithStatus2() throws IOException {
        Path wide = main("(\"x%\" REG I128 16 0)",
                "(PROLOGUE (0 0))",
                "(SET I128 (REG I128 \"x%\") (ADD I128 (INTCONST I128 5) (INTCONST I128 1)))",
                "(EPILOGUE (0 0) (CONVIT I32 (REG I128 \"x%\")))");
        assertThat(funssa("run", wide.toString()).status()).isEqualTo(6);
        for (String command : new String[] {"print", "cfg", "ssa", "opt"}) {
            assertThat(funssa(command, wide.toString()).status()).as(command).isZero();
        }
        Outcome check = funssa("opt", "--check", wide.toString());
        assertThat(check.status()).isEqualTo(ExitStatus.INPUT_ERROR);
        assertThat(check.err()).isEqualTo(wide + ":6:15: opt --check cannot compare behaviours of a program with "
                + "I128 values: the IR interpreter does not support them (run the program with funssa run, or "
                + "optimize it without --check)\n");
    }

    @Test
    void anI32ConstantOutside32BitsIsReadModulo2To32WithAWarningByEveryCommand() throws IOException {
        Path coins = main("",
                "(PROLOGUE (0 0))",
                "(EPILOGUE (0 0) (ADD I32 (INTCONST I32 -21474836470) (INTCONST I32 10)))");
        String warning = coins + ":6:44: warning: -21474836470 is outside I32; read modulo 2^32 as 10, as COINS's "
                + "back end does\n";
        Outcome run = funssa("run", coins.toString());
        assertThat(run.status()).isEqualTo(20);
        assertThat(run.err()).isEqualTo(warning);
        Outcome opt = funssa("opt", "--check", coins.toString());
        assertThat(opt.status()).isZero();
        assertThat(opt.err()).startsWith(warning);
        assertThat(opt.out()).contains("(INTCONST I32 10)").doesNotContain("21474836470");
    }
}
