/** Fresh variables (new numbers) and labels for the destruction passes. */
package org.funssa.destruct.names;
