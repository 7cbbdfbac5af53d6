package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cli.FunssaTest.funssa;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.funssa.cli.FunssaTest.Outcome;
import org.funssa.core.corpus.TestCorpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the static check lets through, later stages handle: real programs changed where their meaning lives
 * (a type, a name, a constant, a statement dropped) are refused at the edge (2), or run and optimize with
 * {@code opt --check} finding every pass kept their behaviour (0, runtime errors included), never a pass
 * blamed (4) or an internal error (70).
 */
class MutatedProgramTest {

    private static final Pattern TOKEN = Pattern.compile("\\b(I8|I16|I32|I64|F32|F64|A\\d+)\\b|\"[^\"]*\"|-?\\d+");
    private static final String[] TYPES = {"I8", "I16", "I32", "I64", "F64", "A32", "A64"};

    @TempDir
    Path dir;

    @Test
    void aProgramChangedWhereItsMeaningLivesIsRefusedOrKeepsItsBehaviourThroughEveryPass() throws IOException {
        Random random = new Random(35);
        List<String> blamed = new ArrayList<>();
        for (String name : new String[] {"TestSsa/fib", "Sample1/heapSort2", "BasicTest/basicFor"}) {
            String text = Files.readString(TestCorpus.require().program(name).get().frontEnd());
            List<int[]> tokens = new ArrayList<>();
            Matcher m = TOKEN.matcher(text);
            while (m.find()) {
                tokens.add(new int[] {m.start(), m.end()});
            }
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < 100; i++) {
                String mutated;
                if (random.nextInt(4) == 0) {
                    int drop = 1 + random.nextInt(lines.length - 2);
                    StringBuilder b = new StringBuilder();
                    for (int l = 0; l < lines.length; l++) {
                        b.append(l == drop ? "" : lines[l]).append(l + 1 < lines.length ? "\n" : "");
                    }
                    mutated = b.toString();
                } else {
                    int[] t = tokens.get(random.nextInt(tokens.size()));
                    String old = text.substring(t[0], t[1]);
                    String replacement = old.startsWith("\"") ? "\"" + old.substring(1, old.length() - 1)
                            + (random.nextBoolean() ? "x" : "") + "\""
                            : Character.isLetter(old.charAt(0)) ? TYPES[random.nextInt(TYPES.length)]
                            : String.valueOf(Long.parseLong(old.length() > 18 ? "1" : old) + random.nextInt(9) - 4);
                    mutated = text.substring(0, t[0]) + replacement + text.substring(t[1]);
                }
                Path file = dir.resolve(name.replace('/', '-') + "-" + i + ".lir");
                Files.writeString(file, mutated);
                Outcome o = funssa("opt", "--check", "--steps", "20000000", "--passes", "prun/srd3", file.toString());
                if (o.status() != 0 && o.status() != ExitStatus.INPUT_ERROR) {
                    blamed.add(o.status() + " " + o.err().strip());
                }
            }
        }
        assertThat(blamed).isEmpty();
    }
}
