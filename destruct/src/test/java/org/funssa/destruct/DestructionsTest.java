package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DestructionsTest {

    @Test
    void everyMethodIsFoundByItsNameAndUnknownNamesAreNot() {
        assertThat(Destructions.names()).containsExactly("naive", "naive/chaitin", "srd3", "srd3-nocoalesce");
        for (String name : Destructions.names()) {
            assertThat(Destructions.byName(name).map(Destruction::name).get()).isEqualTo(name);
        }
        assertThat(Destructions.byName("srd2")).isEmpty();
    }
}
