package org.funssa.core.graph;

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
                switch (random.nextInt(7)) {
                    case 0, 1, 2 -> assertThat(set.add(v)).isEqualTo(model.add(v));
                    case 3 -> set.reserve(random.nextInt(range)); // tables of any length, not powers of two
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

    /** Reserved room is one and a half slots per member, whatever the count, so tables need not be powers of two. */
    @Test
    void reservedRoomIsSizedToTheCount() {
        IntSet set = new IntSet();
        set.reserve(1_000);
        assertThat(set.slots()).isEqualTo(1_501);
        for (int v = 0; v < 1_000; v++) {
            set.add(7 * v);
        }
        assertThat(set.slots()).as("filled to two thirds: no growth").isEqualTo(1_501);
        set.add(7_000);
        assertThat(set.slots()).as("past two thirds it doubles").isEqualTo(3_002);
        set.reserve(1_100);
        assertThat(set.slots()).as("room for a few more doubles it too").isEqualTo(6_004);
        assertThat(set.size()).isEqualTo(1_001);
        for (int v = 0; v <= 1_000; v++) {
            assertThat(set.contains(7 * v)).isTrue();
            assertThat(set.contains(7 * v + 1)).isFalse();
        }
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
