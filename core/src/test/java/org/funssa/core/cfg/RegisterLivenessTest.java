package org.funssa.core.cfg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.junit.jupiter.api.Test;

class RegisterLivenessTest {

    private static RegisterLiveness live(String body) {
        String text = "(MODULE \"t.c\" (SYMTAB) (FUNCTION \"f\" (SYMTAB)\n" + body + "))";
        LirReader.Parsed parsed = LirReader.readWithPositions("t.lir", text);
        return RegisterLiveness.of(Cfg.of(parsed.module().function("f").get(), parsed.positions()));
    }

    private static Vector<String> in(RegisterLiveness live, String label) {
        return live.names(live.liveIn(live.cfg().blockOf(label).get())).sorted();
    }

    private static Vector<String> out(RegisterLiveness live, String label) {
        return live.names(live.liveOut(live.cfg().blockOf(label).get())).sorted();
    }

    @Test
    void aLoopCarriedRegisterIsLiveAroundTheLoop() {
        RegisterLiveness live = live("""
                (PROLOGUE (0 0) (REG I32 "n"))
                (SET I32 (REG I32 "i") (INTCONST I32 0))
                (DEFLABEL "head")
                (JUMPC (TSTLTS I32 (REG I32 "i") (REG I32 "n")) (LABEL I64 "body") (LABEL I64 "done"))
                (DEFLABEL "body")
                (SET I32 (REG I32 "i") (ADD I32 (REG I32 "i") (INTCONST I32 1)))
                (JUMP (LABEL I64 "head"))
                (DEFLABEL "done")
                (EPILOGUE (0 0) (REG I32 "i"))""");
        assertThat(live.registers()).containsExactly("n", "i");
        assertThat(live.liveIn(0).isEmpty()).isTrue(); // PROLOGUE defines n
        assertThat(in(live, "head")).containsExactly("i", "n");
        assertThat(in(live, "body")).containsExactly("i", "n");
        assertThat(out(live, "body")).containsExactly("i", "n");
        assertThat(in(live, "done")).containsExactly("i");
        assertThat(out(live, "done")).isEmpty();
    }

    @Test
    void subregIsAUseAndADefOfItsRegisterAndReadsComeBeforeWrites() {
        RegisterLiveness live = live("""
                (PROLOGUE (0 0))
                (SET I8 (SUBREG I8 (REG I32 "a") 0) (INTCONST I8 1))
                (SET I32 (REG I32 "b") (ADD I32 (REG I32 "b") (INTCONST I32 1)))
                (SET I32 (REG I32 "c") (INTCONST I32 1))
                (SET I32 (REG I32 "d") (REG I32 "c"))
                (SET I32 (MEM I32 (REG I64 "p")) (REG I32 "a"))
                (EPILOGUE (0 0) (REG I32 "d"))""");
        assertThat(live.names(live.uses(0))).containsExactlyInAnyOrder("a", "b", "p");
        assertThat(live.names(live.defs(0))).containsExactlyInAnyOrder("a", "b", "c", "d");
        assertThat(live.names(live.liveIn(0))).containsExactlyInAnyOrder("a", "b", "p");
    }

    @Test
    void parallelReadsEverythingBeforeWritingAndClobberKills() {
        RegisterLiveness live = live("""
                (PROLOGUE (0 0))
                (PARALLEL (SET I32 (REG I32 "x") (REG I32 "y")) (SET I32 (REG I32 "y") (REG I32 "x")))
                (CLOBBER (REG I64 "%rax"))
                (CALL (STATIC I64 "g") ((REG I64 "%rax") (REG I32 "x")) ((REG I32 "r")))
                (USE (REG I32 "z"))
                (EPILOGUE (0 0) (REG I32 "r"))""");
        assertThat(live.names(live.liveIn(0))).containsExactlyInAnyOrder("x", "y", "z");
        assertThat(live.names(live.defs(0))).containsExactlyInAnyOrder("x", "y", "%rax", "r");
    }

    @Test
    void phiIsRejectedNamingTheFunction() {
        assertThatThrownBy(() -> live("""
                (PROLOGUE (0 0))
                (DEFLABEL "a")
                (PHI I32 (REG I32 "x") ((REG I32 "y") (LABEL I64 "a")))
                (EPILOGUE (0 0))"""))
                .isInstanceOf(CfgException.class)
                .hasMessageStartingWith("t.lir:4:1: function \"f\": PHI is not supported");
    }

    /** 10^5 blocks in a chain, a register defined in the first and read in the last. */
    @Test
    void aHundredThousandBlocks() {
        int blocks = 100_000;
        LirType.Int i32 = new LirType.Int(32);
        Vector<Stmt> body = Vector.of(new Stmt.Prologue(0, 0, Vector.empty()),
                new Stmt.Set(i32, new LExp.Reg(i32, "v"), LExp.IntConst.of(i32, 1)));
        for (int b = 1; b < blocks; b++) {
            body = body.append(new Stmt.DefLabel("L" + b))
                    .append(new Stmt.Set(i32, new LExp.Reg(i32, "t" + b), LExp.IntConst.of(i32, b)));
        }
        body = body.append(new Stmt.Epilogue(0, 0, Vector.of(new LExp.Reg(i32, "v"))));
        Cfg cfg = Cfg.of(new Module.Function("big", Vector.empty(), body));
        assertThat(cfg.size()).isEqualTo(blocks);
        RegisterLiveness live = RegisterLiveness.of(cfg);
        assertThat(live.registers()).hasSize(blocks);
        assertThat(live.names(live.liveIn(blocks / 2))).containsExactly("v");
        assertThat(live.names(live.liveOut(0))).containsExactly("v");
        assertThat(live.liveIn(0).isEmpty()).isTrue();
    }
}
