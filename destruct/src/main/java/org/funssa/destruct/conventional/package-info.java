/** Conventional form: every jump passes exactly its target's parameters. */
package org.funssa.destruct.conventional;
