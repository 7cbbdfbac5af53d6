package org.funssa.destruct.liveness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IntSetTest {

    /** Random adds and removes over a small range (so that runs collide and removal shifts them back). */
    @Test
    void behavesLikeAHashSetUnderRandomAddsAndRemoves() {
        for (int seed = 0; seed < 50; seed++) {
            Random random = new Random(seed);
            int range = 1 + random.nextInt(200);
            IntSet set = new IntSet();
            Set<Integer> model = new HashSet<>();
            for (int step = 0; step < 5_000; step++) {
                int v = random.nextInt(range);
                switch (random.nextInt(3)) {
                    case 0, 1 -> assertThat(set.add(v)).isEqualTo(model.add(v));
                    default -> assertThat(set.remove(v)).isEqualTo(model.remove(v));
                }
                assertThat(set.size()).isEqualTo(model.size());
            }
            for (int v = 0; v < range; v++) {
                assertThat(set.contains(v)).as("seed %d, %d", seed, v).isEqualTo(model.contains(v));
            }
            Set<Integer> listed = new HashSet<>();
            set.forEach(listed::add);
            assertThat(listed).isEqualTo(model);
        }
    }

    /** Room reserved ahead keeps every member, whether the set was empty or not. */
    @Test
    void reservingRoomKeepsTheMembers() {
        IntSet set = new IntSet();
        set.add(7);
        set.add(1_000);
        set.reserve(10_000);
        for (int v = 0; v < 10_000; v += 2) {
            set.add(v);
        }
        set.reserve(0);
        set.reserve(3);
        assertThat(set.size()).as("1,000 was there already").isEqualTo(5_001);
        assertThat(set.contains(7)).isTrue();
        assertThat(set.contains(1_000)).isTrue();
        assertThat(set.contains(9_998)).isTrue();
        assertThat(set.contains(9_999)).isFalse();
    }

    @Test
    void largeSetsKeepEveryMember() {
        IntSet set = new IntSet();
        for (int v = 0; v < 1_000_000; v += 3) {
            set.add(v);
        }
        for (int v = 0; v < 1_000_000; v += 6) {
            set.remove(v);
        }
        assertThat(set.size()).isEqualTo(166_667);
        assertThat(set.contains(3)).isTrue();
        assertThat(set.contains(6)).isFalse();
        assertThat(set.contains(999_999)).isTrue();
    }

    @Test
    void numbersOutsideTheRangeAreRefusedAndNeverMembers() {
        IntSet set = new IntSet();
        set.add(0);
        assertThatThrownBy(() -> set.add(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> set.add(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
        assertThat(set.contains(-1)).isFalse();
        assertThat(set.contains(Integer.MAX_VALUE)).isFalse();
        assertThat(set.remove(-1)).isFalse();
        assertThat(set.size()).isEqualTo(1);
        assertThat(set.contains(0)).isTrue();
    }
}
