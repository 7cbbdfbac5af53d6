/**
 * The parts of the C library that interpreted programs call, reproduced as glibc on x86_64 Linux behaves.
 * {@link org.funssa.core.interp.libc.Library} is the table external symbols resolve to, assembled from one
 * part per concern ({@code Stdio}, {@code Scanf}, {@code Strings}, {@code HeapAllocation}, {@code Process},
 * {@code MathLib}, {@code CharClass}, {@code Numbers}, {@code Sorting}, {@code Varargs}, {@code Builtins});
 * {@link org.funssa.core.interp.libc.CFormat} is the {@code printf} family's format engine.
 */
package org.funssa.core.interp.libc;
