package org.funssa.core.interp;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.interp.libc.Library;
import org.funssa.core.interp.libc.LibraryFunction;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Symbol;

/**
 * The machine a LIR program runs on, independent of how statements are executed: memory with the
 * module's static data laid out and initialised, code addresses for its functions, the C library, the
 * output streams and the step counter. The LIR interpreter and the IR interpreter both run on it, so
 * they share one memory model, one library and one step budget.
 *
 * <p>Static layout: every static symbol (of the module's and of each function's symbol table) is its own
 * allocation, sized by the larger of its type and its {@code DATA}; every function gets a code address
 * (an allocation of no bytes); an {@code XREF} symbol is resolved against the library (functions such as
 * {@code printf}, data such as {@code stdout}); an unresolved one gets an address that fails when used.
 */
public final class Machine {

    /** How a machine calls back into the interpreter running on it (for {@code qsort}'s comparator). */
    public interface Invoker {
        /** Calls the function at a code address with the arguments; returns its first result, if any. */
        Option<Value> invoke(long function, Vector<Value> args);
    }

    private final Memory memory = new Memory();
    private final Map<String, Long> addresses = new HashMap<>();
    private final Library library;
    private final MachineOptions options;
    private final Output stdout;
    private final Output stderr;
    private final String moduleName;
    private long steps;
    private Invoker invoker = (f, args) -> {
        throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "no interpreter is attached to the machine");
    };

    private Machine(Module module, Library library, MachineOptions options) {
        this.library = library;
        this.options = options;
        this.moduleName = module.name();
        this.stdout = new Output("stdout", options.stdout(), options.outputLimit());
        this.stderr = new Output("stderr", options.stderr(), options.outputLimit());
    }

    /**
     * A machine with the module's statics laid out and initialised.
     *
     * @throws RuntimeTrap if a {@code DATA} item cannot be evaluated or does not fit its symbol
     */
    public static Machine load(Module module, Library library, MachineOptions options) {
        Machine m = new Machine(module, library, options);
        m.layOut(module);
        return m;
    }

    private void layOut(Module module) {
        Map<String, Long> dataSizes = new HashMap<>();
        for (Module.Data d : module.data()) {
            dataSizes.put(d.name(), d.contents().map(Machine::size).sum().longValue());
        }
        java.util.Set<String> functions = new java.util.HashSet<>();
        module.functions().forEach(f -> functions.add(f.name()));
        Vector<Symbol> statics = module.symbols()
                .appendAll(module.functions().flatMap(Module.Function::symbols))
                .filter(s -> s instanceof Symbol.Static);
        for (Symbol symbol : statics) {
            Symbol.Static s = (Symbol.Static) symbol;
            if (addresses.containsKey(s.name())) {
                continue;
            }
            if (functions.contains(s.name())) {
                addresses.put(s.name(), memory.allocate(Memory.Kind.FUNCTION, 0, s.name()));
            } else if (s.linkage() != Symbol.Linkage.XREF || dataSizes.containsKey(s.name())) {
                long size = Math.max(s.type().bytes(), dataSizes.getOrDefault(s.name(), 0L));
                addresses.put(s.name(), memory.allocate(Memory.Kind.STATIC, size, s.name()));
            } else if (library.data(s.name()).isDefined()) {
                Library.ExternalData data = library.data(s.name()).get();
                long address = memory.allocate(Memory.Kind.STATIC, data.size(), s.name());
                addresses.put(s.name(), address);
                data.initializer().accept(this, address);
            } else {
                addresses.put(s.name(), memory.allocate(
                        library.function(s.name()).isDefined() ? Memory.Kind.FUNCTION : Memory.Kind.EXTERNAL, 0,
                        s.name()));
            }
        }
        // A function or DATA that the symbol tables do not list still gets an address.
        for (Module.Function f : module.functions()) {
            addresses.computeIfAbsent(f.name(), n -> memory.allocate(Memory.Kind.FUNCTION, 0, n));
        }
        for (Module.Data d : module.data()) {
            addresses.computeIfAbsent(d.name(), n -> memory.allocate(Memory.Kind.STATIC, dataSizes.get(n), n));
        }
        for (Module.Data d : module.data()) {
            long at = addresses.get(d.name());
            for (Module.DataItem item : d.contents()) {
                switch (item) {
                    case Module.Values v -> {
                        for (LExp e : v.values()) {
                            store(v.type(), at, constant(e, d.name()));
                            at += v.type().bytes();
                        }
                    }
                    case Module.Zeros z -> at += z.bytes();
                    case Module.Space s -> at += s.bytes();
                }
            }
        }
    }

    private static long size(Module.DataItem item) {
        return switch (item) {
            case Module.Values v -> (long) v.type().bytes() * v.values().size();
            case Module.Zeros z -> z.bytes();
            case Module.Space s -> s.bytes();
        };
    }

    private void store(LirType type, long at, Value v) {
        switch (v) {
            case Value.Int i when type.bits() == 128 -> memory.storeI128(at, i.int128());
            case Value.Int i -> memory.storeInt(type.bits(), at, i.bits());
            case Value.Float f when type.bits() == 128 -> memory.storeF128(at, f.exact());
            case Value.Float f -> memory.storeFloat(type.bits(), at, f.value());
            case Value.Block b -> memory.write(at, b.bytes());
        }
    }

    /** A constant expression of a DATA item: numbers, static addresses and operators on them. */
    private Value constant(LExp e, String data) {
        return switch (e) {
            case LExp.IntConst c -> c.type().bits() == 128 ? Value.Int.of(Int128.of(c.value()))
                    : new Value.Int(c.type(), c.bits());
            case LExp.FloatConst c -> new Value.Float(c.type(), c.value());
            case LExp.Static s -> new Value.Int(LirType.I64, address(s.name()));
            case LExp.Binary b -> Arith.evaluate(b.op(), b.type(),
                    Vector.of(constant(b.left(), data), constant(b.right(), data)));
            case LExp.Unary u -> Arith.evaluate(u.op(), u.type(), Vector.of(constant(u.operand(), data)));
            default -> throw new RuntimeTrap(RuntimeError.Kind.UNSUPPORTED,
                    "DATA \"" + data + "\" holds " + FunctionCompiler.show(e) + ", which is not a constant expression");
        };
    }

    // ---------------------------------------------------------------- symbols and code

    /** The address of a static symbol or function. */
    public Option<Long> addressOf(String symbol) {
        return Option.of(addresses.get(symbol));
    }

    /** The address of a static symbol or function; a runtime error if the module has none of that name. */
    public long address(String symbol) {
        Long a = addresses.get(symbol);
        if (a == null) {
            throw new RuntimeTrap(RuntimeError.Kind.MEMORY_ACCESS, "no static symbol '" + symbol + "' in the module");
        }
        return a;
    }

    /**
     * The name of the function at a code address: a module function or a library function. A runtime
     * error if the address is not the start of a function.
     */
    public String functionAt(long address) {
        Memory.Kind kind = memory.kindAt(address);
        if (kind == Memory.Kind.FUNCTION && Memory.offset(address) == 0) {
            return memory.nameAt(address);
        }
        if (kind == Memory.Kind.EXTERNAL && Memory.offset(address) == 0) {
            throw new RuntimeTrap(RuntimeError.Kind.UNKNOWN_EXTERNAL,
                    "call of external function '" + memory.nameAt(address) + "', which the library does not provide");
        }
        throw new RuntimeTrap(RuntimeError.Kind.CALL_OF_NON_FUNCTION,
                "call through " + memory.describe(address) + ", which is not a function");
    }

    /** The library function of a name; a runtime error naming it if the library has none. */
    public LibraryFunction libraryFunction(String name) {
        return library.function(name).getOrElseThrow(() -> new RuntimeTrap(RuntimeError.Kind.UNKNOWN_EXTERNAL,
                "call of external function '" + name + "', which the library does not provide"));
    }

    /**
     * Stores the arguments a call passes beyond the callee's parameters, for {@code va_arg}: 8-byte slots
     * (integers as 64-bit values, floats as doubles), I128 and F128 values taking 16 bytes (little-endian,
     * F128 as binary128), an aggregate taking its size rounded up to 8. Returns the area's address, to be
     * released with {@link Memory#releaseStacked} when the call returns.
     */
    public long variadicArguments(String function, Vector<Value> args) {
        long size = args.map(Machine::variadicSize).sum().longValue();
        long area = memory.allocate(Memory.Kind.ARGUMENTS, size, function);
        long at = area;
        for (Value v : args) {
            switch (v) {
                case Value.Int i when i.type().bits() == 128 -> memory.storeI128(at, i.int128());
                case Value.Int i -> memory.storeI64(at, i.bits());
                case Value.Float f when f.type().bits() == 128 -> memory.storeF128(at, f.exact());
                case Value.Float f -> memory.storeF64(at, f.value());
                case Value.Block b -> memory.write(at, b.bytes());
            }
            at += variadicSize(v);
        }
        return area;
    }

    private static long variadicSize(Value v) {
        return v instanceof Value.Block b ? variadicSlot(b.type().bytes()) : variadicSlot(v.type().bytes());
    }

    /** The bytes an argument of {@code size} bytes takes in a variadic area. */
    public static long variadicSlot(int size) {
        return Math.max(8, (size + 7) & ~7L);
    }

    public Memory memory() {
        return memory;
    }

    /**
     * The arguments C's {@code main(argc, argv, envp)} gets, as far as an entry with {@code parameters}
     * parameters takes them: argc = 1, argv = {"<module name>", NULL}, envp = {NULL}, allocated as static
     * data; none for an entry with no or more than three parameters. Both interpreters start runs this way.
     */
    public Vector<Long> mainArguments(int parameters) {
        if (parameters == 0 || parameters > 3) {
            return Vector.empty();
        }
        byte[] name = (moduleName() + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        long string = memory.allocate(Memory.Kind.STATIC, name.length, "argv[0]");
        memory.write(string, name);
        long argv = memory.allocate(Memory.Kind.STATIC, 16, "argv");
        memory.storeI64(argv, string);
        long envp = memory.allocate(Memory.Kind.STATIC, 8, "envp");
        return Vector.of(1L, argv, envp).take(parameters);
    }

    public String moduleName() {
        return moduleName;
    }

    public MachineOptions options() {
        return options;
    }

    // ---------------------------------------------------------------- output, steps, callbacks

    /** Appends to stdout. */
    public void writeStdout(byte[] bytes) {
        stdout.write(bytes, 0, bytes.length);
    }

    /** Appends to stderr. */
    public void writeStderr(byte[] bytes) {
        stderr.write(bytes, 0, bytes.length);
    }

    /** Everything written to stdout so far, one char per byte (ISO-8859-1). */
    public String stdoutText() {
        stdout.flush();
        return stdout.text();
    }

    /** Everything written to stderr so far, one char per byte (ISO-8859-1). */
    public String stderrText() {
        stderr.flush();
        return stderr.text();
    }

    /** Operations executed so far. */
    public long steps() {
        return steps;
    }

    /** Records operations executed by an interpreter; fails the run when the budget is exhausted. */
    public void setSteps(long steps) {
        this.steps = steps;
        if (steps > options.stepBudget()) {
            throw budgetExhausted();
        }
    }

    /** Records operations executed, without checking the budget (when the run is ending anyway). */
    public void setStepsUnchecked(long steps) {
        this.steps = steps;
    }

    /** The error for an exhausted step budget. */
    public RuntimeTrap budgetExhausted() {
        return new RuntimeTrap(RuntimeError.Kind.STEP_BUDGET_EXHAUSTED,
                "step budget of " + options.stepBudget() + " operations exhausted");
    }

    /** Attaches the interpreter that library callbacks run on. */
    public void attach(Invoker invoker) {
        this.invoker = invoker;
    }

    /** Calls a program function from library code. */
    public Option<Value> invoke(long function, Vector<Value> args) {
        return invoker.invoke(function, args);
    }
}
