/**
 * The parts of the C library that interpreted programs call, reproduced byte for byte as glibc on
 * x86_64 Linux behaves: {@link org.funssa.core.interp.libc.CFormat} is the {@code printf} family's
 * format engine.
 */
package org.funssa.core.interp.libc;
