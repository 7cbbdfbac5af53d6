package org.funssa.cps.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

class PassStringTest {

    private static final PassString.Vocabulary NAMES = new PassString.Vocabulary(
            Vector.of("mini", "semi", "prun", "lifted", "dropped"), Vector.of("cstp", "cse"),
            Vector.of("naive", "brig", "srd3"));

    @Test
    void readsTheSeedsExampleAndDumpsWhereverTheSeedAllowsThem() {
        assertThat(PassString.parse("prun/cstp/cse/srd3", NAMES))
                .isEqualTo(new PassString("prun", Vector.of("cstp", "cse"), "srd3", 0));
        PassString dumps = PassString.parse("prun/dump/cse/cse/srd3/dump", NAMES);
        assertThat(dumps).isEqualTo(new PassString("prun", Vector.of("dump", "cse", "cse"), "srd3", 1));
        assertThat(dumps.toString()).isEqualTo("prun/dump/cse/cse/srd3/dump");
        assertThat(PassString.parse("dropped/naive", NAMES).middle()).isEmpty();
    }

    @Test
    void misplacedAndUnknownNamesSayWhatIsValidThere() {
        assertThatThrownBy(() -> PassString.parse("cse/prun/srd3", NAMES))
                .hasMessage("pass string \"cse/prun/srd3\": it must start with a construction, one of mini, semi, "
                        + "prun, lifted, dropped; found \"cse\" (cse is an optimization: it comes between "
                        + "construction and destruction)");
        assertThatThrownBy(() -> PassString.parse("prun/cse", NAMES))
                .hasMessageContaining("it must end with a destruction, one of naive, brig, srd3");
        assertThatThrownBy(() -> PassString.parse("prun/frob/srd3", NAMES))
                .hasMessage("pass string \"prun/frob/srd3\": element 2 \"frob\" is not an optimization; between "
                        + "construction and destruction come cstp, cse and dump");
        assertThatThrownBy(() -> PassString.parse("prun/semi/srd3", NAMES))
                .hasMessageContaining("(semi is a construction: it comes first)");
        assertThatThrownBy(() -> PassString.parse("prun/srd3/cse", NAMES))
                .hasMessageContaining("element 3 \"cse\" follows the destruction srd3; only dump may come after it");
        assertThatThrownBy(() -> PassString.parse("prun/srd3/naive", NAMES))
                .hasMessageContaining("only dump may come after it");
        assertThatThrownBy(() -> PassString.parse("prun//srd3", NAMES)).hasMessageContaining("element 2 is empty");
    }
}
