package org.funssa.cps.interp;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.interp.Machine;
import org.funssa.core.interp.MachineOptions;
import org.funssa.core.interp.Memory;
import org.funssa.core.interp.ProgramExit;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.interp.Value;
import org.funssa.core.interp.libc.Library;
import org.funssa.core.interp.libc.LibraryCall;
import org.funssa.core.interp.libc.LibraryFunction;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Symbol;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;

/**
 * Runs IR programs with exactly the LIR interpreter's semantics (issue 3): the same {@link Machine} (memory
 * model, static layout, C library, variadic areas, output, step budget), the same operator semantics
 * ({@link org.funssa.core.interp.Arith}), the same {@link RunOptions} and {@link RunResult}, so that a LIR
 * run and an IR run of one program compare directly.
 *
 * <pre>{@code
 * RunResult r = IrInterpreter.run(program, RunOptions.defaults());
 * // or, to run one program many times: IrInterpreter.compile(program).run(options)
 * }</pre>
 *
 * <p>The semantics of each construct, ⊥ and the step count are given in the package documentation
 * ({@code org.funssa.cps.interp}). Each function is compiled once ({@link IrCompiler}); calls keep an
 * explicit chain of frames, never the Java stack. {@link #run} never throws for anything the program does:
 * every end is a {@link RunResult}.
 */
public final class IrInterpreter {

    private final Program program;
    private final Module layoutModule;
    private final Library library;
    private final Map<String, IrCode> functions = new HashMap<>();
    private final Option<RuntimeTrap> loadError;

    private IrInterpreter(Program program, Library library) {
        this.program = program;
        this.library = library;
        this.layoutModule = layoutModule(program);
        Machine layout;
        try {
            layout = Machine.load(layoutModule, library, MachineOptions.defaults());
        } catch (RuntimeTrap t) {
            this.loadError = Option.of(t);
            return;
        }
        this.loadError = Option.none();
        for (Function f : program.functions()) {
            functions.putIfAbsent(f.name(), new IrCode(f));
        }
        IrCompiler.Context context = new IrCompiler.Context() {
            @Override
            public IrCode function(String name) {
                return functions.get(name);
            }

            @Override
            public LibraryFunction library(String name) {
                return library.function(name).getOrNull();
            }

            @Override
            public boolean isExternal(String name) {
                return program.symbols().find(s -> s.name().equals(name))
                        .map(s -> s instanceof Symbol.Static st && st.linkage() == Symbol.Linkage.XREF
                                && st.type() instanceof LirType.Unknown)
                        .getOrElse(true);
            }

            @Override
            public long address(String name) {
                return layout.address(name);
            }
        };
        for (IrCode f : functions.values()) {
            IrCompiler.compile(f, context);
        }
    }

    /**
     * The LIR module the machine lays out: the program's symbols and data, and its functions with their
     * symbol tables (their bodies do not matter to the layout).
     */
    private static Module layoutModule(Program program) {
        Vector<Module.Item> items = Vector.<Module.Item>narrow(program.data())
                .appendAll(program.functions().map(f -> new Module.Function(f.name(), f.symbols(), Vector.empty())));
        return new Module(program.name(), program.symbols(), items);
    }

    /** Compiles a program against the standard C library ({@link Library#standard()}). */
    public static IrInterpreter compile(Program program) {
        return new IrInterpreter(program, Library.standard());
    }

    /** Compiles a program against a given library. */
    public static IrInterpreter compile(Program program, Library library) {
        return new IrInterpreter(program, library);
    }

    /** Compiles and runs a program once. */
    public static RunResult run(Program program, RunOptions options) {
        return compile(program).run(options);
    }

    /** Runs the compiled program on a fresh machine. */
    public RunResult run(RunOptions options) {
        if (loadError.isDefined()) {
            return new RunResult.Failed(new RuntimeError(loadError.get().kind(), loadError.get().getMessage(),
                    Option.none()), "", "", 0, 0);
        }
        return new Execution(Machine.load(layoutModule, library, options.machine())).run(options);
    }

