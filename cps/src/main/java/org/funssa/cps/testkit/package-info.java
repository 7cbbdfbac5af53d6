/**
 * The equational-testing kit (issue 5), for this project's tests and for users' tests of their own passes;
 * it does not depend on any test framework.
 *
 * <ul>
 *   <li>Generators: {@link org.funssa.cps.testkit.Generators#lir()} (seeded LIR that terminates within a
 *       known step bound and has no undefined behaviour), {@link org.funssa.cps.testkit.Generators#ir} (that
 *       LIR constructed into the IR), {@link org.funssa.cps.testkit.IrGenerator} (IR terms for laws about
 *       form; not runnable).</li>
 *   <li>Laws: {@link org.funssa.cps.testkit.Law} — preserves meaning, refines, idempotent, commutes,
 *       α-equivalent — checked on one {@link org.funssa.cps.testkit.Sample} or on many by a
 *       {@link org.funssa.cps.testkit.LawRunner}, which reports a {@link org.funssa.cps.testkit.LawReport}
 *       with the seed and a reduced {@link org.funssa.cps.testkit.Counterexample}.</li>
 *   <li>Laws about translations from LIR: {@link org.funssa.cps.testkit.LirLaw} — preserves meaning (LIR to
 *       LIR, e.g. destruction ∘ construction), α-equivalent (two constructions) — checked on
 *       {@link org.funssa.cps.testkit.LirSample}s by a {@link org.funssa.cps.testkit.LirLawRunner}.</li>
 *   <li>The {@link org.funssa.cps.testkit.Reducer}: shrinks a program while a predicate holds, through
 *       verified candidates only.</li>
 * </ul>
 */
package org.funssa.cps.testkit;
