package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.funssa.core.lir.Op;
import org.junit.jupiter.api.Test;

/** IEEE 754 binary128 arithmetic of {@link Float128}: encodings, rounding ties to even, specials. */
class Float128Test {

    private static final Float128 ONE = Float128.of(1.0);
    private static final Float128 MIN_SUBNORMAL = new Float128(0, 1);
    private static final Float128 MIN_NORMAL = new Float128(0x0001_0000_0000_0000L, 0);
    private static final Float128 MAX = new Float128(0x7FFE_FFFF_FFFF_FFFFL, -1);

    @Test
    void oneThirdHasTheExpectedEncoding() {
        // 1/3 = 2^-2 · (4/3): biased exponent 16383 - 2; the 112 fraction bits are those of 4/3 - 1 = 1/3,
        // i.e. floor(2^112 / 3) with the remainder 1/3 < 1/2 rounded away (down).
        BigInteger[] qr = BigInteger.ONE.shiftLeft(112).divideAndRemainder(BigInteger.valueOf(3));
        assertThat(qr[1].shiftLeft(1).compareTo(BigInteger.valueOf(3))).isLessThan(0);
        BigInteger expected = BigInteger.valueOf(16383 - 2).shiftLeft(112).or(qr[0]);
        Float128 third = ONE.divide(Float128.of(3.0));
        assertThat(third.toHex()).isEqualTo(String.format("%032X", expected))
                .isEqualTo("3FFD5555555555555555555555555555");
        assertThat(Float128.of(2.0).divide(Float128.of(3.0)).toHex()).isEqualTo("3FFE5555555555555555555555555555");
    }

    @Test
    void ties_roundToEvenAt113Bits() {
        Float128 halfUlp = Float128.of(0x1p-113);
        assertThat(ONE.add(halfUlp)).isEqualTo(ONE); // 1 is even
        Float128 oneUlp = ONE.add(Float128.of(0x1p-112));
        assertThat(oneUlp).isEqualTo(new Float128(0x3FFF_0000_0000_0000L, 1));
        assertThat(oneUlp.add(halfUlp)).isEqualTo(new Float128(0x3FFF_0000_0000_0000L, 2)); // odd rounds up
        assertThat(ONE.add(Float128.of(0x1p-113 + 0x1p-160))).isEqualTo(oneUlp); // above the tie
        // Integers: 2^113 + 1 and 2^113 + 3 are ties.
        BigInteger p113 = BigInteger.ONE.shiftLeft(113);
        assertThat(Float128.of(p113.add(BigInteger.ONE)).truncate().get()).isEqualTo(p113);
        assertThat(Float128.of(p113.add(BigInteger.valueOf(3))).truncate().get()).isEqualTo(p113.add(BigInteger.valueOf(4)));
        assertThat(Float128.of(p113.subtract(BigInteger.ONE)).truncate().get()).isEqualTo(p113.subtract(BigInteger.ONE));
    }

    @Test
    void subnormalsRoundAndUnderflowGradually() {
        assertThat(MIN_NORMAL.divide(Float128.of(2.0))).isEqualTo(new Float128(0x0000_8000_0000_0000L, 0));
        assertThat(MIN_NORMAL.subtract(MIN_SUBNORMAL)).isEqualTo(new Float128(0x0000_FFFF_FFFF_FFFFL, -1));
        assertThat(MIN_SUBNORMAL.divide(Float128.of(2.0))).isEqualTo(Float128.POSITIVE_ZERO); // tie to even 0
        assertThat(MIN_SUBNORMAL.multiply(Float128.of(0.75))).isEqualTo(MIN_SUBNORMAL);
        assertThat(MIN_SUBNORMAL.multiply(Float128.of(1.5))).isEqualTo(new Float128(0, 2)); // tie to even 2
        assertThat(MIN_SUBNORMAL.negate().divide(Float128.of(4.0))).isEqualTo(Float128.POSITIVE_ZERO.negate());
        assertThat(MIN_SUBNORMAL.add(MIN_SUBNORMAL)).isEqualTo(new Float128(0, 2));
    }

