/** funssa destruct module. */
package org.funssa.destruct;
