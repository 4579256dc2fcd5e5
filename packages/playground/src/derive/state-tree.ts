/** The state tree's model: which rows show for which expanded nodes and search, and where ids link. */

export type Key = string | number;

export interface TreeRow {
  /** The node's path joined by SEPARATOR: stable across renders, a DOM id once made safe. */
  id: string;
  path: Key[];
  key: Key;
  value: unknown;
  depth: number;
  expandable: boolean;
  expanded: boolean;
  /** Position among the siblings shown (1-based) and how many there are (aria-posinset/setsize). */
  position: number;
  siblings: number;
}

const SEPARATOR = '\u001f';

export function nodeId(path: readonly Key[]): string {
  return path.map(String).join(SEPARATOR);
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

function children(value: unknown): Array<[Key, unknown]> {
  if (Array.isArray(value)) return value.map((item, i) => [i, item]);
  if (isContainer(value)) return Object.entries(value);
  return [];
}

function hasChildren(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (!isContainer(value)) return false;
  for (const _ in value) return true;
  return false;
}

/** What a search found: the matching nodes and every node above one (shown, opened). */
export interface SearchResult {
  matches: Set<string>;
  ancestors: Set<string>;
  /** True when the search stopped at `limit` matches. */
  truncated: boolean;
}

/**
 * Every node whose key or (text of a) value contains `needle`, case-insensitive, up to `limit`
 * matches. Walks the state once, depth first, without building rows.
 */
export function searchTree(root: unknown, needle: string, limit = 200): SearchResult {
  const result: SearchResult = { matches: new Set(), ancestors: new Set(), truncated: false };
  const wanted = needle.trim().toLowerCase();
  if (wanted === '') return result;
  const stack: Array<{ path: Key[]; value: unknown }> = children(root)
    .reverse()
    .map(([key, value]) => ({ path: [key], value }));
  while (stack.length > 0) {
    const { path, value } = stack.pop() as { path: Key[]; value: unknown };
    const key = String(path[path.length - 1]).toLowerCase();
    const hit =
      key.includes(wanted) ||
      (!isContainer(value) && value !== undefined && String(value).toLowerCase().includes(wanted));
    if (hit) {
      if (result.matches.size >= limit) {
        result.truncated = true;
        break;
      }
      result.matches.add(nodeId(path));
      for (let i = 1; i < path.length; i++) result.ancestors.add(nodeId(path.slice(0, i)));
    }
    const list = children(value);
    for (let i = list.length - 1; i >= 0; i--) {
      const [childKey, child] = list[i] as [Key, unknown];
      stack.push({ path: [...path, childKey], value: child });
    }
  }
  return result;
}

/**
 * The rows to show: the root's children, and the children of every expanded node, in order. With a
 * search, only the matches and the nodes above them show (those above opened); a match opened by
 * the user shows all its children. Costs the rows shown, never the whole state.
 */
export function visibleRows(root: unknown, expanded: ReadonlySet<string>, search?: SearchResult): TreeRow[] {
  const rows: TreeRow[] = [];
  const filtering = search !== undefined && (search.matches.size > 0 || search.ancestors.size > 0);
  const walk = (value: unknown, path: Key[], depth: number, filtered: boolean) => {
    let list = children(value);
    if (filtered) {
      list = list.filter(([key]) => {
        const id = nodeId([...path, key]);
        return search?.matches.has(id) || search?.ancestors.has(id);
      });
    }
    list.forEach(([key, child], i) => {
      const childPath = [...path, key];
      const id = nodeId(childPath);
      const expandable = hasChildren(child);
      const above = filtering && (search?.ancestors.has(id) ?? false);
      const open = expandable && (expanded.has(id) || above);
      rows.push({
        id,
        path: childPath,
        key,
        value: child,
        depth,
        expandable,
        expanded: open,
        position: i + 1,
        siblings: list.length,
      });
      // Under an ancestor of a match, only the way to the matches shows, unless the user opened it.
      if (open) walk(child, childPath, depth + 1, above && !expanded.has(id));
    });
  };
  walk(root, [], 1, filtering);
  return rows;
}

/** A one-line preview of a node's value. */
export function preview(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  if (isContainer(value)) {
    const n = Object.keys(value).length;
    return `{${n} ${n === 1 ? 'key' : 'keys'}}`;
  }
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export type LinkKind = 'account' | 'card' | 'agreement' | 'payment' | 'consent';

/** Slices whose keys are ids of a view, and fields whose values are. */
const SLICE_LINKS: Record<string, LinkKind> = {
  accounts: 'account',
  transactions: 'account',
  cardAccounts: 'card',
  cardTransactions: 'card',
  agreements: 'agreement',
  payments: 'payment',
  consents: 'consent',
};
const FIELD_LINKS: Record<string, LinkKind> = {
  accountId: 'account',
  creditorAccountId: 'account',
  cardAccountId: 'card',
  agreementId: 'agreement',
  paymentId: 'payment',
  consentId: 'consent',
};

/** Where an id in the tree leads: the key of an entry in a slice, or the value of an id field. */
export function linkOf(row: Pick<TreeRow, 'path' | 'value'>): { kind: LinkKind; id: string } | null {
  const [slice, key] = row.path;
  if (row.path.length === 2 && typeof slice === 'string' && typeof key === 'string') {
    const kind = SLICE_LINKS[slice];
    if (kind !== undefined) return { kind, id: key };
  }
  const field = row.path[row.path.length - 1];
  if (typeof field === 'string' && typeof row.value === 'string' && row.value !== '') {
    const kind = FIELD_LINKS[field];
    if (kind !== undefined) return { kind, id: row.value };
  }
  return null;
}

/** The playground's address of a view: `#/bank/account/{id}`, `#/activity/payment/{id}`. */
export function hrefOf(link: { kind: LinkKind; id: string }): string {
  const tab = link.kind === 'payment' || link.kind === 'consent' ? 'activity' : 'bank';
  return `#/${tab}/${link.kind}/${encodeURIComponent(link.id)}`;
}

/** The view an address names (see hrefOf), or null. */
export function linkFromHash(hash: string): { kind: LinkKind; id: string } | null {
  const match = /^#\/?(?:bank|activity)\/(account|card|agreement|payment|consent)\/(.+)$/.exec(hash);
  if (match === null) return null;
  try {
    return { kind: match[1] as LinkKind, id: decodeURIComponent(match[2] as string) };
  } catch {
    return null;
  }
}

/** The value at a path (for copying a subtree). */
export function valueAt(root: unknown, path: readonly Key[]): unknown {
  let node = root;
  for (const key of path) node = isContainer(node) ? (node as Record<Key, unknown>)[key] : undefined;
  return node;
}

/** The path of the node above, or null at the top. */
export function parentId(row: TreeRow): string | null {
  return row.path.length > 1 ? nodeId(row.path.slice(0, -1)) : null;
}
