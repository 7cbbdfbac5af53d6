package org.funssa.core.interp;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.interp.libc.Library;
import org.funssa.core.interp.libc.LibraryCall;
import org.funssa.core.interp.libc.LibraryFunction;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;

/**
 * Runs LIR modules (seed 004's LIR; {@code shared/LIR.md}) on a {@link Machine}.
 *
 * <pre>{@code
 * RunResult r = LirInterpreter.run(module, RunOptions.defaults());
 * // or, to run one module many times: LirInterpreter.compile(module).run(options)
 * }</pre>
 *
 * <p>Each function is compiled once ({@link FunctionCompiler}) into an array of statements over closures,
 * with labels resolved to indices and registers to array slots. Calls do not use the Java stack: the
 * interpreter keeps an explicit chain of {@link Frame}s (CALL pushes, EPILOGUE pops), so recursion is
 * bounded only by {@link MachineOptions#maxCallDepth()} and memory.
 *
 * <p><b>Steps.</b> The step count (and budget) counts work: each statement executed counts one,
 * plus one for every L-expression node it evaluates (constants, registers, MEMs, operators; not the
 * labels of jumps, nor JUMPN's case constants), so
 * {@code (SET I32 (REG I32 "x") (ADD I32 (REG I32 "x") (INTCONST I32 1)))} counts 5. DEFLABEL, LINE,
 * USE and CLOBBER count nothing; a PROLOGUE counts when its function is entered.
 *
 * <p><b>Operations</b> ({@link RunResult#operations()}) count what an optimizer removes, the same way for
 * LIR and for the IR (org.funssa.cps.interp), so that two LIR programs — funssa's output and COINS's — compare
 * directly. An operation is an operator applied (arithmetic, comparison, conversion, {@code IF}, a memory read
 * {@code MEM}), a copy, a memory write, a call, a jump, a conditional jump, a switch or a return. A statement
 * executed counts one for itself and one per operator node in its expressions, except that a SET of a register
 * to an operator is that operator alone: the example above counts 1, as the IR's {@code let x = add x 1} does,
 * and {@code (JUMPC (TSTLT I32 (REG I32 "i") (INTCONST I32 9)) …)} counts 2, a let and a branch. Leaves
 * (registers, constants, FRAME and STATIC addresses) cost nothing; PROLOGUE, PHI, DEFLABEL, LINE, USE and
 * CLOBBER count nothing; a PARALLEL counts its SETs; a call counts one whatever it calls, and a library
 * function's own work counts no operation.
 *
 * <p>{@link #run} never throws for anything the program does: every end is a {@link RunResult}.
 */
public final class LirInterpreter {

    private final Module module;
    private final Library library;
    private final Map<String, CompiledFunction> functions = new HashMap<>();
    private final Option<RuntimeTrap> loadError;

    private LirInterpreter(Module module, Library library) {
        this.module = module;
        this.library = library;
        Machine layout;
        try {
            layout = Machine.load(module, library, MachineOptions.defaults());
        } catch (RuntimeTrap t) {
            this.loadError = Option.of(t);
            return;
        }
        this.loadError = Option.none();
        for (Module.Function f : module.functions()) {
            functions.putIfAbsent(f.name(), new CompiledFunction(f));
        }
        FunctionCompiler.Context context = new FunctionCompiler.Context() {
            @Override
            public CompiledFunction function(String name) {
                return functions.get(name);
            }

            @Override
            public LibraryFunction library(String name) {
                return library.function(name).getOrNull();
            }

            @Override
            public long address(String name) {
                return layout.address(name);
            }
        };
        for (CompiledFunction f : functions.values()) {
            FunctionCompiler.compile(f, module, context);
        }
    }

    /** Compiles a module against the standard C library ({@link Library#standard()}). */
    public static LirInterpreter compile(Module module) {
        return new LirInterpreter(module, Library.standard());
    }

    /** Compiles a module against a given library. */
    public static LirInterpreter compile(Module module, Library library) {
        return new LirInterpreter(module, library);
    }

    /** Compiles and runs a module once. */
    public static RunResult run(Module module, RunOptions options) {
        return compile(module).run(options);
    }

    /** Runs the compiled module on a fresh machine. */
    public RunResult run(RunOptions options) {
        if (loadError.isDefined()) {
            return new RunResult.Failed(new RuntimeError(loadError.get().kind(), loadError.get().getMessage(),
                    Option.none()), "", "", 0, 0);
        }
        Machine machine = Machine.load(module, library, options.machine());
        return new Execution(machine).run(options);
    }

