package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.Vector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Moves;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 §3: after {@code prun/srd3}, funssa's LIR keeps no more register-to-register copies than COINS 1.5's
 * SSA optimizer leaves on any corpus program ({@code COINS-SSA.tsv}, column {@code srd3_copies}), and at least
 * 10 % fewer over the whole corpus.
 */
class CorpusCopiesTest {

    /** One program: its path in the corpus, COINS's copies and funssa's. */
    private record Copies(String program, int coins, int funssa) {}

    @Test
    void srd3LeavesNoMoreCopiesThanCoinsOnAnyProgramAndTenPercentFewerInAll() throws IOException {
        Path coins = TestCorpus.require().root().resolve("coins");
        Vector<Copies> counts = Vector.ofAll(coinsCopies(coins.resolve("COINS-SSA.tsv")).toJavaParallelStream()
                .map(row -> new Copies(row._1, row._2, funssaCopies(coins.resolve(row._1 + ".fe.lir"))))
                .toList());
        assertThat(counts).as("programs COINS counted").hasSizeGreaterThan(600);
        assertThat(counts.filter(c -> c.funssa() > c.coins())).as("programs with more copies than COINS").isEmpty();
        int coinsTotal = counts.map(Copies::coins).sum().intValue();
        int funssaTotal = counts.map(Copies::funssa).sum().intValue();
        assertThat(funssaTotal).as("copies in all, COINS's being " + coinsTotal)
                .isLessThanOrEqualTo(coinsTotal * 9 / 10);
    }

    private static int funssaCopies(Path frontEnd) {
        return Moves.of(LirWriter.write(Destructions.named("srd3").get()
                .apply(Ssa.construct(LirReader.read(frontEnd), Construction.PRUNED)))).copies();
    }

    /** The rows of COINS-SSA.tsv that have a count: program path and {@code srd3_copies}. */
    private static Vector<Tuple2<String, Integer>> coinsCopies(Path tsv) throws IOException {
        Vector<String[]> rows = Vector.ofAll(Files.readAllLines(tsv, StandardCharsets.UTF_8))
                .filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> l.split("\t"));
        int column = Vector.of(rows.head()).indexOf("srd3_copies");
        assertThat(column).as("the column srd3_copies of " + tsv).isPositive();
        return rows.tail().filter(r -> r.length > column && r[column].matches("\\d+"))
                .map(r -> Tuple.of(r[0], Integer.parseInt(r[column])));
    }
}
