package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;
import org.junit.jupiter.api.Test;

/** The operator semantics of {@link Arith}: x86_64 behaviour at every width. */
class ArithTest {

    @Test
    void arithmeticWrapsAroundAtEachWidth() {
        assertThat(Arith.binary(Op.ADD, 8, 127, 1)).isEqualTo(-128);
        assertThat(Arith.binary(Op.ADD, 16, 32767, 1)).isEqualTo(-32768);
        assertThat(Arith.binary(Op.ADD, 32, Integer.MAX_VALUE, 1)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Arith.binary(Op.ADD, 64, Long.MAX_VALUE, 1)).isEqualTo(Long.MIN_VALUE);
        assertThat(Arith.binary(Op.MUL, 8, 16, 16)).isEqualTo(0);
        assertThat(Arith.binary(Op.SUB, 16, -32768, 1)).isEqualTo(32767);
        assertThat(Arith.neg(32, Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Arith.bnot(8, 0)).isEqualTo(-1);
    }

    @Test
    void signedAndUnsignedDivisionDiffer() {
        assertThat(Arith.binary(Op.DIVS, 32, -7, 2)).isEqualTo(-3);
        assertThat(Arith.binary(Op.MODS, 32, -7, 2)).isEqualTo(-1);
        assertThat(Arith.binary(Op.DIVU, 32, -7, 2)).isEqualTo(0x7FFF_FFFCL);
        assertThat(Arith.binary(Op.MODU, 32, -7, 2)).isEqualTo(1);
        assertThat(Arith.binary(Op.DIVU, 8, -1, 16)).isEqualTo(15);
        assertThat(Arith.binary(Op.DIVU, 64, -1, 2)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void divisionByZeroAndMinOverMinusOneTrapAsOnX86() {
        assertThatThrownBy(() -> Arith.binary(Op.DIVS, 32, 1, 0)).isInstanceOfSatisfying(RuntimeTrap.class,
                t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.DIVISION_BY_ZERO));
        assertThatThrownBy(() -> Arith.binary(Op.MODU, 64, 1, 0)).isInstanceOfSatisfying(RuntimeTrap.class,
                t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.DIVISION_BY_ZERO));
        for (int bits : new int[] {8, 16, 32, 64}) {
            long min = Arith.normalize(bits, 1L << (bits - 1));
            assertThatThrownBy(() -> Arith.binary(Op.DIVS, bits, min, -1)).isInstanceOfSatisfying(RuntimeTrap.class,
                    t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.DIVISION_OVERFLOW));
            assertThatThrownBy(() -> Arith.binary(Op.MODS, bits, min, -1)).isInstanceOf(RuntimeTrap.class);
            assertThat(Arith.binary(Op.DIVS, bits, min + 1, -1)).isEqualTo(-(min + 1));
        }
    }

