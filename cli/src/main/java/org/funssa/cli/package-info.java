/** funssa cli module. */
package org.funssa.cli;
