package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import java.util.SplittableRandom;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;
import org.junit.jupiter.api.Test;

/** I128 semantics of {@link Arith}, against {@link BigInteger} arithmetic modulo 2^128. */
class Int128ArithTest {

    private static final BigInteger TWO_128 = BigInteger.ONE.shiftLeft(128);
    private static final BigInteger TWO_127 = BigInteger.ONE.shiftLeft(127);

    private static Int128 i(String decimal) {
        return Int128.of(new BigInteger(decimal));
    }

    /** v modulo 2^128, as a signed value. */
    private static BigInteger wrap(BigInteger v) {
        BigInteger m = v.mod(TWO_128);
        return m.compareTo(TWO_127) >= 0 ? m.subtract(TWO_128) : m;
    }

    @Test
    void arithmeticWrapsAroundAt2To127() {
        assertThat(Arith.binary(Op.ADD, Int128.MAX_VALUE, Int128.of(1))).isEqualTo(Int128.MIN_VALUE);
        assertThat(Arith.binary(Op.SUB, Int128.MIN_VALUE, Int128.of(1))).isEqualTo(Int128.MAX_VALUE);
        assertThat(Arith.binary(Op.MUL, Int128.MAX_VALUE, Int128.MAX_VALUE)).isEqualTo(Int128.of(1));
        assertThat(Arith.binary(Op.MUL, Int128.ofUnsigned(1L << 63), Int128.of(2))).isEqualTo(new Int128(1, 0));
        assertThat(Int128.MIN_VALUE.negate()).isEqualTo(Int128.MIN_VALUE);
        assertThat(Int128.of(-1).toUnsignedBigInteger()).isEqualTo(TWO_128.subtract(BigInteger.ONE));
    }

