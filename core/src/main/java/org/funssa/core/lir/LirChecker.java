package org.funssa.core.lir;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The static semantics of LIR (seed 004, appendix A; shared/LIR.md), checked once at the edge so that
 * later stages may trust their input: every {@code REG}, {@code FRAME} and {@code STATIC} symbol used is
 * declared with that kind, every address (of a symbol, a label, a {@code MEM}, a called function) is an
 * {@code I64}, a register holds an integer or a float and is read and written at its declared
 * type; every node is typed by {@link LirTypeRules}; labels are defined once and every label used is defined
 * in its function; a call of a function defined in the module passes every parameter the callee reads; a
 * {@code MEM} whose address is a frame variable plus a constant stays inside that variable; and sizes,
 * alignments and offsets stay within {@link #MAX_BYTES}. What depends on values computed at run time (an
 * index into an array) is left to the interpreters' runtime checks, and the shape of control flow
 * ({@code PROLOGUE} first, no falling off the end) to {@code org.funssa.core.cfg.Cfg}.
 *
 * <p>The checker collects every violation with its place. It walks expressions with an explicit stack,
 * so a 10^6-deep expression costs heap, not thread stack.
 */
public final class LirChecker {

    /**
     * The largest size, alignment, offset or frame in bytes a module may declare: far beyond any real
     * program, and small enough that no size computed from them overflows and the interpreters' memory
     * (allocations below 2^31 bytes) holds any one of them.
     */
    public static final long MAX_BYTES = 1L << 30;

    /** The type of addresses: 64 bits, as on the x86_64 target of the corpus's COINS. */
    public static final LirType.Int ADDRESS = LirType.I64;

    /** The violations in a module read from text, each at the place the reader recorded. */
    public static Vector<Diagnostic> check(LirReader.Parsed parsed) {
        return check(parsed.module(), parsed.positions());
    }

    /** The violations in a module; a node without a recorded position is placed at its nearest ancestor's. */
    public static Vector<Diagnostic> check(Module module, Positions positions) {
        return new LirChecker(module, positions).run();
    }

    private final Module module;
    private final Positions positions;
    private final List<Diagnostic> found = new ArrayList<>();
    private final Map<String, Symbol> globals = new HashMap<>();
    private final Map<String, Module.Function> functions = new HashMap<>();
    private final Map<Module.Function, Set<String>> usedAfterPrologue = new IdentityHashMap<>();

    private LirChecker(Module module, Positions positions) {
        this.module = module;
        this.positions = positions;
    }

    private Vector<Diagnostic> run() {
        SourcePos top = positions.of(module).getOrElse(new SourcePos(module.name(), 0, 0));
        declare(module.symbols(), globals, top);
        for (Module.Item item : module.items()) {
            SourcePos at = place(item, top);
            switch (item) {
                case Module.Data d -> data(d, at);
                case Module.Function f -> {
                    if (functions.putIfAbsent(f.name(), f) != null) {
                        report(at, "function \"" + f.name() + "\" is defined twice");
                    }
                }
            }
        }
        for (Module.Function f : module.functions()) {
            new FunctionCheck(f, place(f, top)).run();
        }
        return Vector.ofAll(found);
    }

    // ---------------------------------------------------------------- symbol tables and data

    private void declare(Vector<Symbol> symbols, Map<String, Symbol> scope, SourcePos fallback) {
        long frameBound = 0; // the frame's size plus at most one alignment's padding per variable
        for (Symbol s : symbols) {
            SourcePos at = place(s, fallback);
            Symbol earlier = scope.putIfAbsent(s.name(), s);
            if (earlier != null && !earlier.equals(s)) {
                report(at, "symbol \"" + s.name() + "\" is declared twice in one SYMTAB, differently");
            }
            boolean aligned = s.align() >= 1 && s.align() <= MAX_BYTES && Long.bitCount(s.align()) == 1;
            if (!aligned) {
                report(at, "expected the alignment of \"" + s.name() + "\" to be a power of two up to " + MAX_BYTES
                        + ", found " + s.align());
            }
            switch (s) {
                case Symbol.Frame f -> {
                    offset(f.name(), f.offset(), at);
                    long before = frameBound;
                    frameBound += f.type().bytes() + (aligned ? f.align() : 1);
                    if (before <= MAX_BYTES && frameBound > MAX_BYTES) {
                        report(at, "the frame is larger than " + MAX_BYTES + " bytes with \"" + f.name() + "\"");
                    }
                    if (f.type() instanceof LirType.Unknown) {
                        report(at, "frame variable \"" + f.name() + "\" has type UNKNOWN, which only functions have");
                    }
                }
                case Symbol.Reg r -> {
                    offset(r.name(), r.offset(), at);
                    if (!(r.type() instanceof LirType.Int || r.type() instanceof LirType.Float)) {
                        report(at, "register \"" + r.name() + "\" has type " + r.type()
                                + "; a register holds an integer or a float");
                    }
                }
                case Symbol.Static st -> { }
            }
        }
    }

