/**
 * Reading PostgreSQL's plans (EXPLAIN (FORMAT JSON), with ANALYZE for the actual rows) in the tests that check a
 * list or report is answered from its index.
 */

/** A node of a JSON plan, with the fields the plan tests look at. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** with ANALYZE: rows per loop, and how many loops */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The node and every node under it, depth first. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];
