package org.funssa.cli.args;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ArgumentParserTest {

    private static final OptionSpec HELP = OptionSpec.flag("Show this help message and exit.", "-h", "--help")
            .asInherited().asStandalone();
    private static final OptionSpec DEBUG = OptionSpec.flag("show stack traces", "--debug").asInherited();
    private static final CommandSpec OPT = CommandSpec.of("opt", "Optimize a module.", "A second paragraph.")
            .withParameters(ParameterSpec.oneOrMore("FILE.lir", "LIR modules"))
            .withOptions(OptionSpec.value("PASSES", "the pass string", "--passes").withDefault("prun/naive"),
                    OptionSpec.value("OUT", "the output", "-o", "--output"),
                    OptionSpec.flag("check every pass", "--check"),
                    OptionSpec.repeated("N", "an argument; repeatable", "--arg"),
                    OptionSpec.attached("GRAPH", "cfg", "draw a graph", "--dot"));
    private static final CommandSpec TOP = CommandSpec.of("tool", "A tool.")
            .withOptions(DEBUG, HELP)
            .withSubcommands(OPT, CommandSpec.of("print", "Print a module.")
                    .withParameters(ParameterSpec.one("FILE.lir", "the module")));

    private static Arguments parse(String... words) {
        return ArgumentParser.parse(TOP, words);
    }

    @Test
    void optionsAndParametersComeInAnyOrderWithAttachedOrDetachedValues() {
        Arguments a = parse("opt", "a.lir", "--passes=prun/srd3", "-o", "out", "b.lir", "--arg", "-5", "--arg=7",
                "--check");
        assertThat(a.command().usageName()).isEqualTo("tool opt");
        assertThat(a.parameter("FILE.lir", Conversions.PATH)).containsExactly(Path.of("a.lir"), Path.of("b.lir"));
        assertThat(a.valueOrDefault("--passes")).isEqualTo("prun/srd3");
        assertThat(a.value("--output", Conversions.PATH).get()).isEqualTo(Path.of("out"));
        assertThat(a.values("--arg", Conversions.LONG)).containsExactly(-5L, 7L);
        assertThat(a.flag("--check")).isTrue();
        assertThat(a.flag("--debug")).isFalse();
        assertThat(a.value("--dot").isEmpty()).isTrue();
        assertThat(parse("opt", "-oout", "x").value("--output").get()).isEqualTo("out");
        assertThat(parse("opt", "-o=out", "x").value("--output").get()).isEqualTo("out");
    }

    @Test
    void defaultsHoldWhenAnOptionIsNotGiven() {
        Arguments a = parse("opt", "x.lir");
        assertThat(a.valueOrDefault("--passes")).isEqualTo("prun/naive");
        assertThat(a.value("--output").isEmpty()).isTrue();
        assertThat(a.values("--arg")).isEmpty();
    }

    @Test
    void anAttachedOnlyValueLeavesTheNextWordAlone() {
        Arguments alone = parse("opt", "--dot", "x.lir");
        assertThat(alone.value("--dot").get()).isEqualTo("cfg");
        assertThat(alone.parameter("FILE.lir", word -> word)).containsExactly("x.lir");
        assertThat(parse("opt", "x.lir", "--dot=dom").value("--dot").get()).isEqualTo("dom");
    }

    @Test
    void inheritedOptionsCountBeforeAndAfterTheSubcommand() {
        assertThat(parse("--debug", "print", "x").flag("--debug")).isTrue();
        assertThat(parse("print", "x", "--debug").flag("--debug")).isTrue();
        assertThat(parse("print", "x").caller().get().command().name()).isEqualTo("tool");
        assertThat(parse().command().name()).isEqualTo("tool");
    }

    @Test
    void aStandaloneOptionNeedsNoParametersAndDoubleDashEndsTheOptions() {
        assertThat(parse("print", "-h").flag("--help")).isTrue();
        assertThat(parse("print", "--", "--check").parameter("FILE.lir", word -> word)).containsExactly("--check");
    }

    @Test
    void everyMistakeIsAUsageErrorNamingTheWordAndTheCommand() {
        assertError(new String[] {"opt", "x", "--frobnicate"}, "opt", "Unknown option: '--frobnicate'");
        assertError(new String[] {"opt", "-x"}, "opt", "Unknown option: '-x'");
        assertError(new String[] {"frobnicate"}, "tool", "Unknown command: 'frobnicate'; the commands are opt, print");
        assertError(new String[] {"opt"}, "opt", "Missing required parameter: 'FILE.lir'");
        assertError(new String[] {"print", "a", "b"}, "print", "Unmatched argument at index 2: 'b'");
        assertError(new String[] {"opt", "x", "--passes"}, "opt",
                "Missing required parameter for option '--passes' (PASSES)");
        assertError(new String[] {"opt", "x", "--passes", "--check"}, "opt",
                "Expected parameter for option '--passes' but found '--check'");
        assertError(new String[] {"opt", "x", "-o", "a", "--output=b"}, "opt",
                "option '--output' should be specified only once");
        assertError(new String[] {"opt", "x", "--check=yes"}, "opt", "Option '--check' takes no value, found 'yes'");
        Arguments bad = parse("opt", "x", "--arg", "seven");
        assertThatThrownBy(() -> bad.values("--arg", Conversions.LONG)).isInstanceOf(UsageError.class)
                .hasMessage("Invalid value for option '--arg': 'seven' is not a long");
    }

    private static void assertError(String[] words, String command, String message) {
        assertThatThrownBy(() -> parse(words)).isInstanceOf(UsageError.class).hasMessage(message)
                .satisfies(e -> assertThat(((UsageError) e).command().name()).isEqualTo(command));
    }

    @Test
    void theHelpIsGeneratedFromTheSpec() {
        CommandSpec opt = TOP.requireSubcommand("opt");
        assertThat(HelpText.of(opt)).isEqualTo("""
                Usage: tool opt [-h] [--check] [--debug] [--dot[=GRAPH]] [-o=OUT]
                                [--passes=PASSES] [--arg=N]... FILE.lir...
                Optimize a module.
                A second paragraph.
                      FILE.lir...       LIR modules
                      --arg=N           an argument; repeatable
                      --check           check every pass
                      --debug           show stack traces
                      --dot[=GRAPH]     draw a graph
                  -h, --help            Show this help message and exit.
                  -o, --output=OUT      the output
                      --passes=PASSES   the pass string (default: prun/naive)
                """);
        assertThat(HelpText.of(TOP)).isEqualTo("""
                Usage: tool [-h] [--debug] [COMMAND]
                A tool.
                      --debug   show stack traces
                  -h, --help    Show this help message and exit.
                Commands:
                  opt    Optimize a module.
                  print  Print a module.
                """);
    }

    @Test
    void longDescriptionsWrapWithinEightyColumns() {
        String words = "word ".repeat(40).strip();
        CommandSpec spec = CommandSpec.of("wide", words).withOptions(
                OptionSpec.flag(words, "--a-very-long-option-name-indeed"));
        Vector<String> lines = Vector.of(HelpText.of(spec).split("\n"));
        assertThat(lines).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        assertThat(lines).contains("      --a-very-long-option-name-indeed");
        assertThat(lines.mkString(" ").replaceAll(" +", " ")).contains(words);
    }

    @Test
    void aSpecRejectsAnOptionNameDeclaredTwice() {
        assertThatThrownBy(() -> CommandSpec.of("x").withOptions(OptionSpec.flag("a", "--a"), OptionSpec.flag("b",
                "--a"))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--a");
    }
}
