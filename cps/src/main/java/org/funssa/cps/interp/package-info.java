/**
 * Executes the functional IR with the LIR interpreter's semantics (issue 3):
 * {@link org.funssa.cps.interp.IrInterpreter} runs a {@link org.funssa.cps.ir.Program} on core's
 * {@link org.funssa.core.interp.Machine} and returns core's {@link org.funssa.core.interp.RunResult}.
 *
 * <h2>Semantics</h2>
 * <ul>
 *   <li><b>Lets</b> evaluate in order; operators are {@link org.funssa.core.interp.Arith}'s (x86_64: wrapping
 *       integers, trapping division by zero and {@code MIN / -1}, masked shifts, F32 rounded after every
 *       operation). I128 values are {@code UNSUPPORTED}, as in the LIR interpreter.</li>
 *   <li><b>Jumps</b> bind the target's parameters in parallel: every argument is read before any parameter
 *       is written ({@code L(x, y)} called as {@code L(y, x)} swaps). A branch tests its integer condition
 *       against 0; a switch takes the case equal to its value (compared at the value's width), else the
 *       default. A local function sees the parameters and lets of every body it is nested in: each variable
 *       has one slot per call, which a jump leaves in place.</li>
 *   <li><b>Memory.</b> There is one machine memory; a memory token stands for its current state and holds no
 *       value. Loads, stores and calls act on the machine memory in execution order (the verifier checks that
 *       tokens are used linearly, which makes that order the meaning). {@code $sym} is the address of a FRAME
 *       symbol in the call's frame, laid out as the LIR interpreter lays it out
 *       ({@link org.funssa.core.interp.FrameLayout}); {@code @sym} is a static address of the machine.</li>
 *   <li><b>Calls.</b> A call of {@code @f} runs the program's function {@code f}, or the library function
 *       {@code f} when the program does not define it; a call through any other value calls the function
 *       at that address. The data arguments bind the callee's data parameters in order (its memory
 *       parameter takes none), converted as a C prototype converts them; a missing argument is 0; extra
 *       arguments go to the callee's variadic area ({@code va_start}). The callee's returned data values
 *       bind the call's results, converted to their types; a result not returned is 0. All as the LIR
 *       interpreter's {@code CALL}/{@code PROLOGUE}/{@code EPILOGUE}.</li>
 *   <li><b>⊥</b> ({@code undef.t}) executes as the value a LIR register holds before any assignment: 0 of its
 *       type (0, 0.0, an aggregate of zero bytes). The IR gets ⊥ exactly where the LIR program reads a register
 *       (or promoted frame slot, which is zeroed memory) before any definition, so a C program that reads an
 *       uninitialised local prints under the IR interpreter what it prints under the LIR interpreter. This is
 *       the <em>execution</em> rule only: an optimization may still replace ⊥ by any value of its type and
 *       must never assume it is 0 (seed 004 §6.6: {@code 8 / ⊥} must not be folded to a division by zero). A
 *       program whose output depends on the value of a ⊥ is therefore compared across optimizations only up
 *       to that freedom.</li>
 * </ul>
 *
 * <h2>Operations (the step count)</h2>
 * A let counts one plus one per data operand (memory tokens are not counted); a tail counts one plus one
 * per data operand of the tail (condition, switch value, all jump arguments, returned values); entering a
 * function counts one plus one per data parameter. Library functions count what the machine makes them
 * count. The budget is the machine's ({@link org.funssa.core.interp.MachineOptions#stepBudget()}); IR
 * counts are not LIR counts, but are of the same order for the same program.
 *
 * <h2>Executed operations</h2>
 * {@link org.funssa.core.interp.RunResult#operations()} counts what an optimizer removes, defined as the LIR
 * interpreter defines it ({@link org.funssa.core.interp.LirInterpreter}): an operator applied, a copy, a load, a
 * store, a call, a jump, a branch, a switch or a return. Here that is one per let and one per tail executed,
 * whatever their operands: a jump binds its target's parameters as part of itself (destruction turns those
 * bindings into copies, which the LIR then counts), and entering a function counts none. A call counts one,
 * and the callee's own lets and tails count when they execute; a library function's work counts none.
 *
 * <h2>Errors</h2>
 * A runtime error's {@link org.funssa.core.interp.RuntimeError.Where} names the function, the local function
 * whose body was executing (none for the function's own body) and the index in that body: a let's index
 * from 0, the tail's index being the number of lets. A construct that cannot be executed (an unbound
 * variable, an unknown label, an arity mismatch, an I128 value) fails when reached, not when compiled.
 */
package org.funssa.cps.interp;
