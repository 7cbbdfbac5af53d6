/** funssa bench module. */
package org.funssa.bench;
