package org.funssa.destruct.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;
import org.junit.jupiter.api.Test;

/**
 * A parallel copy writes each destination once. The rule is checked pairwise for a few moves and with a hash
 * set for many, so both sides of that line are tried, with the repeated destination at either end.
 */
class ParallelCopyTest {

    @Test
    void aRepeatedDestinationIsRejectedAndDistinctOnesAreKeptInOrderForEverySize() {
        for (int n : new int[] {2, 3, 15, 16, 17, 40}) {
            Vector<Atom.Var> destinations = Vector.range(0, n).map(i -> new Atom.Var(i, "d" + i, Type.I32));
            Vector<Atom> sources = Vector.range(0, n).map(i -> Atom.IntLit.of(Type.I32, i));
            ParallelCopy copy = ParallelCopy.of(destinations, sources);
            assertThat(copy.moves().map(ParallelCopy.Move::destination)).as("n = %d", n).isEqualTo(destinations);
            assertThat(copy.moves().map(ParallelCopy.Move::source)).as("n = %d", n).isEqualTo(sources);

            Vector<Atom.Var> lastRepeatsFirst = destinations.update(n - 1, destinations.get(0));
            assertThatThrownBy(() -> ParallelCopy.of(lastRepeatsFirst, sources)).as("n = %d", n)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("each destination once");
            Vector<Atom.Var> adjacentRepeat = destinations.update(n - 1, destinations.get(n - 2));
            assertThatThrownBy(() -> ParallelCopy.of(adjacentRepeat, sources)).as("n = %d", n)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("each destination once");
        }
    }
}
