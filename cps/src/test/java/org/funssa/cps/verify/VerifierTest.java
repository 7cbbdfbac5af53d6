package org.funssa.cps.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/** One broken program per rule: the verifier names exactly that rule, at exactly that place. */
class VerifierTest {

    private static Vector<Violation> verify(String text) {
        return Verifier.verify(IrParser.parseFunction("v.ir", text));
    }

    private static void reports(String text, Rule rule, Vector<String> path, Place.Position position) {
        Vector<Violation> violations = verify(text);
        assertThat(violations).as(violations.mkString("\n")).hasSize(1);
        Violation v = violations.get(0);
        assertThat(v.rule()).isEqualTo(rule);
        assertThat(v.place()).isEqualTo(new Place("f", path.map(Label::new), position));
    }

    @Test
    void wellFormedFunctionHasNoViolations() {
        assertThat(verify("""
                fun f(x: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 x 0
                  letrec A() =
                    let m1 = store.i32 m @g x
                    jump B(m1)
                  and B(mm: mem) =
                    let y = load.i32 mm @g
                    return (y, mm)
                  in if c then A() else B(m)
                """)).isEmpty();
    }

    @Test
    void unboundVariable() {
        Function f = new Function("f", Vector.empty(), Vector.empty(), Vector.of(Type.I32),
                Body.of(Vector.empty(), new Tail.Return(Vector.of(new Atom.Var(0, "ghost", Type.I32)))), 1);
        Vector<Violation> violations = Verifier.verify(f);
        assertThat(violations).extracting(Violation::rule).containsExactly(Rule.UNBOUND_VARIABLE);
        assertThat(violations.get(0).place()).isEqualTo(new Place("f", Vector.empty(), new Place.TailOf()));
    }

    @Test
    void reboundVariable() {
        reports("""
                fun f(x: i32) -> (i32) =
                  let y = 1
                  letrec L() =
                    let z = 2
                    let y = 3
                    return (y)
                  in jump L()
                """, Rule.REBOUND_VARIABLE, Vector.of("L"), new Place.LetAt(1));
    }

    @Test
    void siblingVariableIsOutOfScope() {
        reports("""
                fun f(c: i32) -> (i32) =
                  letrec A() =
                    let a = 1
                    jump B()
                  and B() =
                    return (a)
                  in if c then A() else B()
                """, Rule.OUT_OF_SCOPE, Vector.of("B"), new Place.TailOf());
    }

    @Test
    void nestedLabelIsOutOfScopeForTheParent() {
        reports("""
                fun f(c: i32) -> () =
                  letrec A() =
                    letrec Inner() =
                      return ()
                    in jump Inner()
                  in if c then A() else Inner()
                """, Rule.OUT_OF_SCOPE, Vector.empty(), new Place.TailOf());
    }

    @Test
    void unknownLabel() {
        reports("""
                fun f() -> () =
                  jump Nowhere()
                """, Rule.UNKNOWN_LABEL, Vector.empty(), new Place.TailOf());
    }

    @Test
    void duplicateLabel() {
        Vector<Violation> violations = verify("""
                fun f(c: i32) -> () =
                  letrec L() =
                    return ()
                  and L() =
                    return ()
                  in if c then L() else L()
                """);
        assertThat(violations).extracting(Violation::rule).contains(Rule.DUPLICATE_LABEL);
    }

    @Test
    void jumpArity() {
        reports("""
                fun f() -> () =
                  letrec L(a: i32, b: i32) =
                    return ()
                  in jump L(1)
                """, Rule.ARITY_MISMATCH, Vector.empty(), new Place.TailOf());
    }

    @Test
    void jumpArgumentType() {
        reports("""
                fun f() -> () =
                  letrec L(a: i32) =
                    return ()
                  in jump L(1:i64)
                """, Rule.TYPE_MISMATCH, Vector.empty(), new Place.TailOf());
    }

    @Test
    void returnArity() {
        reports("""
                fun f(x: i32) -> (i32, i32) =
                  return (x)
                """, Rule.ARITY_MISMATCH, Vector.empty(), new Place.TailOf());
    }

    @Test
    void operandTypeFollowsTheLirRules() {
        reports("""
                fun f(x: i32, y: i64) -> () =
                  let z = add.i32 x y
                  return ()
                """, Rule.TYPE_MISMATCH, Vector.empty(), new Place.LetAt(0));
    }

    @Test
    void letArity() {
        reports("""
                fun f(x: i32) -> () =
                  let a, b: i32 = add.i32 x x
                  return ()
                """, Rule.ARITY_MISMATCH, Vector.empty(), new Place.LetAt(0));
    }

    @Test
    void branchOnFloat() {
        reports("""
                fun f(x: f64) -> () =
                  letrec A() =
                    return ()
                  in if x then A() else A()
                """, Rule.NON_INTEGER_CONDITION, Vector.empty(), new Place.TailOf());
    }

    @Test
    void selectOnMemory() {
        reports("""
                fun f(m: mem) -> () =
                  let x = select.i32 m 1 2
                  return ()
                """, Rule.NON_INTEGER_CONDITION, Vector.empty(), new Place.LetAt(0));
    }

    @Test
    void duplicateCase() {
        reports("""
                fun f(x: i32) -> () =
                  letrec A() =
                    return ()
                  in switch x
                    case 1 -> A()
                    case 1 -> A()
                    default -> A()
                """, Rule.DUPLICATE_CASE, Vector.empty(), new Place.TailOf());
    }

    @Test
    void tokenStoredTwice() {
        reports("""
                fun f(m: mem) -> (mem) =
                  let m1 = store.i32 m @g 1
                  let m2 = store.i32 m @g 2
                  return (m2)
                """, Rule.MEMORY_TOKEN_REUSED, Vector.empty(), new Place.LetAt(1));
    }

    @Test
    void tokenLoadedAfterCallInANestedBlock() {
        reports("""
                fun f(m: mem) -> (i32, mem) =
                  let r, m1 = call.i32 @h() m
                  letrec L() =
                    let x = load.i32 m @g
                    return (x, m1)
                  in jump L()
                """, Rule.MEMORY_TOKEN_REUSED, Vector.of("L"), new Place.LetAt(0));
    }

    @Test
    void tokenLoadedManyTimesAndConsumedInEachArmIsFine() {
        assertThat(verify("""
                fun f(c: i32, m: mem) -> (mem) =
                  let a = load.i32 m @g
                  let b = load.i32 m @h
                  letrec A() =
                    let m1 = store.i32 m @g b
                    return (m1)
                  and B() =
                    let m2 = store.i32 m @h a
                    return (m2)
                  in if c then A() else B()
                """)).isEmpty();
    }

    @Test
    void unreachableLocalFunction() {
        reports("""
                fun f() -> () =
                  letrec A() =
                    return ()
                  and Dead() =
                    jump A()
                  in jump A()
                """, Rule.UNREACHABLE_LOCAL_FUNCTION, Vector.of("Dead"), new Place.Params());
    }

    @Test
    void functionsReachedOnlyThroughSiblingsAreReachable() {
        assertThat(verify("""
                fun f() -> () =
                  letrec A() =
                    letrec Inner() =
                      jump B()
                    in jump Inner()
                  and B() =
                    return ()
                  in jump A()
                """)).isEmpty();
    }

    @Test
    void violationsPrintTheirPlace() {
        assertThat(verify("""
                fun f() -> () =
                  jump Nowhere()
                """).get(0).toString()).isEqualTo("f, tail: UNKNOWN_LABEL: no local function Nowhere in f");
    }
}
