// Attribute update instructions (ATIN) of S-100 Part 10a: each entry of an update record's ATTR
// field names an attribute by its code, its position among the attributes with that code under the
// same parent (ATIX) and its parent entry in the same field (PAIX): 1 inserts it there, 2 deletes it
// (with its sub-attributes), 3 changes its value (a complex attribute with 3 is the path to its
// sub-attributes' instructions). Applied to a tree of the target's attributes, written back flat.
import type { RawAttribute } from './model.js';

interface Node {
  code: string;
  value: string;
  children: Node[];
}

/** The attributes as a tree: top-level nodes in order, each with its sub-attributes. */
export function attributeTree(attrs: RawAttribute[]): Node[] {
  const roots: Node[] = [];
  const nodes: Node[] = [];
  for (const a of attrs) {
    const node: Node = { code: a.code, value: a.value, children: [] };
    nodes.push(node);
    const parent = a.parent > 0 ? nodes[a.parent - 1] : undefined;
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  return roots;
}

/** The tree written back as ATTR entries (ATIX counted per code and parent, PAIX the parent's position). */
export function flattenAttributes(roots: Node[]): RawAttribute[] {
  const out: RawAttribute[] = [];
  const visit = (list: Node[], parent: number): void => {
    const seen = new Map<string, number>();
    for (const n of list) {
      const index = (seen.get(n.code) ?? 0) + 1;
      seen.set(n.code, index);
      out.push({ code: n.code, index, parent, instruction: 1, value: n.value });
      const me = out.length;
      visit(n.children, me);
    }
  };
  visit(roots, 0);
  return out;
}

/** Position in `list` of the index-th (from 1) node with this code, or -1. */
function find(list: Node[], code: string, index: number): number {
  let k = 0;
  for (let i = 0; i < list.length; i++) if (list[i]!.code === code && ++k === Math.max(1, index)) return i;
  return -1;
}

/**
 * Applies the update entries `update` (with their ATIN) to the attributes `target`; instructions
 * that name an attribute the target does not have are reported through `warn` and skipped.
 */
export function applyAttributeUpdates(target: RawAttribute[], update: RawAttribute[], warn: (message: string) => void): RawAttribute[] {
  if (update.length === 0) return target;
  const roots = attributeTree(target);
  // The node each update entry stands for (null when its path was not found).
  const resolved: (Node | null)[] = [];
  for (const u of update) {
    const parentEntry = u.parent > 0 ? resolved[u.parent - 1] : undefined;
    if (parentEntry === null) {
      resolved.push(null);
      continue;
    }
    const siblings = parentEntry ? parentEntry.children : roots;
    const at = find(siblings, u.code, u.index);
    if (u.instruction === 1) {
      const node: Node = { code: u.code, value: u.value, children: [] };
      if (at >= 0) siblings.splice(at, 0, node);
      else {
        // After the last attribute with this code, else at the end.
        let last = -1;
        siblings.forEach((n, i) => {
          if (n.code === u.code) last = i;
        });
        siblings.splice(last >= 0 ? last + 1 : siblings.length, 0, node);
      }
      resolved.push(node);
    } else if (at < 0) {
      warn(`attribute ${u.code} (${u.index}) to ${u.instruction === 2 ? 'delete' : 'modify'} not found`);
      resolved.push(null);
    } else if (u.instruction === 2) {
      siblings.splice(at, 1);
      resolved.push(null);
    } else {
      const node = siblings[at]!;
      // A complex attribute carries no value: its entry is the path to its sub-attributes.
      if (node.children.length === 0 || u.value !== '') node.value = u.value;
      resolved.push(node);
    }
  }
  return flattenAttributes(roots);
}
