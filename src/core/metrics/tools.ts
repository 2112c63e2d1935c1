/** The tools table: per tool name, calls, errors, and durations (tool/call to tool/result). */
import type { StructureIndex } from '../analysis/structureIndex';

export interface ToolStats {
  name: string;
  calls: number;
  errors: number;
  /** errors / calls. */
  errorRate: number;
  /** Over calls with both a call and a result time; undefined when none has. */
  medianMs?: number;
  maxMs?: number;
}

export function toolStats(
  structure: StructureIndex,
  timeOf: (seq: number) => number | undefined,
): ToolStats[] {
  const byName = new Map<string, { calls: number; errors: number; durations: number[] }>();
  for (const c of structure.toolCalls) {
    let s = byName.get(c.name);
    if (!s) byName.set(c.name, (s = { calls: 0, errors: 0, durations: [] }));
    s.calls++;
    if (c.isError) s.errors++;
    const t0 = c.callSeq !== null ? timeOf(c.callSeq) : undefined;
    const t1 = c.resultSeq !== null ? timeOf(c.resultSeq) : undefined;
    if (t0 !== undefined && t1 !== undefined) s.durations.push(Math.max(0, t1 - t0));
  }
  return [...byName]
    .map(([name, s]) => {
      const row: ToolStats = { name, calls: s.calls, errors: s.errors, errorRate: s.errors / s.calls };
      if (s.durations.length > 0) {
        const d = s.durations.sort((a, b) => a - b);
        const mid = d.length >> 1;
        row.medianMs = d.length % 2 ? d[mid] : ((d[mid - 1] as number) + (d[mid] as number)) / 2;
        row.maxMs = d[d.length - 1];
      }
      return row;
    })
    .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
}