    /** One run: the machine, the explicit call stack and the step counter. */
    private final class Execution implements Machine.Invoker {
        private final Machine machine;
        private final Memory memory;
        private final Transfer transfer = new Transfer();
        private final long budget;
        private final int maxDepth;
        /** The frame that made the library call in progress, for callbacks. */
        private IrFrame active;
        private Option<RuntimeError.Where> where = Option.none();
        /** The operations executed so far, in every frame. */
        private long operations;

        Execution(Machine machine) {
            this.machine = machine;
            this.memory = machine.memory();
            this.budget = machine.options().stepBudget();
            this.maxDepth = machine.options().maxCallDepth();
            machine.attach(this);
        }

        RunResult run(RunOptions options) {
            try {
                IrCode entry = functions.get(options.entry());
                if (entry == null) {
                    throw new RuntimeTrap(RuntimeError.Kind.BAD_ENTRY,
                            "program " + program.name() + " has no function '" + options.entry() + "'");
                }
                transfer.clear();
                Vector<Long> args = options.arguments().getOrElse(() -> machine.mainArguments(entry.paramSlots.length));
                if (args.size() != entry.paramSlots.length) {
                    throw new RuntimeTrap(RuntimeError.Kind.BAD_ENTRY, "function '" + entry.name + "' takes "
                            + entry.paramSlots.length + " parameters, given " + args.size() + " arguments");
                }
                args.forEach(a -> transfer.add(Shape.INT, a, null));
                Instr.Return r = execute(enter(entry, null, 1));
                Vector<Value> values = Vector.range(0, transfer.count).map(i -> transfer.value(i, r.types()[i]));
                int status = values.headOption()
                        .map(v -> v instanceof Value.Int i ? (int) (i.bits() & 0xFF) : 0).getOrElse(0);
                return new RunResult.Returned(values, status, machine.stdoutText(), machine.stderrText(),
                        machine.steps(), operations);
            } catch (ProgramExit e) {
                return new RunResult.Exited(e.status(), machine.stdoutText(), machine.stderrText(), machine.steps(),
                        operations);
            } catch (RuntimeTrap t) {
                return failed(t.kind(), t.getMessage());
            } catch (StackOverflowError e) {
                return failed(RuntimeError.Kind.STACK_OVERFLOW, "library callbacks nested too deep for the JVM stack");
            } catch (OutOfMemoryError e) {
                return failed(RuntimeError.Kind.OUT_OF_MEMORY, "the program's memory outgrew the JVM heap");
            } catch (RuntimeException e) {
                return failed(RuntimeError.Kind.INTERNAL, "interpreter fault: " + e);
            }
        }

        private RunResult failed(RuntimeError.Kind kind, String message) {
            return new RunResult.Failed(new RuntimeError(kind, message, where), machine.stdoutText(),
                    machine.stderrText(), machine.steps(), operations);
        }

        /** A new frame for a call of {@code callee} with the arguments in {@link #transfer}. */
        private IrFrame enter(IrCode callee, IrFrame caller, int depth) {
            if (depth > maxDepth) {
                throw new RuntimeTrap(RuntimeError.Kind.STACK_OVERFLOW,
                        "stack overflow: more than " + maxDepth + " active calls (calling '" + callee.name + "')");
            }
            IrFrame g = new IrFrame(callee, memory, caller, depth);
            int[] slots = callee.paramSlots;
            for (int i = 0; i < slots.length; i++) {
                transfer.assign(i, g, slots[i], callee.paramTypes[i]);
            }
            int n = transfer.count;
            if (n > slots.length) {
                g.variadics = machine.variadicArguments(callee.name,
                        Vector.range(slots.length, n).map(i -> transfer.value(i, LirType.I64)));
            }
            return g;
        }

