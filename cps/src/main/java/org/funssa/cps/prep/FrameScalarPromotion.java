package org.funssa.cps.prep;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.core.names.NameSupply;

/*
 * Frame-scalar promotion, so that front-end LIR (*.fe.lir, every C local a FRAME slot) reaches SSA
 * construction in the standard form of seed 004 (*.before.lir: "scalar locals whose address is
 * never taken have become registers named x.2%", LIR.md; seed 004 §8.3 on variables). A FRAME slot
 * x of integer or float type is promoted when every occurrence of (FRAME _ "x") in the function is
 * the address of a non-volatile (MEM t (FRAME _ "x")) whose t is the slot's declared type. Then each
 * such MEM, wherever it stands (operand, SET target, PROLOGUE parameter, CALL receiver, EPILOGUE
 * result), becomes (REG t "x%"), and the slot's FRAME symbol is replaced in place by a REG symbol of
 * the same type and alignment (offset 0, no options, as COINS writes them). Slots accessed with
 * another type, accessed volatilely, or whose address is used any other way (passed, stored, added
 * to, compared) stay in the frame; so do aggregates.
 */

/** Turns FRAME scalars whose address never escapes into registers. */
public final class FrameScalarPromotion {

    /** The pass as a {@link FunctionPass}. */
    public static final FunctionPass PASS = FrameScalarPromotion::apply;

    private FrameScalarPromotion() {}

    /** The function with its promotable FRAME slots turned into registers; itself when there are none. */
    public static Module.Function apply(Module.Function function) {
        return apply(function, LirNames.supply(function));
    }

    /** As {@link #apply(Module.Function)}, taking new names from a supply shared with the passes run before. */
    public static Module.Function apply(Module.Function function, NameSupply supply) {
        Map<String, LirType> candidates = HashMap.empty();
        for (Symbol symbol : function.symbols()) {
            if (symbol instanceof Symbol.Frame f
                    && (f.type() instanceof LirType.Int || f.type() instanceof LirType.Float)) {
                candidates = candidates.put(f.name(), f.type());
            }
        }
        if (candidates.isEmpty()) {
            return function; // no FRAME scalar: nothing to promote, no need to read the code
        }
        Set<String> escaping = new HashSet<>();
        ArrayDeque<LExp> work = new ArrayDeque<>();
        for (Stmt stmt : function.body()) {
            Statements.expressions(stmt).forEach(work::push);
            while (!work.isEmpty()) {
                switch (work.pop()) {
                    case LExp.Mem m when m.address() instanceof LExp.Frame slot -> {
                        if (m.isVolatile() || !candidates.get(slot.name()).contains(m.type())) {
                            escaping.add(slot.name());
                        }
                    }
                    case LExp.Frame slot -> escaping.add(slot.name());
                    case LExp e -> e.pushOperands(work);
                }
            }
        }
        Map<String, LirType> promoted = candidates.filterKeys(name -> !escaping.contains(name));
        if (promoted.isEmpty()) {
            return function;
        }
        NameSupply names = supply.restarted();
        Map<String, String> registerOf = HashMap.empty();
        for (Symbol symbol : function.symbols()) {
            if (promoted.containsKey(symbol.name())) {
                String preferred = symbol.name() + "%";
                registerOf = registerOf.put(symbol.name(),
                        names.claim(preferred) ? preferred : names.fresh(symbol.name() + "%"));
            }
        }
        Map<String, String> registers = registerOf;
        Vector<Symbol> symbols = function.symbols().map(symbol -> registers.get(symbol.name())
                .<Symbol>map(reg -> new Symbol.Reg(reg, symbol.type(), symbol.align(), 0, Vector.empty()))
                .getOrElse(symbol));
        Vector<Stmt> body = function.body().map(stmt -> Statements.rewriteAll(stmt, e -> switch (e) {
            case LExp.Mem m when m.address() instanceof LExp.Frame slot && registers.containsKey(slot.name()) ->
                    new LExp.Reg(m.type(), registers.get(slot.name()).get());
            default -> e;
        }));
        return new Module.Function(function.name(), symbols, body);
    }
}