    /** One run: the machine, the explicit call stack and the step counter. */
    private final class Execution implements Machine.Invoker {
        private final Machine machine;
        private final Memory memory;
        private final Transfer transfer = new Transfer();
        private final long budget;
        private final int maxDepth;
        /** The frame that made the library call in progress, for callbacks. */
        private Frame active;
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
                CompiledFunction entry = functions.get(options.entry());
                if (entry == null) {
                    throw new RuntimeTrap(RuntimeError.Kind.BAD_ENTRY,
                            "module " + module.name() + " has no function '" + options.entry() + "'");
                }
                transfer.clear();
                Vector<Long> args = options.arguments().getOrElse(() -> machine.mainArguments(entry.params.length));
                if (args.size() != entry.params.length) {
                    throw new RuntimeTrap(RuntimeError.Kind.BAD_ENTRY, "function '" + entry.name + "' takes "
                            + entry.params.length + " parameters, given " + args.size() + " arguments");
                }
                args.forEach(a -> transfer.add(Target.Shape.INT, a, null));
                Instr.Return r = execute(enter(entry, null, 1));
                Vector<Value> values = Vector.range(0, transfer.count).map(i -> transfer.value(i, r.types[i]));
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
                return failed(RuntimeError.Kind.STACK_OVERFLOW, "expression nesting too deep for the JVM stack");
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
        private Frame enter(CompiledFunction callee, Frame caller, int depth) {
            if (depth > maxDepth) {
                throw new RuntimeTrap(RuntimeError.Kind.STACK_OVERFLOW,
                        "stack overflow: more than " + maxDepth + " active calls (calling '" + callee.name + "')");
            }
            if (callee.entryError != null) {
                where = Option.of(callee.where(0));
                throw callee.entryError;
            }
            Frame g = new Frame(callee, memory, caller, depth);
            Target[] params = callee.params;
            int n = transfer.count;
            for (int i = 0; i < params.length; i++) {
                Target p = params[i];
                long address = p.address(g);
                if (i < n) {
                    p.assign(g, address, transfer, i);
                } else {
                    p.assignZero(g, address);
                }
            }
            if (n > params.length) {
                g.variadics = machine.variadicArguments(callee.name,
                        Vector.range(params.length, n).map(i -> transfer.value(i, LirType.I64)));
            }
            return g;
        }

        /**
         * Runs from a freshly entered frame until that frame returns; its results are then in
         * {@link #transfer}. Calls to module functions push frames on the explicit stack.
         */
        private Instr.Return execute(Frame start) {
            Frame f = start;
            Instr[] code = f.function.code;
            int pc = 0;
            long steps = machine.steps() + f.function.prologueCost;
            try {
                for (;;) {
                    Instr in = code[pc];
                    steps += in.cost;
                    operations += in.operations;
                    if (steps > budget) {
                        machine.setSteps(steps);
                    }
                    switch (in.kind) {
                        case Instr.PLAIN -> pc = in.exec(f);
                        case Instr.CALL -> {
                            Instr.Call c = (Instr.Call) in;
                            CompiledFunction callee = c.direct;
                            LibraryFunction lib = c.library;
                            String libName = c.libraryName;
                            if (callee == null && lib == null) {
                                if (c.function != null) {
                                    String name = machine.functionAt(c.function.eval(f));
                                    callee = functions.get(name);
                                    libName = name;
                                }
                                if (callee == null) {
                                    lib = machine.libraryFunction(libName);
                                }
                            }
                            transfer.clear();
                            for (Source s : c.args) {
                                s.load(f, transfer);
                            }
                            if (callee != null) {
                                Frame g = enter(callee, f, f.depth + 1);
                                steps += callee.prologueCost;
                                f.resume = pc + 1;
                                f.pending = c;
                                f = g;
                                code = g.function.code;
                                pc = 0;
                            } else {
                                Vector<Value> values = Vector.range(0, transfer.count)
                                        .map(i -> transfer.value(i, c.argTypes[i]));
                                checkLibraryArguments(libName, values);
                                machine.setSteps(steps);
                                active = f;
                                Option<Value> result = lib.call(new LibraryCall(libName, values, machine, f.variadics));
                                steps = machine.steps();
                                transfer.clear();
                                result.forEach(transfer::add);
                                c.receive(f, transfer);
                                pc++;
                            }
                        }
                        default -> {
                            Instr.Return r = (Instr.Return) in;
                            transfer.clear();
                            for (Source s : r.results) {
                                s.load(f, transfer);
                            }
                            f.release();
                            if (f == start) {
                                machine.setSteps(steps);
                                return r;
                            }
                            f = f.caller;
                            code = f.function.code;
                            pc = f.resume;
                            Instr.Call c = f.pending;
                            f.pending = null;
                            c.receive(f, transfer);
                        }
                    }
                }
            } catch (RuntimeTrap | ProgramExit e) {
                machine.setStepsUnchecked(steps);
                if (where.isEmpty() && e instanceof RuntimeTrap && pc < code.length) {
                    where = Option.of(f.function.where(code[pc].site));
                }
                throw e;
            }
        }

        /**
         * C has no library function taking an {@code __int128} and no printf conversion for one, so an
         * I128 argument to the library (a variadic one, in practice) is an error rather than a silent
         * truncation.
         */
        private static void checkLibraryArguments(String name, Vector<Value> args) {
            for (int i = 0; i < args.size(); i++) {
                if (args.get(i).type().bits() == 128 && args.get(i) instanceof Value.Int) {
                    throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, name + ": argument " + (i + 1)
                            + " is an I128 (__int128), which no C library function takes and printf cannot print");
                }
            }
        }

        @Override
        public Option<Value> invoke(long function, Vector<Value> args) {
            String name = machine.functionAt(function);
            CompiledFunction callee = functions.get(name);
            if (callee == null) {
                return machine.libraryFunction(name).call(new LibraryCall(name, args, machine, 0));
            }
            Frame caller = active;
            transfer.clear();
            args.forEach(transfer::add);
            Instr.Return r = execute(enter(callee, null, caller == null ? 1 : caller.depth + 1));
            active = caller;
            return transfer.count == 0 ? Option.none() : Option.of(transfer.value(0, r.types[0]));
        }
    }
}
