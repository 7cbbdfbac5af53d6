package org.funssa.psi.ppg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.funssa.core.graph.DiGraph;

/**
 * Seeded generator of acyclic control-flow graphs of 1 to 12 blocks, entered at block 0, every block reachable:
 * branches of two or three targets, merges, critical edges, multi-edges (a branch whose targets are one block)
 * and several exits.
 */
final class RandomAcyclicCfgs {

    private final Random random;

    RandomAcyclicCfgs(long seed) {
        this.random = new Random(seed);
    }

    DiGraph next() {
        int n = 1 + random.nextInt(12);
        List<List<Integer>> succ = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            succ.add(new ArrayList<>());
        }
        boolean[] reached = new boolean[n];
        reached[0] = true;
        for (int x = 0; x < n - 1; x++) {
            int later = n - 1 - x;
            int roll = random.nextInt(20);
            int out = roll < 2 && x > 0 ? 0 : roll < 9 ? 1 : roll < 19 ? 2 : 3;
            for (int k = 0; k < out; k++) {
                int target = x + 1 + random.nextInt(later);
                if (k > 0 && random.nextInt(12) == 0) {
                    target = succ.get(x).get(0);
                }
                succ.get(x).add(target);
                reached[target] = true;
            }
            if (!reached[x + 1]) {
                succ.get(random.nextInt(x + 1)).add(x + 1);
                reached[x + 1] = true;
            }
        }
        DiGraph.Builder builder = DiGraph.builder(n).entry(0);
        for (int x = 0; x < n; x++) {
            for (int target : succ.get(x)) {
                builder.edge(x, target);
            }
        }
        return builder.build();
    }
}
