package org.funssa.core.names;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** New names avoid the names taken and each other, are read lazily, and each pass counts from 1. */
class NameSupplyTest {

    private static NameSet taken(String... names) {
        NameSet set = new NameSet();
        for (String name : names) {
            set.add(name);
        }
        return set;
    }

    @Test
    void aNewNameSkipsTheNamesTakenAndIsTakenFromThenOn() {
        NameSupply names = NameSupply.avoiding(() -> taken("_pre1", "_pre3", "x"));
        assertThat(names.fresh("_pre")).isEqualTo("_pre2");
        assertThat(names.fresh("_pre")).isEqualTo("_pre4");
        assertThat(names.fresh("_t", "%")).isEqualTo("_t5%");
        // a claimed name is taken; claiming it again fails
        assertThat(names.claim("y")).isTrue();
        assertThat(names.claim("y")).isFalse();
        assertThat(names.claim("x")).isFalse();
        assertThat(names.primed("x")).isEqualTo("x'");
        assertThat(names.primed("x")).isEqualTo("x''");
        assertThat(names.primed("z")).isEqualTo("z");
    }

    @Test
    void aRestartedSupplyCountsFromOneAndAvoidsWhatTheOthersGaveOut() {
        NameSupply first = NameSupply.avoiding(() -> taken("L2"));
        assertThat(first.fresh("L")).isEqualTo("L1");
        assertThat(first.fresh("L")).isEqualTo("L3");
        NameSupply second = first.restarted();
        assertThat(second.fresh("L")).isEqualTo("L4");
        assertThat(second.fresh("M")).isEqualTo("M5");
        assertThat(first.fresh("M")).isEqualTo("M4");
    }

    @Test
    void theNamesTakenAreReadOnceWhenTheFirstNameIsAskedFor() {
        int[] reads = {0};
        NameSupply names = NameSupply.avoiding(() -> {
            reads[0]++;
            return taken();
        });
        NameSupply pass = names.restarted();
        assertThat(reads[0]).isZero();
        assertThat(pass.fresh("a")).isEqualTo("a1");
        assertThat(names.fresh("a")).isEqualTo("a2");
        assertThat(reads[0]).isEqualTo(1);
    }
}
