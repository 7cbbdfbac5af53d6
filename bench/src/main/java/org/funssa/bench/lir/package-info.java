/** JMH benchmarks of the LIR edge: parsing and printing. */
package org.funssa.bench.lir;
