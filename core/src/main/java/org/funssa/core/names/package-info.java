/**
 * What the passes that invent names or analyse variables share: {@link org.funssa.core.names.NameSet}, the
 * set of the names a function already uses, against which a pass checks each name it makes up, and which
 * numbers them so that an analysis can keep its facts in arrays and sets of ints.
 */
package org.funssa.core.names;
