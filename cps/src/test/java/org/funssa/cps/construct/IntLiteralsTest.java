package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;
import org.junit.jupiter.api.Test;

/**
 * The literal table gives what a map from each literal to its first instance gives: a literal equal to the one asked
 * for, the same instance each time it is asked for again, through the table's growth, and different literals for
 * values or types that differ (1 as i32 and as i64, values beyond 64 bits).
 */
class IntLiteralsTest {

    @Test
    void eachLiteralIsMadeOnceAndIsTheOneAskedFor() {
        IntLiterals literals = new IntLiterals();
        Map<Atom.IntLit, Atom.IntLit> reference = new HashMap<>();
        Type.Data[] types = {Type.I8, Type.I32, Type.I64, Type.I128};
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            Type.Data type = types[random.nextInt(types.length)];
            BigInteger value = switch (random.nextInt(3)) {
                case 0 -> BigInteger.valueOf(random.nextInt(50) - 25);
                case 1 -> BigInteger.valueOf(random.nextLong());
                default -> BigInteger.ONE.shiftLeft(64 + random.nextInt(40)).add(BigInteger.valueOf(random.nextInt(9)));
            };
            Atom.IntLit literal = literals.of(type, value);
            assertThat(literal).isEqualTo(new Atom.IntLit(type, value));
            assertThat(literal).isSameAs(reference.computeIfAbsent(literal, l -> l));
        }
        for (int round = 0; round < 2; round++) { // every type with every value: literals that share slots
            for (int v = -3000; v <= 3000; v++) {
                for (Type.Data type : types) {
                    Atom.IntLit literal = literals.of(type, BigInteger.valueOf(v));
                    assertThat(literal).isEqualTo(new Atom.IntLit(type, BigInteger.valueOf(v)));
                    assertThat(literal).isSameAs(reference.computeIfAbsent(literal, l -> l));
                }
            }
        }
        assertThat(literals.size()).isEqualTo(reference.size());
        assertThat(literals.of(Type.I32, BigInteger.ONE)).isNotEqualTo(literals.of(Type.I64, BigInteger.ONE));
    }
}
