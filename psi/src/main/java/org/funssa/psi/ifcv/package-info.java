/** If-conversion: acyclic single-entry regions of the nest to predicated straight-line code with ψs (issue 33). */
package org.funssa.psi.ifcv;
