package org.funssa.cps.testkit;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.verify.Verifier;

/*
 * Greedy test-case reduction in the manner of delta debugging (Zeller and Hildebrandt, "Simplifying and
 * Isolating Failure-Inducing Input", IEEE TSE 2002) and of C-Reduce's transformation passes (Regehr et al.,
 * "Test-Case Reduction for C Compiler Bugs", PLDI 2012): try candidate simplifications one at a time, keep
 * the first one that is still interesting, start again from it, stop at a fixpoint or when the attempts run
 * out. Candidates here are the IR's own reductions, largest first; every one must pass the verifier.
 */

/**
 * Shrinks a program to a small one that still satisfies a predicate (issue 5): drops functions, turns
 * branches and switches into jumps, drops local functions, lets and parameters, and replaces expressions
 * and constants by zeros. Every candidate passes the verifier before the predicate sees it. The result is
 * a fixpoint (no single candidate is interesting) unless the attempts ran out.
 */
public final class Reducer {

    /**
     * The result of a reduction.
     *
     * @param program  the smallest interesting program found
     * @param attempts candidates tried (verified or not)
     * @param accepted candidates kept
     */
    public record Reduction(Program program, int attempts, int accepted) {}

    /** How many candidates {@link #reduce(Program, Predicate)} tries at most. */
    public static final int DEFAULT_ATTEMPTS = 5000;

    private Reducer() {}

    /** {@link #reduce(Program, Predicate, int)} with {@link #DEFAULT_ATTEMPTS}. */
    public static Reduction reduce(Program program, Predicate<Program> interesting) {
        return reduce(program, interesting, DEFAULT_ATTEMPTS);
    }

    /**
     * A program that satisfies {@code interesting}, reached from {@code program} (which should satisfy it)
     * by verified simplifications, trying at most {@code maxAttempts} candidates.
     */
    public static Reduction reduce(Program program, Predicate<Program> interesting, int maxAttempts) {
        Program current = program;
        int attempts = 0;
        int accepted = 0;
        int start = 0;
        // Each round starts where the last candidate was accepted, so failed candidates before it are not
        // all retried after every success; a round that wraps around without success is a fixpoint.
        while (attempts < maxAttempts) {
            Vector<Supplier<Program>> candidates = Vector.ofAll(candidates(current));
            boolean progress = false;
            for (int k = 0; k < candidates.size() && attempts < maxAttempts; k++) {
                int index = (start + k) % candidates.size();
                Program candidate = candidates.get(index).get();
                attempts++;
                if (Verifier.verify(candidate).isEmpty() && interesting.test(candidate)) {
                    current = candidate;
                    accepted++;
                    start = index;
                    progress = true;
                    break;
                }
            }
            if (!progress) {
                break;
            }
        }
        return new Reduction(current, attempts, accepted);
    }

    /** Every single-step simplification of the program, largest first, computed lazily. */
    static Stream<Supplier<Program>> candidates(Program p) {
        Stream<Supplier<Program>> dropFunctions = p.functions().size() < 2 ? Stream.empty()
                : IntStream.range(0, p.functions().size()).mapToObj(i -> () -> with(p, p.functions().removeAt(i)));
        Stream<Supplier<Program>> edits = Stream.<java.util.function.Function<Function, Stream<Supplier<Function>>>>of(
                        Reducer::dropSymbols, Reducer::branchesToJumps, Reducer::tailsToReturns, Reducer::mergeJumps, Reducer::dropLocalFunctions, Reducer::dropLets,
                        Reducer::dropParameters, Reducer::zeroExpressions, Reducer::zeroConstants)
                .flatMap(edit -> IntStream.range(0, p.functions().size()).boxed().flatMap(i ->
                        edit.apply(p.functions().get(i)).map(f -> () -> with(p, p.functions().update(i, f.get())))));
        return Stream.concat(dropFunctions, edits);
    }

    private static Program with(Program p, Vector<Function> functions) {
        return p.withFunctions(functions);
    }

