/**
 * A lazy, collapsible JSON tree (the inspector's raw event view). Only expanded nodes render their
 * children; containers page their children 100 at a time; long strings are truncated until
 * expanded. So a 100k-element array or a 1000-level object costs only what is on screen.
 *
 * Paths are jq-style (`.data.message.content[0].text`, `.["a b"]`; the root is `.`).
 */

import { type ReactNode, useMemo, useRef, useState } from 'react';
import { LONG_JSON, stringifyPretty } from './jsonText';
import { NameText } from './NameText';
import { PlainTextView } from './plainText';
import { useDismiss } from './useDismiss';

/** Children rendered per page ("show 100 more"). */
export const JSON_PAGE_SIZE = 100;
/** Strings longer than this are truncated until expanded. */
export const JSON_STRING_LIMIT = 500;

const IDENT_RE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** jq-style path of a child. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENT_RE.test(key) ? `${parent}.${key}` : `${parent}.[${JSON.stringify(key)}]`;
}

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null;
}

/** The text "copy value" puts on the clipboard: strings raw, everything else as pretty JSON. */
export function copyText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return value.toString();
  return stringifyPretty(value);
}

/** Counts own enumerable keys, stopping past `cap`. */
function countKeys(obj: object, cap: number): number {
  let n = 0;
  for (const k in obj) {
    if (Object.prototype.hasOwnProperty.call(obj, k) && ++n > cap) break;
  }
  return n;
}

/** What a primitive is, for its colour (and for tests: `data-value-type`). */
function valueType(v: unknown): 'string' | 'number' | 'boolean' | 'null' {
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'null';
  }
}

function primitiveClass(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return 'text-emerald-300';
    case 'number':
    case 'bigint':
      return 'text-sky-300';
    case 'boolean':
      return 'text-orange-300';
    default:
      return 'text-fg-subtle';
  }
}

function primitiveText(v: unknown, maxLen: number): string {
  if (typeof v === 'string') return JSON.stringify(v.length > maxLen ? `${v.slice(0, maxLen)}…` : v);
  if (v === undefined) return 'undefined';
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'function') return 'ƒ()';
  if (typeof v === 'symbol') return v.toString();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v === null ? 'null' : typeof v;
}

/** A one-line preview of a collapsed container, within a character budget. */
function preview(v: Record<string, unknown> | unknown[], budget = 80): string {
  const parts: string[] = [];
  let used = 0;
  let truncated = false;
  const item = (x: unknown): string =>
    Array.isArray(x) ? `[…]` : isContainer(x) ? '{…}' : primitiveText(x, 24);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = item(v[i]);
      if (used + p.length > budget) {
        truncated = true;
        break;
      }
      parts.push(p);
      used += p.length + 2;
    }
    return `[${parts.join(', ')}${truncated ? ', …' : ''}]`;
  }
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    const p = `${IDENT_RE.test(k) ? k : JSON.stringify(k)}: ${item(v[k])}`;
    if (used + p.length > budget) {
      truncated = true;
      break;
    }
    parts.push(p);
    used += p.length + 2;
  }
  return `{${parts.join(', ')}${truncated ? ', …' : ''}}`;
}

const actionButton = 'block w-full px-2 py-0.5 text-left hover:bg-tint/15';

function CopyMenu({
  value,
  path,
  onCopy,
  onClose,
}: {
  value: unknown;
  path: string;
  onCopy: (t: string) => void;
  onClose: () => void;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, true, onClose);
  return (
    <div
      ref={ref}
      role="menu"
      data-testid="json-menu"
      className="absolute top-full left-4 z-20 min-w-28 rounded border border-edge bg-raised py-0.5 font-sans text-[11px] text-fg shadow-lg"
    >
      <button
        type="button"
        role="menuitem"
        className={actionButton}
        onClick={() => {
          onCopy(copyText(value));
          onClose();
        }}
      >
        copy value
      </button>
      <button
        type="button"
        role="menuitem"
        className={actionButton}
        onClick={() => {
          onCopy(path);
          onClose();
        }}
      >
        copy path
      </button>
    </div>
  );
}

interface NodeProps {
  name: string | number | null;
  value: unknown;
  path: string;
  depth: number;
  expandDepth: number;
  onCopy?: (text: string) => void;
}

