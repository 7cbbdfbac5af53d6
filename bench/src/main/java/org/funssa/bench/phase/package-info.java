/** Phases: the named operations that benchmarks time, and the inputs they run on. */
package org.funssa.bench.phase;