    /** The function with body {@code id} (preorder) replaced by {@code change.apply(it)}. */
    private static Function editBody(Function f, int id, java.util.function.UnaryOperator<Body> change) {
        return FunctionEdit.mapBodies(f, (n, b) -> n == id ? change.apply(b) : b);
    }

    /** Each branch or switch replaced by one of its jumps. */
    private static Stream<Supplier<Function>> branchesToJumps(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        return IntStream.range(0, bodies.size()).boxed().flatMap(id -> {
            Tail tail = bodies.get(id).tail();
            Vector<Tail.Jump> jumps = tail instanceof Tail.Jump ? Vector.empty() : tail.jumps().distinct();
            return jumps.toJavaStream().map(j -> () -> FunctionEdit.pruneUnreachable(editBody(f, id, b -> b.withTail(j))));
        });
    }

    /** The function's symbols reduced to the frame slots its addresses name (registers are not needed to run). */
    private static Stream<Supplier<Function>> dropSymbols(Function f) {
        java.util.Set<String> frame = new java.util.HashSet<>();
        for (Body b : FunctionEdit.bodies(f)) {
            FunctionEdit.substitute(f.withBody(Body.of(b.lets(), b.tail())), a -> {
                        if (a instanceof Atom.Addr addr && addr.space() == Atom.Space.FRAME) {
                            frame.add(addr.symbol());
                        }
                        return a;
                    }, j -> j);
        }
        Vector<org.funssa.core.lir.Symbol> kept = f.symbols().filter(s -> frame.contains(s.name()));
        return kept.size() == f.symbols().size() ? Stream.empty()
                : Stream.of(() -> f.withSymbols(kept));
    }

    /**
     * Each tail replaced by a return of zeros and a memory token (one of the function's, or the last one
     * the body binds), then the blocks no longer reached dropped: this ends loops.
     */
    private static Stream<Supplier<Function>> tailsToReturns(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        Vector<Atom> tokens = Vector.<Atom>narrow(f.params().filter(p -> p.type() instanceof Type.Mem));
        return IntStream.range(0, bodies.size()).boxed().flatMap(id -> {
            Body body = bodies.get(id);
            if (body.tail() instanceof Tail.Return) {
                return Stream.empty();
            }
            Vector<Atom> mems = body.lets().flatMap(Let::vars).filter(v -> v.type() instanceof Type.Mem)
                    .<Atom>map(v -> v).takeRight(1).appendAll(tokens);
            return mems.toJavaStream().map(m -> () -> FunctionEdit.pruneUnreachable(editBody(f, id, b -> b.withTail(
                    new Tail.Return(f.results().map(t -> FunctionEdit.zero(t).getOrElse(m)))))));
        });
    }

    /**
     * Each jump from a body to one of its own local functions merged into it: the callee's parameters become
     * copies of the arguments, its lets, local functions and tail those of the body (valid when nothing else
     * jumps to the callee).
     */
    private static Stream<Supplier<Function>> mergeJumps(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        return IntStream.range(0, bodies.size()).boxed().flatMap(id -> {
            Body body = bodies.get(id);
            if (!(body.tail() instanceof Tail.Jump jump)) {
                return Stream.empty();
            }
            return body.functions().find(fn -> fn.label().equals(jump.target())).toJavaStream()
                    .filter(callee -> callee.params().size() == jump.args().size())
                    .map(callee -> () -> editBody(f, id, b -> new Body(b.lets()
                            .appendAll(callee.params().zipWith(jump.args(), (p, a) -> Let.of(p, new Expr.Copy(a))))
                            .appendAll(callee.body().lets()),
                            b.functions().remove(callee).appendAll(callee.body().functions()), callee.body().tail())));
        });
    }

    /** Each local function removed (valid only once nothing jumps to it). */
    private static Stream<Supplier<Function>> dropLocalFunctions(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        return IntStream.range(0, bodies.size()).boxed().flatMap(id -> IntStream
                .range(0, bodies.get(id).functions().size())
                .mapToObj(i -> () -> editBody(f, id, b -> b.withFunctions(b.functions().removeAt(i)))));
    }

