package org.funssa.core.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IntSeqTest {

    private static IntList list(int... values) {
        IntList out = new IntList();
        for (int v : values) {
            out.add(v);
        }
        return out;
    }

    @Test
    void groupedKeepsEachKeysValuesInTheOrderThePairsCame() {
        IntSeq[] groups = IntSeq.grouped(4, list(2, 0, 2, 3, 0, 2), list(10, 11, 12, 13, 14, 15));
        assertThat(groups).containsExactly(IntSeq.of(11, 14), IntSeq.empty(), IntSeq.of(10, 12, 15), IntSeq.of(13));
        assertThat(IntSeq.grouped(2, new IntList(), new IntList())).containsExactly(IntSeq.empty(), IntSeq.empty());
    }

    @Test
    void groupedEqualsAListPerKeyOnRandomPairs() {
        for (long seed = 1; seed <= 5; seed++) {
            Random random = new Random(seed);
            int groups = 1 + random.nextInt(50);
            IntList keys = new IntList();
            IntList values = new IntList();
            List<List<Integer>> expected = new ArrayList<>();
            for (int g = 0; g < groups; g++) {
                expected.add(new ArrayList<>());
            }
            for (int k = 0; k < 1_000; k++) {
                int key = random.nextInt(groups);
                int value = random.nextInt();
                keys.add(key);
                values.add(value);
                expected.get(key).add(value);
            }
            IntSeq[] actual = IntSeq.grouped(groups, keys, values);
            for (int g = 0; g < groups; g++) {
                assertThat(actual[g].stream().boxed().toList()).as("seed %d, key %d", seed, g)
                        .isEqualTo(expected.get(g));
            }
        }
    }
}