        /** Assigns the results in {@link #transfer} to a call's result slots; a result not returned is 0. */
        private void receive(IrFrame f, Instr.Call c) {
            int[] results = c.results();
            for (int i = 0; i < results.length; i++) {
                transfer.assign(i, f, results[i], c.resultTypes()[i]);
            }
        }

        /**
         * Runs from a freshly entered frame until that frame returns; its results are then in
         * {@link #transfer}. Calls to program functions push frames on the explicit stack.
         */
        private Instr.Return execute(IrFrame start) {
            IrFrame f = start;
            Instr[] code = f.code.code;
            int pc = 0;
            long steps = machine.steps() + f.code.entryCost;
            try {
                for (;;) {
                    Instr in = code[pc];
                    steps += in.cost;
                    operations += in.operations;
                    if (steps > budget) {
                        machine.setSteps(steps);
                    }
                    switch (in.kind) {
                        case Instr.PLAIN -> pc = in.exec.exec(f);
                        case Instr.CALL -> {
                            Instr.Call c = in.call;
                            if (c.guard() != null) {
                                Instr.Guarded g = c.guard();
                                if (f.r[g.predicate()] == 0) {
                                    pc = g.skipped().exec(f);
                                    break;
                                }
                                g.taken().exec(f);
                            }
                            IrCode callee = c.direct();
                            LibraryFunction lib = c.library();
                            String libName = c.libraryName();
                            if (callee == null && lib == null) {
                                if (c.function() >= 0) {
                                    String name = machine.functionAt(f.r[c.function()]);
                                    callee = functions.get(name);
                                    libName = name;
                                }
                                if (callee == null) {
                                    lib = machine.libraryFunction(libName);
                                }
                            }
                            transfer.clear();
                            int[] args = c.args();
                            for (int i = 0; i < args.length; i++) {
                                transfer.add(f, args[i], c.argShapes()[i]);
                            }
                            if (callee != null) {
                                IrFrame g = enter(callee, f, f.depth + 1);
                                steps += callee.entryCost;
                                f.resume = pc + 1;
                                f.pending = in;
                                f = g;
                                code = g.code.code;
                                pc = 0;
                            } else {
                                Vector<Value> values = Vector.range(0, transfer.count)
                                        .map(i -> transfer.value(i, c.argTypes()[i]));
                                machine.setSteps(steps);
                                active = f;
                                Option<Value> result = lib.call(new LibraryCall(libName, values, machine, f.variadics));
                                steps = machine.steps();
                                transfer.clear();
                                result.forEach(transfer::add);
                                receive(f, c);
                                pc = c.next();
                            }
                        }
                        default -> {
                            Instr.Return r = in.ret;
                            transfer.clear();
                            int[] values = r.values();
                            for (int i = 0; i < values.length; i++) {
                                transfer.add(f, values[i], r.shapes()[i]);
                            }
                            f.release();
                            if (f == start) {
                                machine.setSteps(steps);
                                return r;
                            }
                            f = f.caller;
                            code = f.code.code;
                            pc = f.resume;
                            Instr.Call c = f.pending.call;
                            f.pending = null;
                            receive(f, c);
                        }
                    }
                }
            } catch (RuntimeTrap | ProgramExit e) {
                machine.setStepsUnchecked(steps);
                if (where.isEmpty() && e instanceof RuntimeTrap && pc < code.length) {
                    where = Option.of(f.code.where(code[pc]));
                }
                throw e;
            }
        }

        @Override
        public Option<Value> invoke(long function, Vector<Value> args) {
            String name = machine.functionAt(function);
            IrCode callee = functions.get(name);
            if (callee == null) {
                return machine.libraryFunction(name).call(new LibraryCall(name, args, machine, 0));
            }
            IrFrame caller = active;
            transfer.clear();
            args.forEach(transfer::add);
            Instr.Return r = execute(enter(callee, null, caller == null ? 1 : caller.depth + 1));
            active = caller;
            return transfer.count == 0 ? Option.none() : Option.of(transfer.value(0, r.types()[0]));
        }
    }
}
