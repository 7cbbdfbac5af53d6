package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Stmt;

/*
 * Iterative traversal and bottom-up rebuilding of LIR expression trees (LIR.md; trees may be
 * 10^6 deep, so no recursion on the caller's stack).
 */

/** The L-expressions inside statements, walked and rebuilt without recursion. */
public final class Statements {

    private Statements() {}

    /** The statement's top-level L-expressions, in order (labels of jumps included). */
    static Vector<LExp> expressions(Stmt stmt) {
        return switch (stmt) {
            case Stmt.Set s -> Vector.of(s.target(), s.value());
            case Stmt.Jump j -> Vector.of(j.target());
            case Stmt.JumpC j -> Vector.of(j.test(), j.ifTrue(), j.ifFalse());
            case Stmt.JumpN j -> Vector.<LExp>of(j.value())
                    .appendAll(j.cases().flatMap(c -> Vector.<LExp>of(c.value(), c.target())))
                    .append(j.otherwise());
            case Stmt.Call c -> Vector.of(c.function()).appendAll(c.args()).appendAll(c.receivers());
            case Stmt.Prologue p -> p.params();
            case Stmt.Epilogue e -> e.results();
            case Stmt.DefLabel d -> Vector.empty();
            case Stmt.Parallel p -> p.parts().flatMap(Statements::expressions);
            case Stmt.Use u -> u.registers();
            case Stmt.Clobber c -> c.registers();
            case Stmt.Line l -> Vector.empty();
            case Stmt.Phi p -> Vector.of(p.target()).appendAll(p.args().flatMap(
                    a -> Vector.<LExp>of(a.value(), a.predecessor())));
        };
    }

    /**
     * Pushes the statement's top-level L-expressions (labels of jumps included; a PARALLEL's, part after part) onto
     * {@code work}, in order, the last on top: what pushing {@link #expressions} does, without building the vector.
     */
    public static void pushExpressions(Stmt stmt, Deque<LExp> work) {
        switch (stmt) {
            case Stmt.Set s -> {
                work.push(s.target());
                work.push(s.value());
            }
            case Stmt.Jump j -> work.push(j.target());
            case Stmt.JumpC j -> {
                work.push(j.test());
                work.push(j.ifTrue());
                work.push(j.ifFalse());
            }
            case Stmt.JumpN j -> {
                work.push(j.value());
                j.cases().forEach(c -> {
                    work.push(c.value());
                    work.push(c.target());
                });
                work.push(j.otherwise());
            }
            case Stmt.Call c -> {
                work.push(c.function());
                c.args().forEach(work::push);
                c.receivers().forEach(work::push);
            }
            case Stmt.Prologue p -> p.params().forEach(work::push);
            case Stmt.Epilogue e -> e.results().forEach(work::push);
            case Stmt.Parallel p -> {
                ArrayDeque<Stmt> parts = new ArrayDeque<>();
                p.parts().forEach(parts::addLast);
                while (!parts.isEmpty()) {
                    Stmt part = parts.removeFirst();
                    if (part instanceof Stmt.Parallel nested) {
                        nested.parts().reverse().forEach(parts::addFirst);
                    } else {
                        pushExpressions(part, work);
                    }
                }
            }
            case Stmt.Use u -> u.registers().forEach(work::push);
            case Stmt.Clobber c -> c.registers().forEach(work::push);
            case Stmt.Phi p -> {
                work.push(p.target());
                p.args().forEach(a -> {
                    work.push(a.value());
                    work.push(a.predecessor());
                });
            }
            case Stmt.DefLabel d -> { }
            case Stmt.Line l -> { }
        }
    }

    /** Every node of the statement's trees (labels of jumps included), each tree's parents before children. */
    public static void forEachNode(Stmt stmt, Consumer<LExp> action) {
        ArrayDeque<LExp> stack = new ArrayDeque<>();
        Vector<LExp> roots = expressions(stmt);
        for (int r = roots.size() - 1; r >= 0; r--) {
            stack.push(roots.get(r));
        }
        while (!stack.isEmpty()) {
            LExp e = stack.pop();
            action.accept(e);
            switch (e) {
                case LExp.Subreg sub -> stack.push(sub.register());
                case LExp.Mem m -> stack.push(m.address());
                case LExp.Unary u -> stack.push(u.operand());
                case LExp.Binary b -> {
                    stack.push(b.right());
                    stack.push(b.left());
                }
                case LExp.If i -> {
                    stack.push(i.otherwise());
                    stack.push(i.then());
                    stack.push(i.condition());
                }
                default -> { }
            }
        }
    }

