import { z } from 'zod';

/** Every non-2xx JSON body the API sends. `fieldErrors` only on validation failures (400). */
export const ZErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBodySchema>;

/** Error codes the server uses; one place on the server maps each to an HTTP status. */
export type TErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  /** 403 to every call but the session, sign-out and password change while a temporary password is set. */
  | 'password_change_required'
  | 'not_found'
  | 'conflict'
  /** 409: the write would change a reviewed quarter's goal or measure (docs/PRODUCT.md#quarter-review). */
  | 'quarter_reviewed'
  | 'too_many_requests'
  /** 413: an uploaded file larger than its limit. */
  | 'too_large'
  /** 422: a file or an export that cannot be made as asked (too many rows, rows with errors). */
  | 'unprocessable'
  /** 503: the database cannot be reached; the same call may succeed in a few seconds. */
  | 'unavailable'
  /** 503: the write waited too long for a row others' writes hold, and changed nothing; the same call may succeed in a moment. */
  | 'busy'
  | 'internal';
