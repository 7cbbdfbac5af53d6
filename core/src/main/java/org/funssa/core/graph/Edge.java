package org.funssa.core.graph;

/**
 * The {@code index}-th out-edge of {@code source}, leading to {@code target}. The index tells apart
 * the edges of a multi-edge (a branch whose targets are the same node).
 */
public record Edge(int source, int index, int target) {}
