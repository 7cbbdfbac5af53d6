/** The IR → LIR writer: conventional-form programs back to normal-form LIR modules. */
package org.funssa.destruct.lir;
