package org.funssa.destruct.boissinot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.NavigableSet;
import java.util.Random;
import java.util.TreeSet;
import org.funssa.core.graph.IntList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SortedIntsTest {

    /** Random additions in batches, as merges make them, checked after each batch against a TreeSet. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void behavesAsASortedSetThroughSplitsAndGrowth(long seed) {
        Random random = new Random(seed);
        int universe = 20_000;
        NavigableSet<Integer> model = new TreeSet<>();
        int first = random.nextInt(universe);
        model.add(first);
        SortedInts set = SortedInts.of(new int[] {first});
        for (int batch = 0; batch < 300; batch++) {
            TreeSet<Integer> added = new TreeSet<>();
            int n = random.nextInt(batch % 10 == 0 ? 200 : 8) + 1;
            while (added.size() < n) {
                int v = random.nextInt(universe);
                if (!model.contains(v)) {
                    added.add(v);
                }
            }
            set.addAll(added.stream().mapToInt(Integer::intValue).toArray());
            model.addAll(added);

            assertThat(set.size()).isEqualTo(model.size());
            assertThat(set.first()).isEqualTo(model.first());
            assertThat(set.toArray()).containsExactly(model.stream().mapToInt(Integer::intValue).toArray());
            for (int probe = 0; probe < 20; probe++) {
                int v = random.nextInt(universe + 2) - 1;
                Integer below = model.lower(v);
                assertThat(set.below(v)).as("below %d", v).isEqualTo(below == null ? -1 : below);
                int to = v + random.nextInt(3_000);
                IntList range = new IntList();
                set.copyRange(v, to, range);
                assertThat(range.toArray()).as("[%d, %d)", v, to).containsExactly(
                        model.subSet(v, true, to, false).stream().mapToInt(Integer::intValue).toArray());
            }
        }
        assertThat(model.size()).isGreaterThan(4 * SortedInts.HALF); // blocks were split, more than once
    }

    @Test
    void aSetMadeFromASortedArrayHoldsItInOrder() {
        int[] sorted = new int[1_000];
        Arrays.setAll(sorted, i -> 3 * i + 1);
        SortedInts set = SortedInts.of(sorted);
        assertThat(set.toArray()).containsExactly(sorted);
        assertThat(set.below(1)).isEqualTo(-1);
        assertThat(set.below(2)).isEqualTo(1);
        assertThat(set.below(3 * 999 + 1)).isEqualTo(3 * 998 + 1);
        assertThat(set.below(Integer.MAX_VALUE)).isEqualTo(3 * 999 + 1);
        set.addAll(new int[] {0, 2, 3 * 999 + 2});
        assertThat(set.first()).isZero();
        assertThat(set.size()).isEqualTo(1_003);
        IntList all = new IntList();
        set.copyRange(0, Integer.MAX_VALUE, all);
        assertThat(all.toArray()).startsWith(0, 1, 2, 4).endsWith(3 * 998 + 1, 3 * 999 + 1, 3 * 999 + 2);
    }
}
