/**
 * The header's theme button: one click steps system -> light -> dark; its
 * label says the current choice and what a click does next.
 */
import { chooseTheme, nextTheme, useTheme, type ThemeChoice } from '../theme';

const LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeToggle() {
  const choice = useTheme((s) => s.choice);
  const resolved = useTheme((s) => s.resolved);
  const next = nextTheme(choice);
  const label = `Theme: ${LABEL[choice]}${choice === 'system' ? ` (${resolved})` : ''}. Switch to ${LABEL[next]}`;
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      data-theme-choice={choice}
      onClick={() => chooseTheme(next)}
      className="flex h-6 w-6 shrink-0 items-center justify-center rounded border border-line-strong text-fg-soft hover:bg-tint/10"
      title={label}
      aria-label={label}
    >
      <ThemeIcon choice={choice} />
    </button>
  );
}

function ThemeIcon({ choice }: { choice: ThemeChoice }) {
  return (
    <svg
      viewBox="0 0 16 16"
      className="h-3.5 w-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden
    >
      {choice === 'light' ? (
        <>
          <circle cx="8" cy="8" r="3" />
          <path d="M8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.4 1.4M11.6 11.6L13 13M3 13l1.4-1.4M11.6 4.4L13 3" />
        </>
      ) : choice === 'dark' ? (
        <path d="M13.5 9.5A5.5 5.5 0 0 1 6.5 2.5a5.5 5.5 0 1 0 7 7z" />
      ) : (
        <>
          <circle cx="8" cy="8" r="6" />
          <path d="M8 2a6 6 0 0 1 0 12z" fill="currentColor" />
        </>
      )}
    </svg>
  );
}