    @Test
    void shiftCountsAreMaskedAsX86Does() {
        assertThat(Arith.shl(32, 1, 33)).isEqualTo(2);          // 33 & 31 = 1
        assertThat(Arith.shl(64, 1, 65)).isEqualTo(2);          // 65 & 63 = 1
        assertThat(Arith.shl(32, 1, 32)).isEqualTo(1);          // count 0
        assertThat(Arith.shl(8, 1, 9)).isEqualTo(0);            // 9 & 31 = 9 ≥ 8: all bits out
        assertThat(Arith.shrs(32, -16, 2)).isEqualTo(-4);
        assertThat(Arith.shru(32, -16, 28)).isEqualTo(15);
        assertThat(Arith.shru(8, -1, 4)).isEqualTo(15);
        assertThat(Arith.shrs(8, -128, 20)).isEqualTo(-1);
        assertThat(Arith.shl(32, 1, 31)).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void unsignedComparisonsUseTheWidth() {
        assertThat(Arith.compare(Op.TSTLTU, 32, 1, -1)).isTrue();
        assertThat(Arith.compare(Op.TSTLTS, 32, 1, -1)).isFalse();
        assertThat(Arith.compare(Op.TSTGEU, 8, -128, 127)).isTrue();
        assertThat(Arith.compare(Op.TSTNE, Double.NaN, Double.NaN)).isTrue();
        assertThat(Arith.compare(Op.TSTEQ, Double.NaN, Double.NaN)).isFalse();
        assertThat(Arith.compare(Op.TSTLES, Double.NaN, 1.0)).isFalse();
    }

    @Test
    void floatToIntegerGivesTheIndefiniteValueOutOfRange() {
        assertThat(Arith.floatToSigned(32, Double.NaN)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Arith.floatToSigned(32, 3e9)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Arith.floatToSigned(32, -3e9)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Arith.floatToSigned(64, 1e19)).isEqualTo(Long.MIN_VALUE);
        assertThat(Arith.floatToSigned(64, Double.NaN)).isEqualTo(Long.MIN_VALUE);
        assertThat(Arith.floatToSigned(16, 70000.0)).isEqualTo((short) 70000);
        assertThat(Arith.floatToSigned(32, -2.9)).isEqualTo(-2);
        assertThat(Arith.floatToUnsigned(64, 1e19)).isEqualTo(Long.parseUnsignedLong("10000000000000000000"));
        assertThat(Arith.floatToUnsigned(32, 4e9)).isEqualTo((int) 4_000_000_000L);
    }

    @Test
    void unsignedToFloatRoundsOnceToTheTargetType() {
        // 2^63 + 2^39 + 1: to float directly rounds up to 2^63 + 2^40; through double it would first lose
        // the +1, then tie to even and give 2^63 (COINS 1.5's miscompilation).
        long u = 0x8000_0080_0000_0001L;
        float direct = (float) Arith.unsignedToFloat(64, 32, u);
        assertThat(direct).isEqualTo(0x1p63f + 0x1p40f);
        assertThat((float) new java.math.BigDecimal(Long.toUnsignedString(u)).doubleValue()).isEqualTo(0x1p63f);
        assertThat(Arith.unsignedToFloat(64, 64, -1L)).isEqualTo(0x1p64);
        assertThat(Arith.unsignedToFloat(32, 64, -1L)).isEqualTo(4294967295.0);
        assertThat(Arith.signedToFloat(32, 16_777_217)).isEqualTo(16_777_216.0);
    }

    @Test
    void f32ArithmeticRoundsAtEachOperation() {
        assertThat(Arith.binary(Op.ADD, 32, 16_777_216.0, 1.0)).isEqualTo(16_777_216.0);
        assertThat(Arith.binary(Op.ADD, 64, 16_777_216.0, 1.0)).isEqualTo(16_777_217.0);
        assertThat(Arith.binary(Op.DIVS, 32, 1.0, 3.0)).isEqualTo((double) (1.0f / 3.0f));
        Value third = Arith.evaluate(Op.DIVS, LirType.F32,
                Vector.of(new Value.Float(LirType.F32, 1), new Value.Float(LirType.F32, 3)));
        assertThat(third).isEqualTo(new Value.Float(LirType.F32, 1.0f / 3.0f));
    }

    @Test
    void typedEvaluationCoversComparisonsAndConversions() {
        Value minusOne = new Value.Int(LirType.I8, -1);
        assertThat(Arith.evaluate(Op.CONVZX, LirType.I32, Vector.of(minusOne))).isEqualTo(new Value.Int(LirType.I32, 255));
        assertThat(Arith.evaluate(Op.CONVSX, LirType.I32, Vector.of(minusOne))).isEqualTo(new Value.Int(LirType.I32, -1));
        assertThat(Arith.evaluate(Op.CONVIT, LirType.I8, Vector.of(new Value.Int(LirType.I32, 0x1FF))))
                .isEqualTo(new Value.Int(LirType.I8, -1));
        assertThat(Arith.evaluate(Op.TSTGTU, LirType.I32, Vector.of(minusOne, new Value.Int(LirType.I8, 1))))
                .isEqualTo(new Value.Int(LirType.I32, 1));
        assertThat(Arith.evaluate(Op.CONVUF, LirType.F32, Vector.of(new Value.Int(LirType.I64, 0x8000_0080_0000_0001L))))
                .isEqualTo(new Value.Float(LirType.F32, 0x1p63f + 0x1p40f));
        assertThat(Arith.evaluate(Op.ADD, LirType.I128,
                Vector.of(Value.Int.of(Int128.MAX_VALUE), new Value.Int(LirType.I64, 1))))
                .isEqualTo(Value.Int.of(Int128.MIN_VALUE));
        assertThat(Arith.evaluate(Op.DIVS, LirType.F128,
                Vector.of(new Value.Float(LirType.F128, 1.0), new Value.Float(LirType.F128, 3.0))))
                .isEqualTo(Value.Float.of(new Float128(0x3FFD_5555_5555_5555L, 0x5555_5555_5555_5555L)));
    }
}