    private void offset(String name, long offset, SourcePos at) {
        if (offset < -MAX_BYTES || offset > MAX_BYTES) {
            report(at, "expected the offset of \"" + name + "\" within " + MAX_BYTES + " bytes, found " + offset);
        }
    }

    private void data(Module.Data d, SourcePos at) {
        if (!(globals.get(d.name()) instanceof Symbol.Static)) {
            report(at, "DATA \"" + d.name() + "\" has no STATIC symbol in the module's SYMTAB");
        }
        long bytes = 0;
        for (Module.DataItem item : d.contents()) {
            bytes += switch (item) {
                case Module.Zeros z -> Math.min(z.bytes(), MAX_BYTES + 1);
                case Module.Space s -> Math.min(s.bytes(), MAX_BYTES + 1);
                case Module.Values v -> {
                    v.values().forEach(value -> expressions(value, place(value, at), Scope.global(this)));
                    yield (long) v.type().bytes() * v.values().size();
                }
            };
            if (bytes > MAX_BYTES) {
                report(at, "DATA \"" + d.name() + "\" is larger than " + MAX_BYTES + " bytes");
                return;
            }
        }
    }

    // ---------------------------------------------------------------- functions

    /** The symbols a function sees: its own, then the module's. */
    private record Scope(Map<String, Symbol> local, Map<String, Symbol> global, Map<String, SourcePos> labels,
                         Option<String> function) {
        static Scope global(LirChecker checker) {
            return new Scope(Map.of(), checker.globals, Map.of(), Option.none());
        }

        Option<Symbol> symbol(String name) {
            Symbol s = local.get(name);
            return Option.of(s != null ? s : global.get(name));
        }
    }

    /** The checks of one function: its symbol table, its labels and its statements. */
    private final class FunctionCheck {
        private final Module.Function function;
        private final SourcePos at;
        private final Map<String, Symbol> locals = new HashMap<>();
        private final Map<String, SourcePos> labels = new HashMap<>();

        FunctionCheck(Module.Function function, SourcePos at) {
            this.function = function;
            this.at = at;
        }

        void run() {
            declare(function.symbols(), locals, at);
            for (Stmt s : function.body()) {
                if (s instanceof Stmt.DefLabel d) {
                    SourcePos here = place(d, at);
                    SourcePos first = labels.putIfAbsent(d.name(), here);
                    if (first != null) {
                        report(here, "function \"" + function.name() + "\": label \"" + d.name()
                                + "\" is defined twice (first at " + first.line() + ":" + first.column() + ")");
                    }
                }
            }
            Scope scope = new Scope(locals, globals, labels, Option.of(function.name()));
            for (Stmt s : function.body()) {
                SourcePos here = place(s, at);
                if (s instanceof Stmt.Parallel p) {
                    p.parts().forEach(part -> statement(part, place(part, here), scope));
                } else {
                    statement(s, here, scope);
                }
            }
        }