function JsonNode({ name, value, path, depth, expandDepth, onCopy }: NodeProps): ReactNode {
  const container = isContainer(value);
  const [open, setOpen] = useState(container && depth < expandDepth);
  const [limit, setLimit] = useState(JSON_PAGE_SIZE);
  const [fullString, setFullString] = useState(false);
  const [menu, setMenu] = useState(false);

  // Keys are computed only for an expanded container.
  const keys = useMemo<(string | number)[] | null>(() => {
    if (!open || !container) return null;
    return Array.isArray(value) ? [] : Object.keys(value);
  }, [open, container, value]);
  const size = container
    ? Array.isArray(value)
      ? value.length
      : (keys?.length ?? countKeys(value, 10_000))
    : 0;

  const label =
    name === null ? null : (
      <>
        <span
          data-key-type={typeof name === 'number' ? 'index' : 'key'}
          className={typeof name === 'number' ? 'text-fg-subtle' : 'text-purple-300'}
        >
          {typeof name === 'number' || IDENT_RE.test(name) ? name : JSON.stringify(name)}
        </span>
        <span className="text-fg-subtle">: </span>
      </>
    );

  let body: ReactNode;
  if (container) {
    const isArr = Array.isArray(value);
    const count = isArr ? `${size}` : size > 10_000 ? '10000+' : `${size}`;
    body = (
      <>
        <span className="text-fg-subtle">{open ? (isArr ? `Array(${count})` : `{${count}}`) : ''}</span>
        {!open && <span className="text-fg-muted">{preview(value)}</span>}
      </>
    );
  } else if (typeof value === 'string' && value.length > JSON_STRING_LIMIT) {
    // A long string expanded in full is plain text with line numbers (virtualized past its head
    // and tail): one 12 MB span would hold the page for seconds.
    const asText = fullString && value.length > LONG_JSON;
    body = (
      <>
        {!asText && (
          <span
            data-value-type={valueType(value)}
            className={`break-all whitespace-pre-wrap ${primitiveClass(value)}`}
          >
            <NameText
              name={fullString ? JSON.stringify(value) : primitiveText(value, JSON_STRING_LIMIT)}
              maxChars={Infinity}
            />
          </span>
        )}{' '}
        <button
          type="button"
          className="text-sky-400 hover:underline"
          onClick={() => setFullString((f) => !f)}
        >
          {fullString ? 'collapse' : `expand (${value.length.toLocaleString('en-US')} chars)`}
        </button>
        {asText && <PlainTextView text={value} className="mt-0.5" />}
      </>
    );
  } else {
    body = (
      <span data-value-type={valueType(value)} className={`break-all ${primitiveClass(value)}`}>
        {/* A string in the log may carry bidi controls: shown like a name, so none reorders the tree. */}
        <NameText name={primitiveText(value, Infinity)} maxChars={Infinity} />
      </span>
    );
  }

  const children: ReactNode[] = [];
  if (open && container) {
    const isArr = Array.isArray(value);
    const total = isArr ? value.length : (keys?.length ?? 0);
    const end = Math.min(total, limit);
    for (let i = 0; i < end; i++) {
      const key: string | number = isArr ? i : (keys?.[i] ?? '');
      const child: unknown = isArr ? value[i] : value[key];
      children.push(
        <JsonNode
          key={key}
          name={key}
          value={child}
          path={childPath(path, key)}
          depth={depth + 1}
          expandDepth={expandDepth}
          onCopy={onCopy}
        />,
      );
    }
    if (end < total) {
      const more = Math.min(JSON_PAGE_SIZE, total - end);
      children.push(
        <button
          key="\u0000more"
          type="button"
          data-testid="json-more"
          className="ml-4 text-sky-400 hover:underline"
          onClick={() => setLimit((l) => l + JSON_PAGE_SIZE)}
        >
          show {more} more ({(total - end).toLocaleString('en-US')} remaining)
        </button>,
      );
    }
  }

  return (
    <div>
      <div
        data-testid="json-row"
        data-path={path || '.'}
        className="group relative flex min-w-0 items-start gap-1 rounded px-0.5 hover:bg-tint/10"
        onContextMenu={
          onCopy
            ? (e) => {
                e.preventDefault();
                setMenu(true);
              }
            : undefined
        }
      >
        {container ? (
          <button
            type="button"
            aria-expanded={open}
            aria-label={open ? 'collapse' : 'expand'}
            className="w-3 shrink-0 text-fg-subtle hover:text-fg"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="w-3 shrink-0" />
        )}
        <div
          className={`min-w-0 ${container ? 'cursor-pointer' : ''}`}
          onClick={container ? () => setOpen((o) => !o) : undefined}
        >
          {label}
          {body}
        </div>
        {onCopy && (
          <button
            type="button"
            title="Copy value / path"
            aria-label={`Copy actions for ${path || 'the whole value'}`}
            className="ml-auto shrink-0 px-1 text-fg-subtle opacity-0 group-hover:opacity-100 hover:text-fg focus:opacity-100"
            onClick={() => setMenu((m) => !m)}
          >
            ⋯
          </button>
        )}
        {menu && onCopy && (
          <CopyMenu value={value} path={path || '.'} onCopy={onCopy} onClose={() => setMenu(false)} />
        )}
      </div>
      {children.length > 0 && <div className="ml-2 border-l border-line pl-2">{children}</div>}
    </div>
  );
}

export interface JsonTreeProps {
  value: unknown;
  /** Receives the text of "copy value" / "copy path"; the caller writes it to the clipboard. */
  onCopy?: (text: string) => void;
  /** Levels expanded initially (default 2: the root and its children). */
  expandDepth?: number;
  /** Optional label of the root row. */
  rootLabel?: string;
  className?: string;
}

/**
 * A lazy, collapsible, paginated JSON tree. Expansion state lives in the nodes: give it a `key`
 * per value shown (e.g. the event's seq) so a new value starts from the default expansion.
 */
export function JsonTree({ value, onCopy, expandDepth = 2, rootLabel, className }: JsonTreeProps): ReactNode {
  return (
    <div data-testid="json-tree" className={`font-mono text-xs leading-5 text-fg ${className ?? ''}`}>
      <JsonNode
        name={rootLabel ?? null}
        value={value}
        path=""
        depth={0}
        expandDepth={expandDepth}
        onCopy={onCopy}
      />
    </div>
  );
}
