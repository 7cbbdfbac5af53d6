package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.destruct.conventional.Conventional;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * New labels are fresh among labels and new variables among variables ({@code Nest.labelSupply}, {@code VarSupply}): on a program whose
 * variables bear the names the methods give new labels and temporaries, every method's output is conventional
 * and prints what the program printed, as IR and as LIR.
 */
class NameKindsTest {

    private static final String EXPECTED = "1002\n2001\n1002\n";

    @TestFactory
    Vector<DynamicTest> everyMethodKeepsTheMeaningWhenLabelsAndVariablesShareNames() {
        Program p = Examples.program("name-kinds.ir");
        assertThat(Examples.runAsIr(p)).isEqualTo(EXPECTED);
        return Destructions.names().flatMap(name -> Vector.of(false, true).map(chaitin ->
                DynamicTest.dynamicTest(name + (chaitin ? " + chaitin" : ""), () -> {
                    Program out = Destructions.named(name, chaitin).get().apply(p);
                    String text = IrPrinter.print(out);
                    assertThat(Alpha.equivalent(IrParser.parse("out.ir", text), out)).as(text).isTrue();
                    assertThat(Conventional.violation(out)).as(text).isEmpty();
                    assertThat(Examples.runAsIr(out)).as(text).isEqualTo(EXPECTED);
                    assertThat(Examples.runAsLir(out)).as(text).isEqualTo(EXPECTED);
                })));
    }

    @Test
    void theNaiveMethodsNewLabelsAvoidTheLabelsAndItsTemporaryIsANewVariable() {
        Function swap = new org.funssa.destruct.naive.Naive().apply(Examples.program("name-kinds.ir"))
                .function("swap").get();
        // the labels are tmp1 and edge5: the split edge is edge1, a label beside the variable edge1
        assertThat(labels(swap)).contains("edge1", "tmp1", "edge5");
        assertThat(IrPrinter.print(swap)).contains("let edge1 = ").contains("and edge1() =")
                // the swap's cycle needs a temporary: a new variable, printed after its hint beside tmp1 and tmp2
                .contains("let tmp = ");
    }

    private static Set<String> labels(Function f) {
        Set<String> labels = HashSet.empty();
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(f.body());
        while (!stack.isEmpty()) {
            for (Fn fn : stack.pop().functions()) {
                labels = labels.add(fn.label().name());
                stack.push(fn.body());
            }
        }
        return labels;
    }
}
