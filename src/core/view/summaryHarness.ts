/**
 * Row summaries for the harness's log-only event types that need more than
 * their scalar fields (spec section 3: every type the harness knows gets a
 * readable row). Pure; `undefined` for a type this module does not cover.
 */
import type { EventSummary } from './summary';

type Data = Record<string, unknown>;

/** The summary of a known log-only type, or undefined when `type` is not one handled here. */
export function summarizeHarnessEvent(type: string, d: Data): EventSummary | undefined {
  switch (type) {
    case 'agent-preset/selected':
      return normal(`agent preset: ${pick(d, 'preset', 'name', 'id', 'agentPreset')}`);
    case 'approval/asked':
      return warn(`approval asked: ${pick(d, 'toolName', 'name')}${d.reason ? ` · ${text(d.reason)}` : ''}`);
    case 'approval/decided': {
      const outcome = pick(d, 'outcome', 'decision');
      return { text: `approval ${outcome}`, tone: /reject|deny|denied|abort/.test(outcome) ? 'warn' : 'ok' };
    }
    case 'approval/policy':
      return muted(`approval policy: ${pick(d, 'policy')}${d.source ? ` (${text(d.source)})` : ''}`);
    case 'command/run':
      return normal(`/${pick(d, 'name')}${typeof d.args === 'string' ? d.args.trimEnd() : ''}`);
    case 'command/done': {
      const kind = pick(d, 'kind', 'status');
      return {
        text: `command ${kind}${d.text ? `: ${text(d.text)}` : ''}`,
        tone: kind === 'success' ? 'ok' : /error|fail/.test(kind) ? 'error' : 'normal',
      };
    }
    case 'hook/invoked':
      return muted(
        `hook ${pick(d, 'point')} ${pick(d, 'handlerId', 'dialect')}${d.matcher ? ` on ${text(d.matcher)}` : ''}`,
      );
    case 'hook/result': {
      const decision = pick(d, 'decision', 'outcome');
      const exit = d.exitCode !== undefined ? ` · exit ${text(d.exitCode)}` : '';
      const ms = typeof d.durationMs === 'number' ? ` · ${Math.round(d.durationMs)} ms` : '';
      return {
        text: `hook${d.point ? ` ${text(d.point)}` : ''} → ${decision}${exit}${ms}`,
        tone: decision === 'block' || decision === 'deny' ? 'warn' : 'muted',
      };
    }
    case 'plan/mode':
      return typeof d.active === 'boolean' ? muted(`plan mode ${d.active ? 'on' : 'off'}`) : undefined;
    case 'session/title-llm-request': {
      const route = (d.route ?? {}) as Data;
      const n = Array.isArray(d.messages) ? d.messages.length : 0;
      return muted(`title request → ${model(route)} · ${n} message${n === 1 ? '' : 's'}`);
    }
    case 'web/deepseek-search-llm-request': {
      const route = (d.route ?? {}) as Data;
      const q = d.query ?? d.q;
      return muted(
        `web search request → ${model(route.provider !== undefined ? route : d)}${q ? ` · ${text(q)}` : ''}`,
      );
    }
    case 'subagent/descriptor':
      return normal(
        `subagent ${pick(d, 'mode')} via ${pick(d, 'provider')}${d.label ? `: ${text(d.label)}` : ''}`,
      );
    case 'schedule/change':
      return normal(
        `schedule ${pick(d, 'operation', 'kind', 'action')}${d.schedule ? ` · ${text(d.schedule)}` : ''}`,
      );
    case 'feedback/record':
      return normal(
        `feedback: ${pick(d, 'rating', 'kind', 'value', 'text')}${d.comment ? ` · ${text(d.comment)}` : ''}`,
      );
    case 'team/member':
      return normal(`team member ${pick(d, 'name', 'memberId', 'id')}${d.role ? ` (${text(d.role)})` : ''}`);
    case 'team/message/queued':
    case 'team/message/delivered':
      return normal(
        `team message ${type.slice('team/message/'.length)}${d.to ? ` to ${text(d.to)}` : ''}${d.from ? ` from ${text(d.from)}` : ''}`,
      );
    case 'team/task':
      return normal(`team task ${pick(d, 'title', 'name', 'id')}${d.status ? ` · ${text(d.status)}` : ''}`);
    case 'tool-workflow/run-start':
      return normal(`workflow ${pick(d, 'name')} started (run ${pick(d, 'runId')})`);
    case 'tool-workflow/run-end':
      return normal(`workflow run ended: ${pick(d, 'stopReason', 'outcome')}`);
    case 'tool-workflow/agent-start':
      return normal(
        `workflow agent ${pick(d, 'label', 'childId')} started${d.phase ? ` (${text(d.phase)})` : ''}`,
      );
    case 'tool-workflow/agent-end': {
      const outcome = pick(d, 'outcome');
      return {
        text: `workflow agent ${pick(d, 'seq', 'label')} ${outcome}`,
        tone: outcome === 'completed' ? 'ok' : 'warn',
      };
    }
    case 'tool/code-dispatch-start':
      return normal(`code → ${pick(d, 'name')}(${json(d.arguments)})`);
    case 'tool/code-dispatch': {
      const isError = d.isError === true;
      const content = Array.isArray(d.content) ? (d.content as Data[]) : [];
      const first = content.find((b) => typeof b.text === 'string');
      return {
        text: `code → ${pick(d, 'name')} ${isError ? 'error' : 'ok'}${first ? `: ${text(first.text)}` : ''}`,
        tone: isError ? 'error' : 'ok',
      };
    }
    default:
      return undefined;
  }
}

/** The first of `keys` that `d` has, as text ("?" when none). */
function pick(d: Data, ...keys: string[]): string {
  for (const k of keys) if (d[k] !== undefined && d[k] !== null) return text(d[k]);
  return '?';
}

function model(d: Data): string {
  return (
    [d.provider, d.model]
      .filter((v) => v !== undefined)
      .map(text)
      .join('/') || '?'
  );
}

function text(v: unknown): string {
  const s = typeof v === 'string' ? v : json(v);
  return s.slice(0, 400).replace(/\s+/g, ' ').trim();
}

function json(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, 400);
  } catch {
    return typeof v;
  }
}

const normal = (t: string): EventSummary => ({ text: t, tone: 'normal' });
const muted = (t: string): EventSummary => ({ text: t, tone: 'muted' });
const warn = (t: string): EventSummary => ({ text: t, tone: 'warn' });
