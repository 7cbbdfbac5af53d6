package org.funssa.core.cfg;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Stmt;
import org.funssa.core.names.NameSet;

/*
 * What each block of an LIR function does to its registers, the local half of liveness (seed 004 §2.2.9's
 * data dependence): Uses are the registers read before any write in the block (upward-exposed), Defs those
 * written. A statement reads all its operands before it writes: SET reads its value and the address of a MEM
 * target; a SUBREG target is a read and a write of its whole register; CALL reads the function and
 * arguments, then writes the receivers; PROLOGUE writes its parameters; EPILOGUE, USE, JUMPC and JUMPN read;
 * CLOBBER writes (the old value dies); PARALLEL reads for all its parts, then writes for all of them. PHI
 * (SSA-form LIR) is rejected: its operands belong to predecessor edges, which per-block Uses cannot express.
 * RegisterLiveness solves the dataflow over these; φ placement (org.funssa.cps.prep.PhiPlacement) needs
 * only these, not the live sets, in all its variants.
 */

/**
 * The upward-exposed uses and the definitions of registers in every block of a {@link Cfg}; registers are numbered
 * in order of first appearance.
 */
public final class RegisterEffects {

    private final Cfg cfg;
    private final RegisterNumbers numbers;
    private final IntSeq[] uses;
    private final IntSeq[] defs;

    private RegisterEffects(Cfg cfg) {
        this.cfg = cfg;
        NameSet names = new NameSet();
        int n = cfg.size();
        uses = new IntSeq[n];
        defs = new IntSeq[n];
        BlockEffects effects = new BlockEffects(cfg, names);
        for (int b = 0; b < n; b++) {
            effects.begin();
            for (Stmt stmt : cfg.block(b).statements()) {
                effects.statement(stmt);
            }
            uses[b] = effects.uses();
            defs[b] = effects.defs();
        }
        numbers = new RegisterNumbers(names);
    }

    /**
     * The registers each block reads before writing and writes.
     *
     * @throws CfgException when the function has a PHI, or a SET whose target is not MEM, REG or SUBREG
     */
    public static RegisterEffects of(Cfg cfg) {
        return new RegisterEffects(cfg);
    }

    public Cfg cfg() {
        return cfg;
    }

    /** The registers' numbering, which the use and def sets are in. */
    public RegisterNumbers numbers() {
        return numbers;
    }

    /** Register names by number. */
    public Vector<String> registers() {
        return numbers.names();
    }

    /** The number of a register, if the function mentions it. */
    public Option<Integer> numberOf(String register) {
        int number = numbers.numberOrMinus(register);
        return number < 0 ? Option.none() : Option.some(number);
    }

    /** Registers read in the block before any write there, increasing. */
    public IntSeq uses(int block) {
        return uses[block];
    }

    /** Registers written in the block, increasing. */
    public IntSeq defs(int block) {
        return defs[block];
    }

    /** The names of numbered registers, in the given order. */
    public Vector<String> names(IntSeq numbered) {
        return Vector.ofAll(numbered.stream().boxed()).map(numbers::name);
    }

    /**
     * Accumulates the upward-exposed uses and the defs of one block at a time, statement by statement. A
     * register is in the block's sets when its stamp is the block's; the stamps and work lists are reused from
     * block to block, so a block costs what its statements hold.
     */
    private static final class BlockEffects {
        private final Cfg cfg;
        private final NameSet numbers;
        private int[] usedStamp = new int[64];
        private int[] definedStamp = new int[64];
        private int stamp;
        private final IntList used = new IntList();
        private final IntList defined = new IntList();
        /** Registers the current statement writes, numbered and recorded once all its reads are. */
        private final List<String> writes = new ArrayList<>();
        private final ArrayDeque<Stmt> parts = new ArrayDeque<>();
        private final ArrayDeque<LExp> work = new ArrayDeque<>();

        BlockEffects(Cfg cfg, NameSet numbers) {
            this.cfg = cfg;
            this.numbers = numbers;
        }

        /** Starts a new block with empty sets. */
        void begin() {
            stamp++;
            used.clear();
            defined.clear();
        }

        void statement(Stmt stmt) {
            writes.clear();
            parts.push(stmt);
            while (!parts.isEmpty()) {
                switch (parts.pop()) {
                    case Stmt.Set(var type, LExp target, LExp value) -> {
                        read(value);
                        target(target);
                    }
                    case Stmt.Call(LExp f, Vector<LExp> args, Vector<LExp> receivers) -> {
                        read(f);
                        args.forEach(this::read);
                        receivers.forEach(this::target);
                    }
                    case Stmt.Prologue p -> p.params().forEach(this::target);
                    case Stmt.Epilogue e -> e.results().forEach(this::read);
                    case Stmt.Jump j -> read(j.target());
                    case Stmt.JumpC j -> read(j.test());
                    case Stmt.JumpN j -> read(j.value());
                    case Stmt.Parallel p -> p.parts().forEach(parts::push);
                    case Stmt.Use u -> u.registers().forEach(this::read);
                    case Stmt.Clobber c -> c.registers().forEach(this::target);
                    case Stmt.Line l -> { }
                    case Stmt.DefLabel d -> { }
                    case Stmt.Phi p -> throw new CfgException(cfg.function().name(), cfg.positions().of(p),
                            "PHI is not supported by register liveness (its operands live on predecessor edges)");
                }
            }
            for (String name : writes) {
                int r = number(name);
                if (definedStamp[r] != stamp) {
                    definedStamp[r] = stamp;
                    defined.add(r);
                }
            }
        }

        /** Every register the expression reads: used, unless the block wrote it before. */
        private void read(LExp expression) {
            work.push(expression);
            while (!work.isEmpty()) {
                LExp e = work.pop();
                if (e instanceof LExp.Reg(var type, String name)) {
                    int r = number(name);
                    if (definedStamp[r] != stamp && usedStamp[r] != stamp) {
                        usedStamp[r] = stamp;
                        used.add(r);
                    }
                }
                e.pushOperands(work);
            }
        }

        /** A written location: a REG is written; a SUBREG reads and writes its register; a MEM reads its address. */
        private void target(LExp target) {
            switch (target) {
                case LExp.Reg r -> writes.add(r.name());
                case LExp.Subreg s -> {
                    read(s.register());
                    if (s.register() instanceof LExp.Reg r) {
                        writes.add(r.name());
                    }
                }
                case LExp.Mem m -> read(m.address());
                default -> throw new CfgException(cfg.function().name(), cfg.positions().of(target), "cannot assign to "
                        + target + "; a target must be MEM, REG or SUBREG");
            }
        }

        private int number(String name) {
            int r = numbers.number(name);
            if (r == usedStamp.length) {
                usedStamp = Arrays.copyOf(usedStamp, 2 * r);
                definedStamp = Arrays.copyOf(definedStamp, 2 * r);
            }
            return r;
        }

        IntSeq uses() {
            used.sort();
            return used.toSeq();
        }

        IntSeq defs() {
            defined.sort();
            return defined.toSeq();
        }
    }
}
