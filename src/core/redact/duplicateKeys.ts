/**
 * Whether a JSON line holds more members than its parsed value: `JSON.parse` keeps only the
 * last of duplicate keys (`{"title":"sk-ant-...","title":"ok"}`), so a line whose parsed value
 * has nothing to mask may still carry a secret in a shadowed member (audit R18-4). Such a line
 * must be written again from its parsed value, never copied byte for byte.
 */

/** True when `line` has more `:` outside strings (one per member) than `value` has keys. */
export function hasShadowedKeys(line: string, value: unknown): boolean {
  return membersInText(line) !== keysIn(value);
}

/** The members written in JSON text: the `:` outside strings. */
function membersInText(line: string): number {
  let n = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // `\` escapes the next unit
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x3a) n++;
  }
  return n;
}

/** The keys of every object in value, at any depth. */
function keysIn(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    const items = Array.isArray(v) ? (v as unknown[]) : Object.values(v as Record<string, unknown>);
    if (!Array.isArray(v)) n += items.length;
    for (const x of items) if (typeof x === 'object' && x !== null) stack.push(x);
  }
  return n;
}
