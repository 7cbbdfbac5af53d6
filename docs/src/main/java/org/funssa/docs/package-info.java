/** funssa docs module. */
package org.funssa.docs;