    /**
     * Rebuilds the tree bottom-up: every node gets its rewritten operands, then {@code rewrite} is
     * applied to it (so a rewrite sees already-rewritten children).
     */
    static LExp rewrite(LExp root, UnaryOperator<LExp> rewrite) {
        ArrayDeque<LExp> todo = new ArrayDeque<>();
        ArrayDeque<Boolean> expanded = new ArrayDeque<>();
        ArrayDeque<LExp> results = new ArrayDeque<>();
        todo.push(root);
        expanded.push(false);
        while (!todo.isEmpty()) {
            LExp e = todo.pop();
            boolean done = expanded.pop();
            Vector<LExp> operands = e.operands();
            if (!done && !operands.isEmpty()) {
                todo.push(e);
                expanded.push(true);
                for (int i = operands.size() - 1; i >= 0; i--) {
                    todo.push(operands.get(i));
                    expanded.push(false);
                }
                continue;
            }
            LExp[] children = new LExp[operands.size()];
            for (int i = children.length - 1; i >= 0; i--) {
                children[i] = results.pop();
            }
            results.push(rewrite.apply(withOperands(e, children)));
        }
        return results.pop();
    }

    /** The node with its operands replaced (the same node when nothing changed). */
    static LExp withOperands(LExp e, LExp[] ops) {
        Vector<LExp> old = e.operands();
        boolean same = true;
        for (int i = 0; i < ops.length; i++) {
            same &= old.get(i) == ops[i];
        }
        if (same) {
            return e;
        }
        return switch (e) {
            case LExp.Subreg s -> new LExp.Subreg(s.type(), ops[0], s.index());
            case LExp.Mem m -> new LExp.Mem(m.type(), ops[0], m.isVolatile(), m.noSafe(), m.align());
            case LExp.Binary b -> new LExp.Binary(b.op(), b.type(), ops[0], ops[1]);
            case LExp.Unary u -> new LExp.Unary(u.op(), u.type(), ops[0]);
            case LExp.If i -> new LExp.If(i.type(), ops[0], ops[1], ops[2]);
            default -> e;
        };
    }

    /** The statement with every top-level expression rewritten by {@link #rewrite}. */
    static Stmt rewriteAll(Stmt stmt, UnaryOperator<LExp> f) {
        UnaryOperator<LExp> r = e -> rewrite(e, f);
        return switch (stmt) {
            case Stmt.Set s -> new Stmt.Set(s.type(), r.apply(s.target()), r.apply(s.value()));
            case Stmt.Jump j -> j;
            case Stmt.JumpC j -> new Stmt.JumpC(r.apply(j.test()), j.ifTrue(), j.ifFalse());
            case Stmt.JumpN j -> new Stmt.JumpN(r.apply(j.value()), j.cases(), j.otherwise());
            case Stmt.Call c -> new Stmt.Call(r.apply(c.function()), c.args().map(r), c.receivers().map(r));
            case Stmt.Prologue p -> new Stmt.Prologue(p.frameSize(), p.savedSize(), p.params().map(r));
            case Stmt.Epilogue e -> new Stmt.Epilogue(e.frameSize(), e.savedSize(), e.results().map(r));
            case Stmt.DefLabel d -> d;
            case Stmt.Parallel p -> new Stmt.Parallel(p.parts().map(part -> rewriteAll(part, f)));
            case Stmt.Use u -> new Stmt.Use(u.registers().map(r));
            case Stmt.Clobber c -> new Stmt.Clobber(c.registers().map(r));
            case Stmt.Line l -> l;
            case Stmt.Phi p -> new Stmt.Phi(p.type(), r.apply(p.target()),
                    p.args().map(a -> new Stmt.PhiArg(r.apply(a.value()), a.predecessor())));
        };
    }
}