    /**
     * Each let removed, its variables replaced by the atom it copies, else its data variables by zeros and
     * its memory token by the token it consumed.
     */
    private static Stream<Supplier<Function>> dropLets(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        return IntStream.range(0, bodies.size()).boxed().flatMap(id -> IntStream
                .range(0, bodies.get(id).lets().size()).boxed().flatMap(i -> {
                    Let let = bodies.get(id).lets().get(i);
                    Option<Atom> consumed = switch (let.expr()) {
                        case Expr.Store s -> Option.of(s.mem());
                        case Expr.Call c -> Option.of(c.mem());
                        default -> Option.none();
                    };
                    Option<Atom> copied = let.expr() instanceof Expr.Copy c ? Option.of(c.value()) : Option.none();
                    java.util.Map<Atom, Atom> replacement = new java.util.HashMap<>();
                    for (Atom.Var v : let.vars()) {
                        Option<Atom> by = copied.orElse(v.type() instanceof Type.Mem ? consumed
                                : FunctionEdit.zero(v.type()));
                        if (by.isEmpty()) {
                            return Stream.empty();
                        }
                        replacement.put(v, by.get());
                    }
                    return Stream.of(() -> FunctionEdit.substitute(editBody(f, id, b -> b.withLets(b.lets().removeAt(i))),
                            a -> replacement.getOrDefault(a, a), j -> j));
                }));
    }

    /** Each data parameter of each local function removed, with its argument at every jump, and replaced by zero. */
    private static Stream<Supplier<Function>> dropParameters(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        return bodies.toJavaStream().flatMap(body -> body.functions().toJavaStream()).flatMap(fn -> IntStream
                .range(0, fn.params().size())
                .filter(k -> !(fn.params().get(k).type() instanceof Type.Mem))
                .mapToObj(k -> () -> dropParameter(f, fn.label(), k, fn.params().get(k))));
    }

    private static Function dropParameter(Function f, Label label, int k, Atom.Var param) {
        Atom zero = FunctionEdit.zero(param.type()).get();
        Function unparameterised = FunctionEdit.mapBodies(f, (n, b) -> b.withFunctions(b.functions().map(
                fn -> fn.label().equals(label) ? fn.withParams(fn.params().removeAt(k)) : fn)));
        return FunctionEdit.substitute(unparameterised, a -> a.equals(param) ? zero : a,
                j -> j.target().equals(label) && j.args().size() > k ? new Tail.Jump(label, j.args().removeAt(k)) : j);
    }

    /** Each expression with one data result replaced by the zero of its type. */
    private static Stream<Supplier<Function>> zeroExpressions(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        return IntStream.range(0, bodies.size()).boxed().flatMap(id -> IntStream
                .range(0, bodies.get(id).lets().size()).boxed().flatMap(i -> {
                    Let let = bodies.get(id).lets().get(i);
                    if (let.vars().size() != 1 || let.expr() instanceof Expr.Copy c && !(c.value() instanceof Atom.Var)) {
                        return Stream.empty();
                    }
                    return FunctionEdit.zero(let.vars().get(0).type()).toJavaStream().map(zero -> () -> editBody(f, id,
                            b -> b.withLets(b.lets().update(i, Let.of(let.vars().get(0), new Expr.Copy(zero))))));
                }));
    }

    /** Each body's non-zero integer and float constants replaced by zeros, one body at a time. */
    private static Stream<Supplier<Function>> zeroConstants(Function f) {
        Vector<Body> bodies = FunctionEdit.bodies(f);
        java.util.function.UnaryOperator<Atom> zeroed = a -> switch (a) {
            case Atom.IntLit i when i.value().signum() != 0 -> Atom.IntLit.of(i.type(), 0);
            case Atom.FloatLit x when x.value() != 0.0 -> new Atom.FloatLit(x.type(), 0.0);
            default -> a;
        };
        return IntStream.range(0, bodies.size()).boxed().flatMap(id -> {
            Body b = bodies.get(id);
            Body z = FunctionEdit.substitute(b, zeroed, j -> j);
            return z.equals(b) ? Stream.empty() : Stream.of(() -> editBody(f, id, ignored -> z));
        });
    }
}
