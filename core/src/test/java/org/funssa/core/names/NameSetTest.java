package org.funssa.core.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NameSetTest {

    /** Random names from a small alphabet, so that the set sees repeats, and growing, against HashSet. */
    @Test
    void behavesLikeAHashSet() {
        Random random = new Random(20261123);
        NameSet names = new NameSet();
        Set<String> reference = new HashSet<>();
        for (int i = 0; i < 200_000; i++) {
            String name = "x" + random.nextInt(50_000) + (random.nextBoolean() ? "_" + random.nextInt(4) : "");
            assertThat(names.add(name)).as(name).isEqualTo(reference.add(name));
            String probe = "x" + random.nextInt(60_000);
            assertThat(names.contains(probe)).as(probe).isEqualTo(reference.contains(probe));
        }
        assertThat(names.size()).isEqualTo(reference.size());
        for (String name : reference) {
            assertThat(names.contains(name)).as(name).isTrue();
        }
    }

    /** "Aa" and "BB" have one String hash: equal hashes alone must not make a name taken. */
    @Test
    void namesWithEqualHashesAreDifferentNames() {
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        NameSet names = new NameSet();
        assertThat(names.add("Aa")).isTrue();
        assertThat(names.contains("BB")).isFalse();
        assertThat(names.add("BB")).isTrue();
        assertThat(names.add("Aa")).isFalse();
        assertThat(names.add("BB")).isFalse();
        assertThat(names.size()).isEqualTo(2);
    }

    /** Names are numbered 0, 1, 2, … in the order they came, across growing, and a repeat keeps its number. */
    @Test
    void numbersNamesInTheOrderTheyCame() {
        NameSet names = new NameSet();
        for (int i = 0; i < 10_000; i++) {
            assertThat(names.number("v" + i)).isEqualTo(i);
        }
        assertThat(names.number("v17")).isEqualTo(17);
        assertThat(names.add("v9999")).isFalse();
        assertThat(names.numberOrMinus("v4096")).isEqualTo(4096);
        assertThat(names.numberOrMinus("w")).isEqualTo(-1);
        assertThat(names.name(4096)).isEqualTo("v4096");
        assertThat(names.size()).isEqualTo(10_000);
        assertThatThrownBy(() -> names.name(10_000)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /**
     * A set made with room for some names numbers and finds exactly as one made empty, with fewer, as many
     * and more names than it expected (its table must stay a power of two, and grow past what it expected).
     */
    @Test
    void aSetSizedAheadBehavesAsAGrowingOne() {
        for (int expected : new int[] {0, 1, 8, 9, 1000, 4097}) {
            for (int count : new int[] {expected / 2, expected, 3 * expected + 5}) {
                NameSet sized = new NameSet(expected);
                NameSet growing = new NameSet();
                for (int i = 0; i < count; i++) {
                    String name = "r" + (i * 7919 % (count + 1)) + "_" + i % 3;
                    assertThat(sized.number(name)).as("%d of %d expected", count, expected)
                            .isEqualTo(growing.number(name));
                }
                assertThat(sized.size()).isEqualTo(growing.size());
                for (int i = 0; i < count + 10; i++) {
                    String name = "r" + i + "_" + i % 3;
                    assertThat(sized.numberOrMinus(name)).isEqualTo(growing.numberOrMinus(name));
                }
            }
        }
        assertThatThrownBy(() -> new NameSet(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
