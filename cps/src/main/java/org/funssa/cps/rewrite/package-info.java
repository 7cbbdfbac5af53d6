/**
 * The rewrite kit: one way to walk and rebuild the functional IR (DESIGN.md "Passes").
 *
 * <ul>
 *   <li>{@link org.funssa.cps.rewrite.Nest} numbers a function's bodies in preorder — the nest is the dominator
 *       tree — resolves every jump to its target, and rewrites the nest bottom-up ({@code rewrite}, keeping every
 *       unchanged node by identity) or top-down with a scoped environment ({@code rewriteDown}: a fact recorded in
 *       a body holds in all its local functions and nowhere else, either threaded as a value or, for a
 *       {@link org.funssa.cps.rewrite.Nest.ScopedWalk}, one mutable environment told when the walk leaves each
 *       body's subtree), with explicit stacks only.</li>
 *   <li>{@link org.funssa.cps.rewrite.ScopedMap} is that mutable environment for tables: a hash map with an undo
 *       log, rolled back to the mark taken on entering a body when the walk leaves it.</li>
 *   <li>{@link org.funssa.cps.rewrite.Substitution} replaces variables by atoms in atoms, expressions, tails and
 *       whole functions.</li>
 *   <li>{@link org.funssa.cps.rewrite.Uses} counts each variable's uses and finds its definition, computed once
 *       per function value.</li>
 * </ul>
 *
 * Smaller rewrites need no walk: {@code Tail.mapJumps}, {@code Tail.mapAtoms}, {@code Expr.mapAtoms},
 * {@code Let.mapAtoms}, {@code Program.mapFunctions}; every one returns its receiver when nothing changes.
 */
package org.funssa.cps.rewrite;
