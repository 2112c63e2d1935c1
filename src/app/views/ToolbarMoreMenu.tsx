/**
 * The timeline toolbar's "Errors only" toggle and fold buttons, and the menu they move into when
 * the timeline is too narrow to show them on its one line. Which of them shows where is decided
 * by container queries on the toolbar (`@container` in TimelineToolbar), not by measuring: the
 * pane's width can change at any time (a divider dragged, the window resized).
 *
 * - 30rem and wider: every control on the line, no menu.
 * - 22rem to 30rem: the fold buttons go into "Fold ▾".
 * - narrower: "Errors only" goes too, and the menu reads "More ▾".
 */
import { usePopupButton } from '../components/useDismiss';
import { useApp } from '../appState';
import { useServices } from '../services/context';

/** Where the toolbar shows "Errors only" itself (the menu holds it below that width). */
export const WIDE_ERRORS = '@min-[22rem]:block';
/** Where the toolbar shows the fold buttons itself (the menu holds them below that width). */
export const WIDE_FOLD = '@min-[30rem]:flex';

const FOLD_LEVELS = [
  { level: 'turns', short: 'Turns', long: 'Fold every turn' },
  { level: 'steps', short: 'Steps', long: 'Fold every step' },
  { level: 'none', short: 'All', long: 'Unfold turns and steps' },
] as const;

const FOLD_DISABLED_WHY = 'Folding applies to the whole timeline: clear the filters first';

export function ErrorsOnlyButton({ className, onDone }: { className: string; onDone?: () => void }) {
  const { load } = useServices();
  const filter = useApp((s) => s.filter);
  return (
    <button
      type="button"
      aria-pressed={filter.errorsOnly}
      onClick={() => {
        load.setFilter({ ...filter, errorsOnly: !filter.errorsOnly });
        onDone?.();
      }}
      className={`${className} ${filter.errorsOnly ? 'border-red-500/50 bg-red-500/15 text-red-200' : 'border-line text-fg-muted hover:text-fg'}`}
      title="Only events with an error diagnostic, failed tool results, error or aborted turn ends and failed attempts"
    >
      Errors only
    </button>
  );
}

export function FoldButtons({ filtered, className }: { filtered: boolean; className: string }) {
  const { load } = useServices();
  const foldLevel = useApp((s) => s.foldLevel);
  return (
    <div className={className} role="group" aria-label="Fold">
      {FOLD_LEVELS.map(({ level, short, long }) => (
        <button
          key={level}
          type="button"
          disabled={filtered}
          onClick={() => load.foldAll(level)}
          className={`h-6 px-1.5 disabled:opacity-40 ${foldLevel === level ? 'bg-tint/10 text-fg-strong' : 'text-fg-muted hover:text-fg'}`}
          title={filtered ? FOLD_DISABLED_WHY : long}
        >
          {short}
        </button>
      ))}
    </div>
  );
}

/** "Fold ▾" (or "More ▾" when "Errors only" is in it too): shown only while the line is too narrow. */
export function ToolbarMoreMenu({ filtered }: { filtered: boolean }) {
  const { load } = useServices();
  const foldLevel = useApp((s) => s.foldLevel);
  const errorsOnly = useApp((s) => s.filter.errorsOnly);
  const { open, setOpen, close, ref, buttonProps } = usePopupButton();
  return (
    <div className="@min-[30rem]:hidden" ref={ref}>
      <button
        {...buttonProps}
        aria-controls="timeline-more-menu"
        data-testid="timeline-more"
        className={`h-6 rounded border px-2 whitespace-nowrap ${errorsOnly ? '@max-[22rem]:border-red-500/50 @max-[22rem]:bg-red-500/15 @max-[22rem]:text-red-200' : ''} border-line text-fg-muted hover:text-fg`}
      >
        <span className="@max-[22rem]:hidden">Fold</span>
        <span className="@min-[22rem]:hidden">More</span> ▾
      </button>
      {open && (
        <div
          id="timeline-more-menu"
          data-testid="timeline-more-menu"
          className="absolute top-full right-2 z-30 mt-0.5 flex w-56 max-w-[calc(100%-1rem)] flex-col gap-0.5 rounded border border-line-strong bg-panel p-1 shadow-xl"
        >
          <ErrorsOnlyButton
            className="rounded border px-2 py-1 pl-6 text-left @min-[22rem]:hidden"
            onDone={() => setOpen(false)}
          />
          {FOLD_LEVELS.map(({ level, long }) => (
            <button
              key={level}
              type="button"
              disabled={filtered}
              aria-pressed={foldLevel === level}
              data-fold={level}
              onClick={() => {
                load.foldAll(level);
                close();
              }}
              className={`rounded px-2 py-1 text-left disabled:opacity-40 ${foldLevel === level ? 'bg-tint/10 text-fg-strong' : 'text-fg-soft hover:bg-tint/10'}`}
              title={filtered ? FOLD_DISABLED_WHY : undefined}
            >
              <span aria-hidden="true" className="inline-block w-4">
                {foldLevel === level ? '✓' : ''}
              </span>
              {long}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
