package org.funssa.destruct;

import org.funssa.cps.ir.Atom;

/**
 * Two variables that out-of-ψ-SSA put in one ψ-congruence class (seed 001 §4.4) and that φ-congruence extends
 * rather than starts afresh (§4.5: "the congruence classes must not be initialized at the beginning of this
 * process"): a method that builds classes puts them in one class before it looks at any φ, when they do not
 * interfere in the program it is given.
 */
public record Congruence(Atom.Var a, Atom.Var b) {}
