package org.funssa.cps.opt;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.8.1 "Algorithm for Constructing SSA Graph from LIR", Figures 6.18–6.23: a node per value or
 * operation, labelled by the variable it defines, with an edge from each operation to the node of each operand.
 * The IR is already what Figure 6.23 back-translates to: let-normal form names every operation (the seed's
 * t0 ← y1·4), so a variable's node is its let's operation, and a load or a store is an operation on a memory token
 * and an address. What the seed does by hand is here by construction:
 *   - "the left-hand side and the right-hand side of assignment statements are treated as identical": a copy
 *     x = a gives x no node of its own, x names a's node;
 *   - "constants with the same value are placed in one set": one node per distinct constant (a float by its bits,
 *     so 0.0 and −0.0 are two);
 *   - "φ-functions in different blocks are handled as separate functions": a parameter of a local function is a
 *     φ node whose operator is its block, with an operand per jump to the block, in one order for all the block's
 *     parameters (Figure 6.19's φ nodes);
 *   - an operation whose value is not a function of its operands is a node of its own operator, equal to nothing
 *     else: the function's own parameters, stores and calls (they make a new memory, and a call may do anything),
 *     volatile loads, ψs and predicated lets (seed 000: their value depends on which guards held), aggregates, and
 *     each occurrence of ⊥ (two ⊥ are not known to be one value).
 * Nodes are numbered: node v is the variable numbered v (a copy's is unused, NONE its operator), constants and ⊥s
 * come after.
 * Building is linear in the function: two walks of the nest, a hash lookup per operation and constant.
 */

/**
 * The SSA graph of a function (seed 004 §6.8.1): for each node its operator, numbered so that nodes that may be
 * equal share one (the initial partition of §6.8.2), and its operands, nodes in order.
 */
final class SsaGraph {

    /** What a node computes up to its operands; equal operators on congruent operands are equal values. */
    private sealed interface Operator {
        /** A LIR operator: arithmetic, comparison, conversion. */
        record Primitive(Op op, Type.Data type) implements Operator {}

        /** LIR's {@code IF}. */
        record Choice(Type.Data type) implements Operator {}

        /** A load: its operands are the memory token and the address. */
        record Reading(Type.Data type) implements Operator {}

        /** A φ: a parameter of the local function at nest node {@code block}. */
        record Phi(int block, Type type) implements Operator {}

        /** An integer constant or an address. */
        record Constant(Atom value) implements Operator {}

        /** A floating-point constant, by its bits. */
        record FloatConstant(Type.Data type, long bits) implements Operator {}
    }

    /** The operator of a node that names no value: that of a number no variable has, or of a copy's variable. */
    static final int NONE = -1;

    private final Nest nest;
    private final int variables;
    /** By variable number: the node that names its value. */
    private final int[] nodeOf;
    /** By node: its operator's number. */
    private int[] operator;
    /** By node: the constant it is, or null for the other nodes. */
    private Atom[] constant;
    private int nodeCount;
    private int operatorCount;
    private final Map<Operator, Integer> operators = new HashMap<>();
    private final Map<Operator, Integer> constants = new HashMap<>();
    /** By variable number: the operation its let computes when it is a node with operands, or null. */
    private final Expr[] operation;
    /** By variable number: the nest node of which it is a φ parameter, or −1; and its position there. */
    private final int[] phiBlock;
    private final int[] phiIndex;
    /** The jumps to each nest node: {@code incoming[incomingStart[b]] … incoming[incomingStart[b + 1] − 1]}. */
    private final int[] incomingStart;
    private final Tail.Jump[] incoming;
    /** Node v's operands (v a variable's node): {@code operands[operandStart[v]] … [operandStart[v + 1] − 1]}. */
    private final int[] operandStart;
    private int[] operands;

    private SsaGraph(Nest nest) {
        this.nest = nest;
        variables = nest.function().varCount();
        nodeOf = new int[variables];
        Arrays.fill(nodeOf, -1);
        operator = new int[Math.max(16, variables * 2)];
        Arrays.fill(operator, 0, variables, NONE);
        constant = new Atom[operator.length];
        nodeCount = variables;
        operation = new Expr[variables];
        phiBlock = new int[variables];
        Arrays.fill(phiBlock, -1);
        phiIndex = new int[variables];
        incomingStart = new int[nest.size() + 1];
        for (int node = 0; node < nest.size(); node++) {
            for (int k = 0; k < nest.jumpCount(node); k++) {
                incomingStart[nest.target(node, k) + 1]++;
            }
        }
        for (int node = 0; node < nest.size(); node++) {
            incomingStart[node + 1] += incomingStart[node];
        }
        incoming = new Tail.Jump[incomingStart[nest.size()]];
        int[] fill = Arrays.copyOf(incomingStart, nest.size());
        for (int node = 0; node < nest.size(); node++) {
            Tail tail = nest.body(node).tail();
            for (int k = 0; k < nest.jumpCount(node); k++) {
                incoming[fill[nest.target(node, k)]++] = tail.jump(k);
            }
        }
        operandStart = new int[variables + 1];
        operands = new int[16];
    }

    /** The SSA graph of the nest's function, which must be well formed (every jump has a target). */
    static SsaGraph of(Nest nest) {
        SsaGraph graph = new SsaGraph(nest);
        graph.defineNodes();
        graph.connectOperands();
        return graph;
    }

    /** How many nodes there are. */
    int size() {
        return nodeCount;
    }

    /** How many operators there are: each node's is one of {@code 0 … operatorCount() − 1}. */
    int operatorCount() {
        return operatorCount;
    }

    /** The number of the node's operator, or {@link #NONE} for a node that names no value. */
    int operator(int node) {
        return operator[node];
    }

    /** How many operands the node has. */
    int operandCount(int node) {
        return node < variables ? operandStart[node + 1] - operandStart[node] : 0;
    }

    /** Operand {@code m} of the node, from 0. */
    int operand(int node, int m) {
        return operands[operandStart[node] + m];
    }

    /** The node that names the variable's value. */
    int node(Atom.Var var) {
        return nodeOf[var.id()];
    }

    /** Whether the node is a constant. */
    boolean isConstant(int node) {
        return constant[node] != null;
    }

    /** The constant the node is; only for a node that {@link #isConstant is one}. */
    Atom constant(int node) {
        if (constant[node] == null) {
            throw new IllegalArgumentException("node " + node + " is not a constant");
        }
        return constant[node];
    }

    /** The first walk, in preorder (a variable's definition before its uses): each variable's node and operator. */
    private void defineNodes() {
        for (int node = 0; node < nest.size(); node++) {
            var params = nest.params(node);
            for (int i = 0; i < params.size(); i++) {
                Atom.Var p = params.get(i);
                if (node == Nest.ROOT || !(p.type() instanceof Type.Mem || scalar(p.type()))) {
                    define(p, unique());
                } else {
                    define(p, operator(new Operator.Phi(node, p.type())));
                    phiBlock[p.id()] = node;
                    phiIndex[p.id()] = i;
                }
            }
            Body body = nest.body(node);
            for (int i = 0, n = body.lets().size(); i < n; i++) {
                Let let = body.lets().get(i);
                Operator op = let.arity() == 1 && !let.isGuarded() ? operatorOf(let.expr()) : null;
                if (op != null) {
                    define(let.var(0), operator(op));
                    operation[let.var(0).id()] = let.expr();
                } else if (let.expr() instanceof Expr.Copy(Atom value) && !let.isGuarded()) {
                    nodeOf[let.var(0).id()] = nodeOf(value);
                } else {
                    for (int k = 0; k < let.arity(); k++) {
                        define(let.var(k), unique());
                    }
                }
            }
        }
    }

    /** The second walk, by variable number: the operands of each operation and φ. */
    private void connectOperands() {
        int count = 0;
        for (int v = 0; v < variables; v++) {
            operandStart[v] = count;
            Expr e = operation[v];
            if (e != null) {
                for (int m = 0, n = e.operandCount(); m < n; m++) {
                    count = add(count, nodeOf(e.operand(m)));
                }
            } else if (phiBlock[v] >= 0) {
                for (int j = incomingStart[phiBlock[v]]; j < incomingStart[phiBlock[v] + 1]; j++) {
                    count = add(count, nodeOf(incoming[j].args().get(phiIndex[v])));
                }
            }
        }
        operandStart[variables] = count;
    }

    private int add(int count, int node) {
        if (count == operands.length) {
            operands = Arrays.copyOf(operands, count * 2);
        }
        operands[count] = node;
        return count + 1;
    }

    /** The operator of a let's expression when its value is a function of its operands alone, or null. */
    private static Operator operatorOf(Expr e) {
        return switch (e) {
            case Expr.Prim p when scalar(p.type()) -> new Operator.Primitive(p.op(), p.type());
            case Expr.Select s when scalar(s.type()) -> new Operator.Choice(s.type());
            case Expr.Load l when scalar(l.type()) && !l.access().isVolatile() -> new Operator.Reading(l.type());
            case Expr.Prim p -> null;
            case Expr.Select s -> null;
            case Expr.Load l -> null;
            case Expr.Copy c -> null;
            case Expr.Store s -> null;
            case Expr.Call c -> null;
            case Expr.Psi p -> null;
        };
    }

    private static boolean scalar(Type type) {
        return type.isInteger() || type.isFloat();
    }

    private void define(Atom.Var var, int op) {
        nodeOf[var.id()] = var.id();
        operator[var.id()] = op;
    }

    /** The node of an operand: a variable's node, the constant's, or a new node for this ⊥. */
    private int nodeOf(Atom atom) {
        return switch (atom) {
            case Atom.Var v -> nodeOf[v.id()];
            case Atom.IntLit i -> constantNode(new Operator.Constant(i), i);
            case Atom.Addr a -> constantNode(new Operator.Constant(a), a);
            case Atom.FloatLit f -> constantNode(new Operator.FloatConstant(f.type(),
                    Double.doubleToRawLongBits(f.value())), f);
            case Atom.Undef u -> newNode(unique(), null);
        };
    }

    private int constantNode(Operator key, Atom value) {
        Integer node = constants.get(key);
        if (node == null) {
            node = newNode(unique(), value);
            constants.put(key, node);
        }
        return node;
    }

    private int newNode(int op, Atom value) {
        if (nodeCount == operator.length) {
            operator = Arrays.copyOf(operator, nodeCount * 2);
            constant = Arrays.copyOf(constant, nodeCount * 2);
        }
        operator[nodeCount] = op;
        constant[nodeCount] = value;
        return nodeCount++;
    }

    private int operator(Operator op) {
        Integer number = operators.get(op);
        if (number == null) {
            number = operatorCount++;
            operators.put(op, number);
        }
        return number;
    }

    private int unique() {
        return operatorCount++;
    }
}
