package org.funssa.core.cfg;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.Liveness;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Stmt;

/*
 * Liveness of the registers of an LIR function (the dataflow of seed 004 §2.2.9's data dependence,
 * solved by org.funssa.core.graph.Liveness). Per block, Uses are the registers read before any
 * write in the block and Defs those written. A statement reads all its operands before it writes:
 * SET reads its value and the address of a MEM target; a SUBREG target is a read and a write of
 * its whole register; CALL reads the function and arguments, then writes the receivers; PROLOGUE
 * writes its parameters; EPILOGUE, USE, JUMPC and JUMPN read; CLOBBER writes (the old value dies);
 * PARALLEL reads for all its parts, then writes for all of them. PHI (SSA-form LIR) is rejected:
 * its operands belong to predecessor edges, which per-block Uses cannot express.
 */

/** Live-in and live-out registers of every block of a {@link Cfg}; registers are numbered in order of first appearance. */
public final class RegisterLiveness {

    private final Cfg cfg;
    private final Vector<String> registers;
    private final Map<String, Integer> numbers;
    private final IntSeq[] uses;
    private final IntSeq[] defs;
    private final Liveness liveness;

    private RegisterLiveness(Cfg cfg) {
        this.cfg = cfg;
        List<String> names = new ArrayList<>();
        numbers = new HashMap<>();
        int n = cfg.size();
        uses = new IntSeq[n];
        defs = new IntSeq[n];
        for (int b = 0; b < n; b++) {
            BlockEffects effects = new BlockEffects(names, numbers);
            for (Stmt stmt : cfg.block(b).statements()) {
                effects.statement(cfg, stmt);
            }
            uses[b] = effects.uses();
            defs[b] = effects.defs();
        }
        registers = Vector.ofAll(names);
        liveness = Liveness.of(cfg, registers.size(), b -> uses[b], b -> defs[b]);
    }

    /**
     * Computes the liveness of the function's registers.
     *
     * @throws CfgException when the function has a PHI, or a SET whose target is not MEM, REG or SUBREG
     */
    public static RegisterLiveness of(Cfg cfg) {
        return new RegisterLiveness(cfg);
    }

    public Cfg cfg() {
        return cfg;
    }

    /** Register names by number. */
    public Vector<String> registers() {
        return registers;
    }

    /** The number of a register, if the function mentions it. */
    public Option<Integer> numberOf(String register) {
        return Option.of(numbers.get(register));
    }

    /** Registers read in the block before any write there, increasing. */
    public IntSeq uses(int block) {
        return uses[block];
    }

    /** Registers written in the block, increasing. */
    public IntSeq defs(int block) {
        return defs[block];
    }

    /** Registers live on entry to the block, increasing. */
    public IntSeq liveIn(int block) {
        return liveness.liveIn(block);
    }

    /** Registers live on exit from the block, increasing. */
    public IntSeq liveOut(int block) {
        return liveness.liveOut(block);
    }

    /** The names of numbered registers, in the given order. */
    public Vector<String> names(IntSeq numbered) {
        return Vector.ofAll(numbered.stream().boxed()).map(registers::get);
    }

    /** Accumulates the upward-exposed uses and the defs of one block, statement by statement. */
    private static final class BlockEffects {
        private final List<String> names;
        private final Map<String, Integer> numbers;
        private final SortedSet<Integer> used = new TreeSet<>();
        private final SortedSet<Integer> defined = new TreeSet<>();

        BlockEffects(List<String> names, Map<String, Integer> numbers) {
            this.names = names;
            this.numbers = numbers;
        }

        void statement(Cfg cfg, Stmt stmt) {
            List<LExp> reads = new ArrayList<>();
            List<String> writes = new ArrayList<>();
            ArrayDeque<Stmt> parts = new ArrayDeque<>();
            parts.push(stmt);
            while (!parts.isEmpty()) {
                switch (parts.pop()) {
                    case Stmt.Set(var type, LExp target, LExp value) -> {
                        reads.add(value);
                        target(cfg, target, reads, writes);
                    }
                    case Stmt.Call(LExp f, Vector<LExp> args, Vector<LExp> receivers) -> {
                        reads.add(f);
                        reads.addAll(args.toJavaList());
                        receivers.forEach(r -> target(cfg, r, reads, writes));
                    }
                    case Stmt.Prologue p -> p.params().forEach(r -> target(cfg, r, reads, writes));
                    case Stmt.Epilogue e -> reads.addAll(e.results().toJavaList());
                    case Stmt.Jump j -> reads.add(j.target());
                    case Stmt.JumpC j -> reads.add(j.test());
                    case Stmt.JumpN j -> reads.add(j.value());
                    case Stmt.Parallel p -> p.parts().forEach(parts::push);
                    case Stmt.Use u -> reads.addAll(u.registers().toJavaList());
                    case Stmt.Clobber c -> c.registers().forEach(r -> target(cfg, r, reads, writes));
                    case Stmt.Line l -> { }
                    case Stmt.DefLabel d -> { }
                    case Stmt.Phi p -> throw new CfgException(cfg.function().name(), cfg.positions().of(p),
                            "PHI is not supported by register liveness (its operands live on predecessor edges)");
                }
            }
            ArrayDeque<LExp> work = new ArrayDeque<>(reads);
            while (!work.isEmpty()) {
                LExp e = work.pop();
                if (e instanceof LExp.Reg(var type, String name)) {
                    int r = number(name);
                    if (!defined.contains(r)) {
                        used.add(r);
                    }
                }
                e.operands().forEach(work::push);
            }
            for (String name : writes) {
                defined.add(number(name));
            }
        }

        /** A written location: a REG is written; a SUBREG reads and writes its register; a MEM reads its address. */
        private static void target(Cfg cfg, LExp target, List<LExp> reads, List<String> writes) {
            switch (target) {
                case LExp.Reg r -> writes.add(r.name());
                case LExp.Subreg s -> {
                    reads.add(s.register());
                    if (s.register() instanceof LExp.Reg r) {
                        writes.add(r.name());
                    }
                }
                case LExp.Mem m -> reads.add(m.address());
                default -> throw new CfgException(cfg.function().name(), cfg.positions().of(target), "cannot assign to " + target
                        + "; a target must be MEM, REG or SUBREG");
            }
        }

        private int number(String name) {
            return numbers.computeIfAbsent(name, k -> {
                names.add(k);
                return names.size() - 1;
            });
        }

        IntSeq uses() {
            return IntSeq.of(used.stream().mapToInt(Integer::intValue).toArray());
        }

        IntSeq defs() {
            return IntSeq.of(defined.stream().mapToInt(Integer::intValue).toArray());
        }
    }
}