        private void statement(Stmt s, SourcePos here, Scope scope) {
            switch (s) {
                case Stmt.Set set -> {
                    target(set.target(), "SET", here);
                    typed(here, LirTypeRules.assignment("SET", set.type(), "target", set.target().type()));
                    typed(here, LirTypeRules.assignment("SET", set.type(), "value", set.value().type()));
                    expressions(set.target(), here, scope);
                    expressions(set.value(), here, scope);
                }
                case Stmt.Jump j -> expressions(j.target(), here, scope);
                case Stmt.JumpC j -> {
                    if (!(j.test() instanceof LExp.Binary b && b.op().isComparison())) {
                        report(here, "expected a comparison as the test of JUMPC, found " + j.test());
                    }
                    expressions(j.test(), here, scope);
                    expressions(j.ifTrue(), here, scope);
                    expressions(j.ifFalse(), here, scope);
                }
                case Stmt.JumpN j -> {
                    expressions(j.value(), here, scope);
                    for (Stmt.Case c : j.cases()) {
                        if (!c.value().type().equals(j.value().type())) {
                            report(here, "expected a case value of type " + j.value().type() + ", found "
                                    + c.value().type());
                        }
                        expressions(c.value(), here, scope);
                        expressions(c.target(), here, scope);
                    }
                    expressions(j.otherwise(), here, scope);
                }
                case Stmt.Call c -> call(c, here, scope);
                case Stmt.Prologue p -> {
                    frameSizes("PROLOGUE", p.frameSize(), p.savedSize(), here);
                    p.params().forEach(param -> {
                        target(param, "PROLOGUE", here);
                        expressions(param, here, scope);
                    });
                }
                case Stmt.Epilogue e -> {
                    frameSizes("EPILOGUE", e.frameSize(), e.savedSize(), here);
                    e.results().forEach(result -> expressions(result, here, scope));
                }
                case Stmt.Phi phi -> {
                    target(phi.target(), "PHI", here);
                    typed(here, LirTypeRules.assignment("PHI", phi.type(), "target", phi.target().type()));
                    expressions(phi.target(), here, scope);
                    for (Stmt.PhiArg arg : phi.args()) {
                        typed(here, LirTypeRules.assignment("PHI", phi.type(), "argument", arg.value().type()));
                        expressions(arg.value(), here, scope);
                        expressions(arg.predecessor(), here, scope);
                    }
                }
                case Stmt.Use u -> u.registers().forEach(r -> expressions(r, here, scope));
                case Stmt.Clobber c -> c.registers().forEach(r -> expressions(r, here, scope));
                case Stmt.Parallel p -> report(here, "expected a statement other than PARALLEL inside PARALLEL");
                case Stmt.DefLabel d -> { }
                case Stmt.Line l -> { }
            }
        }

        /**
         * A call of a function of this module passes every parameter the callee reads. Fewer arguments than
         * parameters are allowed otherwise, and so are more (and arguments at other types): C programs without
         * prototypes do both (corpus: WhiteBox2/tpnonproto1, WhiteBox1/tpoldFunc1), as do variadic functions. A
         * call may also receive a result its callee does not return, as C allows when it is not used.
         */
        private void call(Stmt.Call c, SourcePos here, Scope scope) {
            addressType("the function of CALL", c.function().type(), here);
            expressions(c.function(), here, scope);
            c.args().forEach(a -> expressions(a, here, scope));
            c.receivers().forEach(r -> {
                target(r, "CALL", here);
                expressions(r, here, scope);
            });
            if (!(c.function() instanceof LExp.Static callee) || !functions.containsKey(callee.name())
                    || locals.containsKey(callee.name())) {
                return;
            }
            Module.Function f = functions.get(callee.name());
            Vector<LExp> params = f.body().find(Stmt.Prologue.class::isInstance)
                    .map(p -> ((Stmt.Prologue) p).params()).getOrElse(Vector.empty());
            for (int i = c.args().size(); i < params.size(); i++) {
                Option<String> read = parameterRead(f, params.get(i));
                if (read.isDefined()) {
                    report(here, "the call of \"" + f.name() + "\" passes " + c.args().size() + " argument"
                            + (c.args().size() == 1 ? "" : "s") + ", but \"" + f.name() + "\" reads its parameter "
                            + (i + 1) + " (\"" + read.get() + "\")");
                    return;
                }
            }
        }

        private void frameSizes(String form, long frame, long saved, SourcePos here) {
            if (frame < 0 || frame > MAX_BYTES || saved < 0 || saved > MAX_BYTES) {
                report(here, "expected the sizes of " + form + " from 0 to " + MAX_BYTES + ", found (" + frame + " "
                        + saved + ")");
            }
        }