    @Test
    void divisionByZeroAndMinOverMinusOneTrap() {
        assertThatThrownBy(() -> Arith.binary(Op.DIVS, Int128.MIN_VALUE, Int128.of(-1)))
                .isInstanceOfSatisfying(RuntimeTrap.class,
                        t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.DIVISION_OVERFLOW));
        assertThatThrownBy(() -> Arith.binary(Op.MODS, Int128.MIN_VALUE, Int128.of(-1)))
                .isInstanceOfSatisfying(RuntimeTrap.class,
                        t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.DIVISION_OVERFLOW));
        for (Op op : new Op[] {Op.DIVS, Op.DIVU, Op.MODS, Op.MODU}) {
            assertThatThrownBy(() -> Arith.binary(op, Int128.of(5), Int128.ZERO))
                    .isInstanceOfSatisfying(RuntimeTrap.class,
                            t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.DIVISION_BY_ZERO));
        }
        assertThat(Arith.binary(Op.DIVS, Int128.MIN_VALUE, Int128.of(1))).isEqualTo(Int128.MIN_VALUE);
    }

    @Test
    void unsignedDivisionReadsValuesAbove2To127AsLarge() {
        Int128 big = Int128.of(TWO_127.add(BigInteger.valueOf(6))); // negative when signed
        assertThat(Arith.binary(Op.DIVU, big, Int128.of(3)).toUnsignedBigInteger())
                .isEqualTo(TWO_127.add(BigInteger.valueOf(6)).divide(BigInteger.valueOf(3)));
        assertThat(Arith.binary(Op.DIVS, big, Int128.of(3)).toBigInteger())
                .isEqualTo(TWO_127.add(BigInteger.valueOf(6)).subtract(TWO_128).divide(BigInteger.valueOf(3)));
        assertThat(Arith.binary(Op.MODU, Int128.of(-1), Int128.of(10))).isEqualTo(Int128.of(5)); // 2^128-1 ≡ 5
        assertThat(Arith.binary(Op.MODS, Int128.of(-7), Int128.of(2))).isEqualTo(Int128.of(-1)); // C truncation
        assertThat(Arith.compare(Op.TSTLTU, Int128.of(1), big)).isTrue();
        assertThat(Arith.compare(Op.TSTLTS, Int128.of(1), big)).isFalse();
    }

    @Test
    void shiftCountsAreMaskedTo7Bits() {
        Int128 x = i("-170141183460469231731687303715884105727"); // MIN + 1
        assertThat(Arith.binary(Op.LSHS, Int128.of(1), Int128.of(127))).isEqualTo(Int128.MIN_VALUE);
        assertThat(Arith.binary(Op.LSHS, Int128.of(3), Int128.of(128))).isEqualTo(Int128.of(3));
        assertThat(Arith.binary(Op.LSHS, Int128.of(3), Int128.of(129))).isEqualTo(Int128.of(6));
        assertThat(Arith.binary(Op.RSHS, x, Int128.of(126))).isEqualTo(Int128.of(-2));
        assertThat(Arith.binary(Op.RSHU, x, Int128.of(126))).isEqualTo(Int128.of(2));
        assertThat(Arith.binary(Op.RSHU, Int128.of(-1), Int128.of(64))).isEqualTo(Int128.ofUnsigned(-1));
        assertThat(Arith.binary(Op.LSHU, Int128.of(-1), Int128.of(64))).isEqualTo(new Int128(-1, 0));
    }

    /** Every operator on seeded random and edge values, against BigInteger. */
    @Test
    void operatorsAgreeWithBigIntegerModulo2To128() {
        SplittableRandom random = new SplittableRandom(2024);
        Int128[] edges = {Int128.ZERO, Int128.of(1), Int128.of(-1), Int128.MIN_VALUE, Int128.MAX_VALUE,
            Int128.ofUnsigned(-1), new Int128(1, 0), Int128.of(Long.MIN_VALUE), Int128.of(3)};
        for (int n = 0; n < 5000; n++) {
            Int128 a = sample(random, edges);
            Int128 b = sample(random, edges);
            BigInteger x = a.toBigInteger();
            BigInteger y = b.toBigInteger();
            assertThat(Int128.of(x)).isEqualTo(a);
            assertThat(Arith.binary(Op.ADD, a, b).toBigInteger()).isEqualTo(wrap(x.add(y)));
            assertThat(Arith.binary(Op.SUB, a, b).toBigInteger()).isEqualTo(wrap(x.subtract(y)));
            assertThat(Arith.binary(Op.MUL, a, b).toBigInteger()).isEqualTo(wrap(x.multiply(y)));
            assertThat(Arith.binary(Op.BAND, a, b).toBigInteger()).isEqualTo(x.and(y));
            assertThat(Arith.binary(Op.BOR, a, b).toBigInteger()).isEqualTo(x.or(y));
            assertThat(Arith.binary(Op.BXOR, a, b).toBigInteger()).isEqualTo(x.xor(y));
            int count = (int) (b.low() & 127);
            assertThat(Arith.binary(Op.LSHS, a, b).toBigInteger()).isEqualTo(wrap(x.shiftLeft(count)));
            assertThat(Arith.binary(Op.RSHS, a, b).toBigInteger()).isEqualTo(x.shiftRight(count));
            assertThat(Arith.binary(Op.RSHU, a, b).toUnsignedBigInteger())
                    .isEqualTo(a.toUnsignedBigInteger().shiftRight(count));
            assertThat(Arith.compare(Op.TSTLTS, a, b)).isEqualTo(x.compareTo(y) < 0);
            assertThat(Arith.compare(Op.TSTGEU, a, b))
                    .isEqualTo(a.toUnsignedBigInteger().compareTo(b.toUnsignedBigInteger()) >= 0);
            if (!b.isZero() && !(a.equals(Int128.MIN_VALUE) && b.equals(Int128.of(-1)))) {
                assertThat(Arith.binary(Op.DIVS, a, b).toBigInteger()).isEqualTo(x.divide(y));
                assertThat(Arith.binary(Op.MODS, a, b).toBigInteger()).isEqualTo(x.remainder(y));
                assertThat(Arith.binary(Op.DIVU, a, b).toUnsignedBigInteger())
                        .isEqualTo(a.toUnsignedBigInteger().divide(b.toUnsignedBigInteger()));
                assertThat(Arith.binary(Op.MODU, a, b).toUnsignedBigInteger())
                        .isEqualTo(a.toUnsignedBigInteger().remainder(b.toUnsignedBigInteger()));
            }
            // int → float rounds once, as BigDecimal's conversions do.
            assertThat(Arith.signedToFloat(64, a)).isEqualTo(new BigDecimal(x).doubleValue());
            assertThat(Arith.signedToFloat(32, a)).isEqualTo((double) new BigDecimal(x).floatValue());
            assertThat(Arith.unsignedToFloat(64, a)).isEqualTo(new BigDecimal(a.toUnsignedBigInteger()).doubleValue());
        }
    }

    private static Int128 sample(SplittableRandom random, Int128[] edges) {
        return switch (random.nextInt(4)) {
            case 0 -> edges[random.nextInt(edges.length)];
            case 1 -> new Int128(random.nextLong(), random.nextLong());
            case 2 -> Int128.of(random.nextLong());
            default -> Int128.of(new BigInteger(random.nextInt(1, 128), new Random(random.nextLong())))
                    .shiftLeft(random.nextInt(4));
        };
    }

    @Test
    void conversionsToAndFromI128() {
        assertThat(Arith.evaluate(Op.CONVSX, LirType.I128, Vector.of(new Value.Int(LirType.I32, -1))))
                .isEqualTo(Value.Int.of(Int128.of(-1)));
        assertThat(Arith.evaluate(Op.CONVZX, LirType.I128, Vector.of(new Value.Int(LirType.I32, -1))))
                .isEqualTo(Value.Int.of(Int128.ofUnsigned(0xFFFF_FFFFL)));
        assertThat(Arith.evaluate(Op.CONVIT, LirType.I16, Vector.of(Value.Int.of(new Int128(5, 0x1_8001L)))))
                .isEqualTo(new Value.Int(LirType.I16, -32767));
        // Float to I128 truncates; out of range and NaN give the indefinite value 2^127.
        assertThat(Arith.floatToSigned128(1e30).toBigInteger()).isEqualTo(new BigDecimal(1e30).toBigInteger());
        assertThat(Arith.floatToSigned128(-2.75)).isEqualTo(Int128.of(-2));
        assertThat(Arith.floatToSigned128(0x1p127)).isEqualTo(Int128.MIN_VALUE);
        assertThat(Arith.floatToSigned128(-0x1p127)).isEqualTo(Int128.MIN_VALUE);
        assertThat(Arith.floatToSigned128(Double.NaN)).isEqualTo(Int128.MIN_VALUE);
        assertThat(Arith.floatToUnsigned128(0x1.8p127)).isEqualTo(new Int128(0xC000_0000_0000_0000L, 0));
        assertThat(Arith.floatToUnsigned128(0x1p128)).isEqualTo(Int128.ZERO); // gcc's sequence extended
        Float128 big = Float128.of(BigInteger.ONE.shiftLeft(100).add(BigInteger.ONE)); // exact: 101 bits
        assertThat(Arith.floatToSigned128(big).toBigInteger()).isEqualTo(BigInteger.ONE.shiftLeft(100).add(BigInteger.ONE));
        assertThat(Arith.floatToSigned(64, big)).isEqualTo(Long.MIN_VALUE);
        assertThat(Arith.floatToSigned(32, Float128.of(-7.9))).isEqualTo(-7);
        assertThat(Arith.floatToUnsigned(64, Float128.of(0x1.8p63))).isEqualTo(0xC000_0000_0000_0000L);
        // I128 → F64 rounds once: 2^64 + 2^11 + 1 is just above the tie between 2^64 and 2^64 + 2^12.
        Int128 justAbove = new Int128(1, (1L << 11) + 1);
        assertThat(Arith.signedToFloat(64, justAbove)).isEqualTo(0x1p64 + 0x1p12);
        assertThat(Arith.signedToFloat(64, new Int128(1, 1L << 11))).isEqualTo(0x1p64); // tie to even
        assertThat(Arith.unsignedToFloat(64, Int128.of(-1))).isEqualTo(0x1p128);
        assertThat(Arith.signedToFloat128(Int128.MIN_VALUE).truncate().get()).isEqualTo(TWO_127.negate());
        assertThat(Arith.evaluate(Op.CONVFT, LirType.F64, Vector.of(Value.Float.of(Float128.of(0.1))))
                .equals(new Value.Float(LirType.F64, 0.1))).isTrue();
    }
}
