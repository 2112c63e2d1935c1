/**
 * What a view shows for a value the log does not have (no model, no cost, no duration) or a
 * number that is not finite: one em dash, the same in the timeline, the header, the Library,
 * the Why tables and the CLI, so a missing figure never reads as a minus sign or a hyphen.
 */
export const NO_VALUE = '—';