        private void target(LExp target, String form, SourcePos here) {
            if (!(target instanceof LExp.Mem || target instanceof LExp.Reg || target instanceof LExp.Subreg)) {
                report(here, "expected MEM, REG or SUBREG as a target of " + form + ", found " + target);
            }
        }
    }

    /** The name of parameter {@code param} of {@code f} if {@code f} uses it after its PROLOGUE. */
    private Option<String> parameterRead(Module.Function f, LExp param) {
        Set<String> used = usedAfterPrologue.computeIfAbsent(f, LirChecker::usedAfterPrologue);
        return switch (param) {
            case LExp.Reg r -> used.contains("REG " + r.name()) ? Option.of(r.name()) : Option.none();
            case LExp.Mem m when m.address() instanceof LExp.Frame v ->
                    used.contains("FRAME " + v.name()) ? Option.of(v.name()) : Option.none();
            default -> Option.none();
        };
    }

    /** {@code REG r} and {@code FRAME v} for every register and frame variable used after the PROLOGUE. */
    private static Set<String> usedAfterPrologue(Module.Function f) {
        Set<String> used = new HashSet<>();
        ArrayDeque<LExp> stack = new ArrayDeque<>();
        for (Stmt s : f.body()) {
            if (!(s instanceof Stmt.Prologue)) {
                s.expressions().forEach(stack::push);
            }
            while (!stack.isEmpty()) {
                switch (stack.pop()) {
                    case LExp.Reg r -> used.add("REG " + r.name());
                    case LExp.Frame v -> used.add("FRAME " + v.name());
                    case LExp e -> e.pushOperands(stack);
                }
            }
        }
        return used;
    }

    // ---------------------------------------------------------------- L-expressions

    /** An expression still to check and the place to report it at if it has none of its own. */
    private record Visit(LExp node, SourcePos fallback) {}

    /** Checks {@code root} and every node under it, with an explicit stack. */
    private void expressions(LExp root, SourcePos fallback, Scope scope) {
        ArrayDeque<Visit> stack = new ArrayDeque<>();
        stack.push(new Visit(root, fallback));
        ArrayDeque<LExp> operands = new ArrayDeque<>();
        while (!stack.isEmpty()) {
            Visit visit = stack.pop();
            SourcePos here = place(visit.node(), visit.fallback());
            node(visit.node(), here, visit.fallback(), scope);
            visit.node().pushOperands(operands);
            while (!operands.isEmpty()) {
                stack.push(new Visit(operands.pop(), here));
            }
        }
    }

    private void node(LExp node, SourcePos here, SourcePos parent, Scope scope) {
        switch (node) {
            case LExp.IntConst c -> {
                BigInteger v = c.value();
                int bits = c.type().bits();
                if (v.signum() < 0 ? v.bitLength() > bits - 1 : v.bitLength() > bits) {
                    report(here, "expected an " + c.type() + " value, found " + v);
                }
            }
            case LExp.FloatConst f -> { }
            case LExp.Reg r -> register(r, here, scope);
            case LExp.Frame f -> {
                declared(f.name(), "FRAME", Symbol.Frame.class, here, scope);
                addressType("FRAME", f.type(), here);
            }
            case LExp.Static s -> {
                declared(s.name(), "STATIC", Symbol.Static.class, here, scope);
                addressType("STATIC", s.type(), here);
            }
            case LExp.Label l -> {
                addressType("LABEL", l.type(), here);
                if (scope.function().isEmpty()) {
                    report(here, "expected no LABEL outside a function, found \"" + l.name() + "\"");
                } else if (!scope.labels().containsKey(l.name())) {
                    report(parent, "function \"" + scope.function().get() + "\": label \"" + l.name()
                            + "\" is not defined");
                }
            }
            case LExp.Subreg s -> {
                valueType("SUBREG", s.type(), here);
                if (!(s.register() instanceof LExp.Reg)) {
                    report(here, "expected a REG in SUBREG, found " + s.register());
                } else if ((long) s.type().bits() * (s.index() + 1L) > s.register().type().bits()) {
                    report(here, "SUBREG " + s.type() + " part " + s.index() + " lies outside its "
                            + s.register().type() + " register");
                }
            }
            case LExp.Mem m -> {
                valueType("MEM", m.type(), here);
                addressType("the address of MEM", m.address().type(), here);
                frameAccess(m, here, scope);
            }
            case LExp.Binary b -> typed(here, LirTypeRules.binary(b.op(), b.type(), b.left().type(), b.right().type()));
            case LExp.Unary u -> typed(here, LirTypeRules.unary(u.op(), u.type(), u.operand().type()));
            case LExp.If i -> typed(here, LirTypeRules.select(i.type(), i.condition().type(), i.then().type(),
                    i.otherwise().type()));
        }
    }

