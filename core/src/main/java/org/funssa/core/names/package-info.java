/**
 * What the passes that invent names share: {@link org.funssa.core.names.NameSet}, the set of the names a
 * function already uses, against which a pass checks each name it makes up.
 */
package org.funssa.core.names;
