package org.funssa.destruct.boissinot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PairMapTest {

    /**
     * Random puts, overwrites and removals over a small universe of pairs, so that runs of occupied slots are
     * long and removals shift entries back across the end of the table; checked after each step against a
     * HashMap of ordered pairs.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void behavesAsAMapOfUnorderedPairsThroughGrowthAndRemoval(long seed) {
        Random random = new Random(seed);
        PairMap map = new PairMap();
        Map<List<Integer>, Integer> model = new HashMap<>();
        int universe = 60;
        int removals = 0;
        for (int step = 0; step < 20_000; step++) {
            int a = random.nextInt(universe);
            int b = random.nextInt(universe);
            List<Integer> pair = List.of(Math.min(a, b), Math.max(a, b));
            // grow to some hundreds of pairs, then shrink and grow again
            boolean removing = step % 4_000 >= 2_500 ? random.nextInt(4) > 0 : random.nextInt(4) == 0;
            if (removing) {
                map.remove(a, b);
                removals += model.remove(pair) == null ? 0 : 1;
            } else {
                int value = random.nextInt(1_000);
                map.put(b, a, value);
                model.put(pair, value);
            }
            assertThat(map.size()).isEqualTo(model.size());
            for (int probe = 0; probe < 4; probe++) {
                int x = random.nextInt(universe);
                int y = random.nextInt(universe);
                assertThat(map.get(x, y)).as("{%d, %d}", x, y)
                        .isEqualTo(model.getOrDefault(List.of(Math.min(x, y), Math.max(x, y)), -1));
            }
        }
        model.forEach((pair, value) -> assertThat(map.get(pair.get(0), pair.get(1))).isEqualTo(value));
        assertThat(removals).isGreaterThan(1_000);
    }

    @Test
    void aPairIsUnorderedAndPrintsWithItsValue() {
        PairMap map = new PairMap();
        map.put(7, 3, 0);
        map.put(2, 9, 5);
        assertThat(map.get(3, 7)).isZero();
        assertThat(map.get(9, 2)).isEqualTo(5);
        assertThat(map.get(3, 9)).isEqualTo(-1);
        assertThat(map).hasToString("{{2, 9}=5, {3, 7}=0}");
        map.remove(3, 7);
        assertThat(map.get(7, 3)).isEqualTo(-1);
        assertThat(map).hasToString("{{2, 9}=5}");
    }

    @Test
    void negativeNumbersAreRejected() {
        PairMap map = new PairMap();
        assertThatThrownBy(() -> map.put(-1, 2, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a pair of non-negative ints, not {-1, 2}");
        assertThatThrownBy(() -> map.put(1, 2, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a pair's value is from 0 to 2^31 - 2, not -1");
    }
}
