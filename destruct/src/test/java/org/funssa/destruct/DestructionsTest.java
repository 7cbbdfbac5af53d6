package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DestructionsTest {

    @Test
    void everyMethodIsFoundByItsNameAndUnknownNamesAreNot() {
        // seed 004 chapter 5 order: §5.1, §5.3, §5.4 Methods I to III
        assertThat(Destructions.names()).startsWith("naive", "brig", "srd1", "srd2", "srd3");
        for (String name : Destructions.names()) {
            assertThat(Destructions.named(name).map(Destruction::name).get()).isEqualTo(name);
            assertThat(Destructions.named(name, true).map(Destruction::name).get()).isEqualTo(name + "/chaitin");
        }
        assertThat(Destructions.named("srd4")).isEmpty();
    }
}
