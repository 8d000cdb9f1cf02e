import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TV2mom } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

/** What an approval call sends: the V2MOM, the version shown, and for a request for changes, what should change. */
export type ApprovalStep =
  | { action: 'submit'; id: number; version: number }
  | { action: 'approve'; id: number; version: number }
  | { action: 'requestChanges'; id: number; version: number; comment: string };

const STEP_WORDS = {
  submit: { done: 'Submitted for approval', message: 'Your approver has been told.', failed: 'Could not submit' },
  approve: { done: 'V2MOM approved', message: 'Everyone can read it now.', failed: 'Could not approve' },
  requestChanges: { done: 'Changes requested', message: 'Its owner has been told what to change.', failed: 'Could not request changes' },
} as const;

function takeStep(step: ApprovalStep): Promise<TV2mom> {
  const { id, version } = step;
  switch (step.action) {
    case 'submit':
      return callApi(V2MOM_PATHS.submitV2mom, { params: { id }, body: { version } });
    case 'approve':
      return callApi(V2MOM_PATHS.approveV2mom, { params: { id }, body: { version } });
    case 'requestChanges':
      return callApi(V2MOM_PATHS.requestV2momChanges, { params: { id }, body: { version, comment: step.comment } });
  }
}

/**
 * POST /api/v2moms/{id}/submit, /approve and /request-changes (docs/PRODUCT.md#approval). The
 * answered row goes into the queries holding it; the dashboard's list and other screens learn of
 * it from the write's event.
 */
export function useApprovalStep(action: ApprovalStep['action']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeStep,
    meta: {
      successToast: { title: STEP_WORDS[action].done, message: STEP_WORDS[action].message },
      errorToast: (error) => ({ title: STEP_WORDS[action].failed, message: describeError(error, 'Something went wrong. Please try again.') }),
    },
    onSuccess: (row) => void putRows(queryClient, [{ entity: 'v2mom', row }]),
  });
}
