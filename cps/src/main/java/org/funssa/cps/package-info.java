/** funssa cps module. */
package org.funssa.cps;
