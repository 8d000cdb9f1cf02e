import type { TErrorCode } from '@v2mom/contracts';

/** Extra JSON fields sent with the message, e.g. `fieldErrors` or who last changed a row. */
export type AppErrorExtra = Record<string, unknown>;

/** The one error type services throw; `error-handler.ts` turns its code into an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: Exclude<TErrorCode, 'internal'>,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