    private void register(LExp.Reg r, SourcePos here, Scope scope) {
        valueType("REG", r.type(), here);
        declared(r.name(), "REG", Symbol.Reg.class, here, scope).forEach(declared -> {
            if (!declared.type().equals(r.type())) {
                report(here, "register \"" + r.name() + "\" is declared " + declared.type() + ", used as "
                        + r.type());
            }
        });
    }

    /** The symbol {@code name} if it is declared with the expected kind; else a violation. */
    private Option<Symbol> declared(String name, String kind, Class<? extends Symbol> expected, SourcePos here,
                                    Scope scope) {
        Option<Symbol> symbol = scope.symbol(name);
        if (symbol.isEmpty()) {
            report(here, kind + " symbol \"" + name + "\" is not declared");
            return Option.none();
        }
        if (!expected.isInstance(symbol.get())) {
            report(here, "\"" + name + "\" is declared " + kindOf(symbol.get()) + ", used as " + kind);
            return Option.none();
        }
        return symbol;
    }

    private static String kindOf(Symbol s) {
        return switch (s) {
            case Symbol.Static st -> "STATIC";
            case Symbol.Frame f -> "FRAME";
            case Symbol.Reg r -> "REG";
        };
    }

    /**
     * A {@code MEM} at a frame variable plus a constant (folded through {@code ADD} and {@code SUB}) lies
     * inside that variable.
     */
    private void frameAccess(LExp.Mem m, SourcePos here, Scope scope) {
        long offset = 0;
        LExp address = m.address();
        while (address instanceof LExp.Binary b && (b.op() == Op.ADD || b.op() == Op.SUB)) {
            if (b.right() instanceof LExp.IntConst c) {
                offset += b.op() == Op.ADD ? c.bits() : -c.bits();
                address = b.left();
            } else if (b.op() == Op.ADD && b.left() instanceof LExp.IntConst c) {
                offset += c.bits();
                address = b.right();
            } else {
                return;
            }
            if (offset < -MAX_BYTES || offset > MAX_BYTES) {
                break;
            }
        }
        if (!(address instanceof LExp.Frame f) || !(scope.symbol(f.name()).getOrNull() instanceof Symbol.Frame v)) {
            return;
        }
        long size = v.type().bytes();
        if (offset < 0 || offset + m.type().bytes() > size) {
            report(here, "MEM " + m.type() + " at byte " + offset + " of frame variable \"" + f.name() + "\" ("
                    + size + " byte" + (size == 1 ? "" : "s") + ") lies outside it");
        }
    }

    /**
     * An address is an {@link #ADDRESS}: a narrower one would be cut differently by the LIR and the IR
     * interpreters, and COINS writes no other.
     */
    private void addressType(String form, LirType type, SourcePos here) {
        if (!type.equals(ADDRESS)) {
            report(here, "expected the address type " + ADDRESS + " for " + form + ", found " + type);
        }
    }

    private void valueType(String form, LirType type, SourcePos here) {
        if (type instanceof LirType.Unknown) {
            report(here, "expected a value type for " + form + ", found UNKNOWN (the type of functions only)");
        }
    }

    private void typed(SourcePos here, Option<String> problem) {
        problem.forEach(p -> report(here, p));
    }

    private SourcePos place(Object node, SourcePos fallback) {
        return positions.of(node).getOrElse(fallback);
    }

    private void report(SourcePos where, String message) {
        found.add(new Diagnostic(where, message));
    }
}
