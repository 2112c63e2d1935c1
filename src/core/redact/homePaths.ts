/**
 * The home directories whose user name a redacted copy masks wherever it stands between path
 * separators (rules.ts: beyond the built-in `/home/x`, `/Users/x`, `C:\Users\x` shapes): the
 * home the log's own cwd lies in, and the exporting machine's. The CLI took the machine's alone
 * and the app the log's alone, so one copy kept a user name the other masked (audit R16-6).
 */
const HOME = /^(\/home\/[^/]+|\/Users\/[^/]+|[A-Za-z]:\\Users\\[^\\]+)(?=$|[/\\])/;

/** The home directory a session header's cwd lies in, if it lies in one. */
export function homeOfCwd(cwd: unknown): string | undefined {
  return typeof cwd === 'string' ? HOME.exec(cwd)?.[1] : undefined;
}

/** The homes to mask for a log whose header says `cwd`, plus `machineHome` when there is one. */
export function homePathsFor(cwd: unknown, machineHome?: string): string[] {
  const homes = [homeOfCwd(cwd), machineHome].filter((h): h is string => h !== undefined && h !== '');
  return [...new Set(homes)];
}
