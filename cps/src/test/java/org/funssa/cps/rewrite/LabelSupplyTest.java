package org.funssa.cps.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The number that ends a label, which fresh labels are numbered beyond (FreshNamesTest in destruct tests more). */
class LabelSupplyTest {

    @Test
    void theTrailingNumberIsTheDecimalFormALongWouldHave() {
        assertThat(LabelSupply.trailingNumber("x")).isZero();
        assertThat(LabelSupply.trailingNumber("x_12")).isEqualTo(12);
        assertThat(LabelSupply.trailingNumber("12")).isEqualTo(12);
        assertThat(LabelSupply.trailingNumber("x_012")).isZero();
        assertThat(LabelSupply.trailingNumber("r" + Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(LabelSupply.trailingNumber("r9223372036854775808")).isZero();
        assertThat(LabelSupply.trailingNumber("r12345678901234567890")).isZero();
        assertThat(LabelSupply.trailingNumber("x\u0663")).isZero(); // an Arabic-Indic three is no digit here
    }
}
