package org.funssa.cps.text;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Bad text is rejected with the place and what was expected. */
class ParserErrorTest {

    private static final String HEADER = "(MODULE \"e\"\n  (SYMTAB))\n\n";

    private static void rejects(String body, String message) {
        assertThatThrownBy(() -> IrParser.parse("e.ir", HEADER + body))
                .isInstanceOf(IrSyntaxError.class).hasMessage(message);
    }

    @Test
    void unknownVariable() {
        rejects("fun f() -> (i32) =\n  return (y)\n", "e.ir:5:11: expected a variable bound earlier in the function, found y");
    }

    @Test
    void missingTail() {
        rejects("fun f() -> () =\n  let x = 1\n", "e.ir:6:1: expected 'let', 'letrec' or a tail (jump, if, switch, "
                + "return), found end of input");
    }

    @Test
    void badType() {
        rejects("fun f(x: i33) -> () =\n  return ()\n", "e.ir:4:10: expected a type (i8…i128, f32…f128, a<bits>, "
                + "mem), found 'i33'");
    }

    @Test
    void badOperatorType() {
        rejects("fun f(x: i32) -> () =\n  let y = add.q32 x x\n  return ()\n",
                "e.ir:5:11: expected a value type (i8…i128, f32…f128, a<bits>) after '.', found 'q32' in 'add.q32'");
    }

    @Test
    void letrecWithoutIn() {
        rejects("fun f() -> () =\n  letrec L() =\n    return ()\n  jump L()\n",
                "e.ir:7:3: expected 'in', found 'jump'");
    }

    @Test
    void errorsInTheLirHeaderKeepTheirPosition() {
        assertThatThrownBy(() -> IrParser.parse("e.ir", "(MODULE \"e\"\n  (SYMTAB\n    (\"x\" STATK I32 4 \"d\" LDEF)))\n"))
                .isInstanceOf(IrSyntaxError.class).hasMessageStartingWith("e.ir:3:10: expected STATIC, FRAME or REG");
    }

    @Test
    void errorsInAFunctionSymtabKeepTheirPosition() {
        assertThatThrownBy(() -> IrParser.parse("e.ir", HEADER + "fun f() -> ()\n  (SYMTAB (\"x\" FRAME I32 4 q)) =\n"
                + "  return ()\n")).isInstanceOf(IrSyntaxError.class).hasMessageStartingWith("e.ir:5:28: expected a frame offset");
    }

    @Test
    void unterminatedLirForm() {
        rejects("fun f() -> ()\n  (SYMTAB (\"x\" FRAME I32 4 0) =\n  return ()\n",
                "e.ir:7:1: expected ')' closing the LIR form opened at 5:3, found end of input");
    }
}
