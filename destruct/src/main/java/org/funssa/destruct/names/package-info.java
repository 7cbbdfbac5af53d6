/** Fresh variable names and labels for the destruction passes. */
package org.funssa.destruct.names;
