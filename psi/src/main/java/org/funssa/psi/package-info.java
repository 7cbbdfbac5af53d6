/** funssa psi module. */
package org.funssa.psi;
