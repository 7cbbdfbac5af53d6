/**
 * JMH benchmarks of the registered phases ({@link org.funssa.bench.jmh.PhaseBench}) and their states: a
 * phase bound to a generated or a corpus input.
 * Settings for every benchmark (see bench/README.md): 2 forks, 3 warm-up and 5 measurement iterations
 * of at least 2 s, average time per operation.
 */
package org.funssa.bench.jmh;
