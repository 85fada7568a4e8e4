import type { GuestAlternative } from '../../shared/api/entrypoints';
import { ERRORS, type ErrorDefinition } from '../../shared/domain/errors';

export interface AppErrorOptions {
  /** Replaces the catalogue message, e.g. with a count filled in. */
  message?: string;
  title?: string;
  details?: { path: string; message: string }[];
  retryAfter?: number;
  /** Tip pages offered instead (a deactivated person's code). */
  alternatives?: GuestAlternative[];
  cause?: unknown;
}

/**
 * An expected failure with a catalogue code. Services throw these; the one error handler turns
 * them into responses. Anything else that escapes a handler is a bug and answers 500.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  readonly details: AppErrorOptions['details'];
  readonly retryAfter: number | undefined;
  readonly alternatives: GuestAlternative[] | undefined;

  constructor(definition: ErrorDefinition, options: AppErrorOptions = {}) {
    super(options.message ?? definition.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = definition.code;
    this.status = definition.status;
    this.title = options.title ?? definition.title;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
    this.alternatives = options.alternatives;
  }
}

export const notFound = (message?: string) =>
  new AppError(ERRORS.not_found, message ? { message } : {});
export const forbidden = (message?: string) =>
  new AppError(ERRORS.forbidden, message ? { message } : {});
export const unauthenticated = () => new AppError(ERRORS.unauthenticated);
