/**
 * Claude Code's `parentUuid` tree, reduced to the conversation the user is
 * on. Rewind and retry make real branches; the active one ends at the last
 * record written. Parallel tool calls fork too, but they are one
 * conversation: an assistant message is written as one record per content
 * block (all sharing `message.id`), and the `tool_result` of one block is a
 * sibling of the next block's record. So records are grouped by message id,
 * and a tool result whose parent is on the active branch, answering a call of
 * that message, belongs to the conversation even when the path does not pass
 * through it.
 *
 * A `compact_boundary` has no parent but names its `logicalParentUuid`: the
 * walk continues there, so the compacted history stays on the branch (the
 * importer replaces it on the surface).
 */
import { isObject, type JsonObject } from '../../validate';
import type { ForeignRecord } from '../jsonLines';

export interface BranchInfo {
  /** Record indexes on the active conversation. */
  active: Set<number>;
  /** Records with a uuid on other branches, grouped by the record they fork from. */
  forks: { fromUuid: string | null; fromLine: number | undefined; records: number[] }[];
}

const CONVERSATION = new Set(['user', 'assistant']);

export function messageIdOf(v: JsonObject): string | undefined {
  const m = v.message;
  return isObject(m) && typeof m.id === 'string' ? m.id : undefined;
}

function groupOf(v: JsonObject): string | undefined {
  const id = v.type === 'assistant' ? messageIdOf(v) : undefined;
  if (id !== undefined) return `m:${id}`;
  return typeof v.uuid === 'string' ? `u:${v.uuid}` : undefined;
}

function parentOf(v: JsonObject): string | undefined {
  if (typeof v.parentUuid === 'string') return v.parentUuid;
  return typeof v.logicalParentUuid === 'string' ? v.logicalParentUuid : undefined;
}

function toolResultIds(v: JsonObject): string[] {
  const m = v.message;
  if (!isObject(m) || !Array.isArray(m.content)) return [];
  return m.content
    .filter((b): b is JsonObject => isObject(b) && b.type === 'tool_result')
    .map((b) => (typeof b.tool_use_id === 'string' ? b.tool_use_id : ''));
}

function toolUseIds(v: JsonObject): string[] {
  const m = v.message;
  if (!isObject(m) || !Array.isArray(m.content)) return [];
  return m.content
    .filter((b): b is JsonObject => isObject(b) && b.type === 'tool_use')
    .map((b) => (typeof b.id === 'string' ? b.id : ''));
}

export function activeBranch(records: ForeignRecord[]): BranchInfo {
  const byUuid = new Map<string, number>();
  const groupMembers = new Map<string, number[]>();
  let leaf = -1;
  records.forEach((r, i) => {
    const v = r.value;
    if (typeof v.uuid !== 'string') return;
    byUuid.set(v.uuid, i);
    leaf = i;
    const g = groupOf(v);
    if (g === undefined) return;
    const members = groupMembers.get(g);
    if (members) members.push(i);
    else groupMembers.set(g, [i]);
  });
  const activeGroups = new Set<string>();
  const seen = new Set<number>();
  for (let i = leaf; i >= 0 && !seen.has(i);) {
    seen.add(i);
    const v = (records[i] as ForeignRecord).value;
    const g = groupOf(v);
    if (g !== undefined) activeGroups.add(g);
    const p = parentOf(v);
    i = p === undefined ? -1 : (byUuid.get(p) ?? -1);
  }
  // Tool calls of active assistant messages: their results belong to the conversation.
  const activeCalls = new Set<string>();
  for (const g of activeGroups)
    for (const i of groupMembers.get(g) ?? [])
      for (const id of toolUseIds((records[i] as ForeignRecord).value)) activeCalls.add(id);

  const active = new Set<number>();
  const offBranch: number[] = [];
  records.forEach((r, i) => {
    const v = r.value;
    const g = groupOf(v);
    if (typeof v.uuid !== 'string' || g === undefined || activeGroups.has(g)) {
      active.add(i);
      return;
    }
    const results = v.type === 'user' ? toolResultIds(v) : [];
    if (results.length > 0 && results.every((id) => activeCalls.has(id))) {
      active.add(i);
      return;
    }
    if (CONVERSATION.has(String(v.type))) offBranch.push(i);
    else active.add(i); // attachments, system rows: shown on the timeline wherever they hang
  });

  // Group the off-branch records by the active record their branch leaves from. Each record's
  // fork point is found once: a walk stops at a record whose fork point is known, and every
  // record it passed learns it (a walk per record made a long abandoned branch quadratic).
  const forkOf = new Map<number, string | undefined>();
  const forkPoint = (i: number): string | undefined => {
    const path: number[] = [];
    let p = parentOf((records[i] as ForeignRecord).value);
    const guard = new Set<string>();
    while (p !== undefined && !guard.has(p)) {
      guard.add(p);
      const j = byUuid.get(p);
      if (j === undefined || active.has(j)) break;
      if (forkOf.has(j)) {
        p = forkOf.get(j);
        break;
      }
      path.push(j);
      p = parentOf((records[j] as ForeignRecord).value);
    }
    for (const j of path) forkOf.set(j, p);
    forkOf.set(i, p);
    return p;
  };
  const forks = new Map<
    string,
    { fromUuid: string | null; fromLine: number | undefined; records: number[] }
  >();
  for (const i of offBranch) {
    const p = forkOf.has(i) ? forkOf.get(i) : forkPoint(i);
    const key = p ?? '(root)';
    let fork = forks.get(key);
    if (!fork) {
      fork = {
        fromUuid: p ?? null,
        fromLine: p !== undefined ? records[byUuid.get(p) ?? -1]?.line : undefined,
        records: [],
      };
      forks.set(key, fork);
    }
    fork.records.push(i);
  }
  return { active, forks: [...forks.values()] };
}
