package org.funssa.cps.alpha;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.RandomIr;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.junit.jupiter.api.Test;

/** α-equivalence: invariant under consistent renaming, sensitive to everything else. */
class AlphaTest {

    private static Function parse(String text) {
        return IrParser.parseFunction("a.ir", text);
    }

    /** Renames every bound name of the printed program by a random permutation of fresh names. */
    private static Program renamed(Program program, long seed) {
        String text = IrPrinter.print(program);
        java.util.Random random = new java.util.Random(seed);
        Map<String, String> renaming = HashMap.empty();
        // Bound names of RandomIr are v<n> and L<n>; map each to a fresh, shuffled name.
        for (int n = 0; n < 2000; n++) {
            renaming = renaming.put("v" + n, "w" + (n * 7919 + random.nextInt(7)) + "_" + n);
            renaming = renaming.put("L" + n, "B" + (n * 31 + random.nextInt(3)) + "_" + n);
        }
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\\b([vL][0-9]+)\\b").matcher(text);
        Map<String, String> map = renaming;
        String result = matcher.replaceAll(r -> map.get(r.group(1)).getOrElse(r.group(1)));
        return IrParser.parse("renamed", result);
    }

    @Test
    void randomRenamingsAreEquivalent() {
        for (long seed = 0; seed < 200; seed++) {
            Program program = new RandomIr(seed).program();
            Program other = renamed(program, seed);
            assertThat(Alpha.equivalent(program, other)).as("seed %d", seed).isTrue();
            assertThat(Alpha.equivalent(other, program)).isTrue();
        }
    }

    @Test
    void renamingIsNotEquality() {
        Program program = new RandomIr(3).program();
        assertThat(renamed(program, 3)).isNotEqualTo(program);
    }

    @Test
    void swappedParametersAreNotEquivalent() {
        Function f = parse("""
                fun f(a: i32, b: i32) -> (i32) =
                  let d = sub.i32 a b
                  return (d)
                """);
        Function g = parse("""
                fun f(b: i32, a: i32) -> (i32) =
                  let d = sub.i32 a b
                  return (d)
                """);
        Function h = parse("""
                fun f(x: i32, y: i32) -> (i32) =
                  let z = sub.i32 x y
                  return (z)
                """);
        assertThat(Alpha.equivalent(f, g)).isFalse();
        assertThat(Alpha.equivalent(f, h)).isTrue();
    }

    @Test
    void swappedLocalFunctionParametersAreNotEquivalent() {
        String template = """
                fun f() -> (i32) =
                  letrec L(%s: i32, %s: i32) =
                    let d = sub.i32 p q
                    return (d)
                  in jump L(1, 2)
                """;
        assertThat(Alpha.equivalent(parse(template.formatted("p", "q")), parse(template.formatted("q", "p"))))
                .isFalse();
    }

    @Test
    void changedLiteralIsNotEquivalent() {
        String template = """
                fun f(a: i32) -> (i32) =
                  let d = add.i32 a %s
                  return (d)
                """;
        assertThat(Alpha.equivalent(parse(template.formatted("1")), parse(template.formatted("2")))).isFalse();
        assertThat(Alpha.equivalent(parse(template.formatted("1")), parse(template.formatted("1:i64")))).isFalse();
    }

    @Test
    void twoVariablesMayNotMergeIntoOne() {
        Function f = parse("""
                fun f(a: i32, b: i32) -> (i32) =
                  let d = sub.i32 a b
                  return (d)
                """);
        Function g = parse("""
                fun f(a: i32, b: i32) -> (i32) =
                  let d = sub.i32 a a
                  return (d)
                """);
        assertThat(Alpha.equivalent(f, g)).isFalse();
    }

    @Test
    void globalNamesMustMatch() {
        String template = """
                fun f(m: mem) -> (i32) =
                  let d = load.i32 m @%s
                  return (d)
                """;
        assertThat(Alpha.equivalent(parse(template.formatted("g")), parse(template.formatted("h")))).isFalse();
        assertThat(Alpha.equivalent(parse(template.formatted("g")), parse(template.formatted("g")))).isTrue();
    }

    @Test
    void swappedLabelsAreNotEquivalent() {
        String template = """
                fun f(c: i32) -> (i32) =
                  letrec A() =
                    return (1)
                  and B() =
                    return (2)
                  in if c then %s() else %s()
                """;
        assertThat(Alpha.equivalent(parse(template.formatted("A", "B")), parse(template.formatted("B", "A"))))
                .isFalse();
    }
}