    @Test
    void overflowGoesToInfinity() {
        assertThat(MAX.multiply(Float128.of(2.0))).isEqualTo(Float128.POSITIVE_INFINITY);
        assertThat(MAX.negate().multiply(Float128.of(2.0))).isEqualTo(Float128.NEGATIVE_INFINITY);
        Float128 halfUlpOfMax = Float128.of(BigInteger.ONE.shiftLeft(16383 - 113));
        assertThat(MAX.add(halfUlpOfMax)).isEqualTo(Float128.POSITIVE_INFINITY); // tie, MAX is odd
        assertThat(MAX.add(MIN_NORMAL)).isEqualTo(MAX);
        assertThat(ONE.divide(Float128.POSITIVE_ZERO)).isEqualTo(Float128.POSITIVE_INFINITY);
        assertThat(MAX.toDouble()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void nanAndSignedZeroFollowIeee() {
        Float128 nan = Float128.POSITIVE_INFINITY.subtract(Float128.POSITIVE_INFINITY);
        assertThat(nan.isNaN()).isTrue();
        assertThat(nan).isEqualTo(Float128.DEFAULT_NAN);
        assertThat(Float128.POSITIVE_ZERO.multiply(Float128.POSITIVE_INFINITY).isNaN()).isTrue();
        assertThat(Float128.POSITIVE_ZERO.divide(Float128.POSITIVE_ZERO).isNaN()).isTrue();
        for (Op op : new Op[] {Op.TSTEQ, Op.TSTLTS, Op.TSTLES, Op.TSTGTS, Op.TSTGES, Op.TSTLTU, Op.TSTGEU}) {
            assertThat(Arith.compare(op, nan, ONE)).as(op.name()).isFalse();
            assertThat(Arith.compare(op, nan, nan)).as(op.name()).isFalse();
        }
        assertThat(Arith.compare(Op.TSTNE, nan, nan)).isTrue();
        Float128 negativeZero = Float128.POSITIVE_ZERO.negate();
        assertThat(Arith.compare(Op.TSTEQ, negativeZero, Float128.POSITIVE_ZERO)).isTrue();
        assertThat(ONE.subtract(ONE)).isEqualTo(Float128.POSITIVE_ZERO);
        assertThat(negativeZero.add(negativeZero)).isEqualTo(negativeZero);
        assertThat(Arith.compare(Op.TSTLTS, Float128.of(-2.0), Float128.of(-1.0))).isTrue();
        assertThat(Arith.compare(Op.TSTLTS, Float128.NEGATIVE_INFINITY, MAX.negate())).isTrue();
        assertThat(Double.isNaN(nan.toDouble())).isTrue();
        assertThat(Float128.of(Double.NaN).isNaN()).isTrue();
    }

    @Test
    void narrowingRoundsOnceNotThroughAnIntermediateFormat() {
        // 1 + 2^-53 + 2^-80: rounded straight to double it is above the tie, so 1 + 2^-52; rounded first
        // to x87's 64-bit precision it would become the tie 1 + 2^-53 and then 1.0.
        Float128 x = ONE.add(Float128.of(0x1p-53)).add(Float128.of(0x1p-80));
        assertThat(x.toDouble()).isEqualTo(1 + 0x1p-52);
        // 1 + 2^-24 + 2^-60 to float: straight it is 1 + 2^-23; through double it would be 1.0f.
        Float128 y = ONE.add(Float128.of(0x1p-24)).add(Float128.of(0x1p-60));
        assertThat((double) (float) y.toDouble()).isEqualTo(1.0);
        assertThat(y.toFloat()).isEqualTo(1 + 0x1p-23f);
        assertThat(Arith.floatToFloat(32, y)).isEqualTo(1 + 0x1p-23);
        assertThat(Float128.of(0x1p-1074).toDouble()).isEqualTo(0x1p-1074);
        Float128 halfMinDouble = Float128.of(0x1p-1074).divide(Float128.of(2.0)); // exact in binary128
        assertThat(halfMinDouble.toDouble()).isEqualTo(0.0); // the tie rounds to even 0
        assertThat(halfMinDouble.multiply(Float128.of(3.0)).toDouble()).isEqualTo(0x1p-1073); // 1.5 ulp: tie to 2
    }

    /**
     * binary128 has more than 2·53 + 2 bits, so rounding a double operation's exact result to binary128 and
     * then to double gives the correctly rounded double (Figueroa, "When is double rounding innocuous?",
     * 1995): every +, -, ×, ÷ of doubles must match Java's.
     */
    @Test
    void doubleOperationsThroughBinary128MatchJava() {
        SplittableRandom random = new SplittableRandom(128);
        double[] specials = {0.0, -0.0, 1.0, -1.0, Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e308, 3.0, 0x1p-1060};
        for (int i = 0; i < 20_000; i++) {
            double a = sample(random, specials);
            double b = sample(random, specials);
            Float128 x = Float128.of(a);
            Float128 y = Float128.of(b);
            assertThat(x.toDouble()).isEqualTo(a);
            check(a + b, x.add(y), a, b, "+");
            check(a - b, x.subtract(y), a, b, "-");
            check(a * b, x.multiply(y), a, b, "*");
            check(a / b, x.divide(y), a, b, "/");
            assertThat(x.toFloat()).isEqualTo((float) a);
            if (!Double.isNaN(a) && !Double.isNaN(b)) {
                assertThat(Arith.compare(Op.TSTLTS, x, y)).isEqualTo(a < b);
                assertThat(Arith.compare(Op.TSTEQ, x, y)).isEqualTo(a == b);
            }
        }
    }

    private static double sample(SplittableRandom random, double[] specials) {
        return switch (random.nextInt(4)) {
            case 0 -> specials[random.nextInt(specials.length)];
            case 1 -> Double.longBitsToDouble(random.nextLong());
            case 2 -> (random.nextDouble() - 0.5) * Math.scalb(1.0, random.nextInt(-30, 30));
            default -> random.nextInt(-1000, 1000) / 8.0;
        };
    }

    private static void check(double expected, Float128 actual, double a, double b, String op) {
        if (Double.isNaN(expected)) {
            assertThat(actual.isNaN()).as(a + " " + op + " " + b).isTrue();
        } else {
            assertThat(actual.toDouble()).as(a + " " + op + " " + b).isEqualTo(expected);
        }
    }

    @Test
    void integersConvertExactlyUpTo113BitsAndTruncateBack() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2000; i++) {
            BigInteger v = new BigInteger(random.nextInt(1, 140), new java.util.Random(random.nextLong()));
            v = random.nextBoolean() ? v.negate() : v;
            Float128 f = Float128.of(v);
            BigDecimal exact = new BigDecimal(v);
            if (v.abs().bitLength() <= 113) {
                assertThat(f.truncate().get()).isEqualTo(v);
            } else {
                // Correctly rounded: within half an ulp of v.
                BigInteger ulp = BigInteger.ONE.shiftLeft(v.abs().bitLength() - 113);
                BigInteger error = f.truncate().get().subtract(v).abs().shiftLeft(1);
                assertThat(error.compareTo(ulp)).as(exact.toString()).isLessThanOrEqualTo(0);
            }
            assertThat(f.toDouble()).isEqualTo(exact.doubleValue());
        }
    }
}
