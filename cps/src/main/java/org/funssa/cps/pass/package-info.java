/** Passes: named, pure transformations of programs ({@link org.funssa.cps.pass.Pass}). */
package org.funssa.cps.pass;
