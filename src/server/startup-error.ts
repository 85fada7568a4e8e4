/** A start that failed for a reason the operator can fix (database unreachable, port taken). */
export class StartupError extends Error {}
