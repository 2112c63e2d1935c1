/**
 * Keeps one pane's failure in that pane: a render error (an event no view expected) shows what
 * failed and a way to try again, and the other panes, the header and the loaded log stay. Without
 * it React unmounts the whole app and the page goes blank until a reload, which (with the same
 * link) fails again (audit R8-13: an event time past JavaScript's date range). Every dialog has
 * one too (ModalDialog): a session header whose seedLength was an object blanked the app (R22-9).
 */
import { Component, type ReactNode } from 'react';

interface Props {
  /** The pane's name, as its header says it ("Messages"). */
  label: string;
  /** What it keeps the failure in: a pane (the default) or a dialog. */
  kind?: 'pane' | 'dialog';
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class PaneBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { label, kind = 'pane' } = this.props;
    return (
      <div role="alert" className="flex h-full flex-col gap-2 overflow-auto bg-panel p-3 text-[12px] text-fg">
        <p className="font-medium">
          {kind === 'pane'
            ? `The ${label.toLowerCase()} pane could not show this event.`
            : `The ${label.toLowerCase()} dialog could not show this log.`}
        </p>
        <p className="font-mono text-[11px] break-words text-fg-muted">{error.message}</p>
        <p className="text-fg-muted">
          {kind === 'pane'
            ? 'The log and the other panes are unaffected; select another event, or try again.'
            : 'The log and the panes are unaffected; close the dialog, or try again.'}
        </p>
        <button
          type="button"
          onClick={() => this.setState({ error: null })}
          className="self-start rounded border border-border px-2 py-0.5 hover:bg-tint/10"
        >
          Try again
        </button>
      </div>
    );
  }
}
