import { useQueryClient } from '@tanstack/react-query';
import { pathTo, ZNewV2momDocumentSchema, ZV2momDocumentSchema, type TUser, type TV2momComplete, type TV2momDocumentSaved } from '@v2mom/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../../lib/toast';
import { v2momCompleteQueryOptions } from '../../api/get-v2mom-complete';
import { conflictOf } from '../../../../lib/conflict';
import { hasMergeConflicts, useSaveV2momDocument } from '../../api/save-v2mom-document';
import { draftKey, dropDraft, readDraft, writeDraft, type FormDraft } from './form-draft';
import { fieldErrorsOf, NO_FIELD_ERRORS, serverFieldErrors, type FieldErrors } from './field-errors';
import {
  describeDocumentIssue,
  emptyForm,
  formFromDocument,
  toDocument,
  toNewDocument,
  validateHeader,
  type FormTab,
  type V2momFormMode,
  type V2momFormState,
} from './form-state';
import {
  fieldAddress,
  hasEdits,
  HEADER_KEY,
  dropRemoved,
  openConflicts,
  syncForm,
  takeTheirs,
  type FieldConflict,
  type LandedChange,
  type RemovedWhileEditing,
} from './form-sync';
import { clock } from '../../../../lib/clock';

interface V2momFormOptions {
  mode: V2momFormMode;
  viewer: TUser;
  /** The saved document in edit mode. */
  document: TV2momComplete | null;
  /** What a new V2MOM starts with besides the defaults (Start my V2MOM). */
  start?: Partial<V2momFormState> | undefined;
}

function parseDocument(form: V2momFormState, id: number | null, viewerId: number) {
  return id === null
    ? ZNewV2momDocumentSchema.safeParse(toNewDocument(form, viewerId))
    : ZV2momDocumentSchema.safeParse(toDocument(form, viewerId));
}

/** Every field the form would refuse now: the header's rules first, then the document schema's. */
function clientFieldErrors(form: V2momFormState, mode: V2momFormMode, id: number | null, viewerId: number): FieldErrors {
  const parsed = parseDocument(form, id, viewerId);
  const errors = fieldErrorsOf(parsed.success ? [] : parsed.error.issues, form);
  const header = validateHeader(form, mode);
  if (header.title) errors.set('title', header.title);
  if (header.year) errors.set('year', header.year);
  return errors;
}

/** How long a field that took someone else's value says who (as the other screens' highlights). */
const LANDED_MS = 6_000;

/** A landed change with a serial, so a second change to the field restarts its highlight. */
export interface LandedField extends LandedChange {
  serial: number;
}

interface Editing {
  form: V2momFormState;
  /** The form as the document it last synced with: what "the user changed" is measured against. */
  base: V2momFormState;
  /** That document (edit mode). */
  syncedFrom: TV2momComplete | null;
  conflicts: FieldConflict[];
  landed: LandedField[];
  removed: RemovedWhileEditing[];
  /** The last serial given to a landed change. */
  serial: number;
}

/** The form rebased onto a newer document (form-sync.ts). */
function synced(editing: Editing, form: V2momFormState, base: V2momFormState, next: TV2momComplete | TV2momDocumentSaved): Editing {
  const result = syncForm(form, base, next, 'merge' in next ? next.merge.conflicts : []);
  const landed = result.landed.map((change, index) => ({ ...change, serial: editing.serial + index + 1 }));
  const fresh = new Set(landed.map(fieldAddress));
  return {
    form: result.form,
    base: formFromDocument(next),
    syncedFrom: next,
    conflicts: openConflicts(editing.conflicts, result.conflicts, result.form),
    landed: [...editing.landed.filter((change) => !fresh.has(fieldAddress(change))), ...landed],
    removed: [...editing.removed, ...result.removed],
    serial: editing.serial + landed.length,
  };
}

function tabOf(form: V2momFormState, itemKey: string): FormTab {
  if (itemKey === HEADER_KEY) return 'vision';
  if (form.values.some((item) => item.key === itemKey)) return 'values';
  return form.methods.some((item) => item.key === itemKey) ? 'methods' : 'obstacles';
}

/** The draft left by an earlier visit, if it holds edits (offered back before anything else). */
function draftToOffer(key: string): FormDraft | null {
  const draft = readDraft(window.localStorage, key);
  return draft && hasEdits(draft.form, draft.base) ? draft : null;
}

/**
 * The V2MOM form's state and what it does (docs/PRODUCT.md#editing-together): edit, check and
 * save the whole document; follow what others commit while it is open (their values flow into
 * untouched fields, a field both changed waits for 'Keep mine' or 'Take theirs'); and keep a
 * local draft of unsaved edits, offered back when the form opens again.
 */
export function useV2momForm({ mode, viewer, document, start }: V2momFormOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(() => {
    const form = document ? formFromDocument(document) : { ...emptyForm(), ...start };
    return { form, base: form, syncedFrom: document, conflicts: [], landed: [], removed: [], serial: 0 };
  });
  const { form, base } = editing;
  const [tab, setTab] = useState<FormTab>('vision');
  // Fields show what is wrong with them from the first refused save on, and follow each edit.
  const [showErrors, setShowErrors] = useState(false);
  const [refusedByServer, setRefusedByServer] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const titleRef = useRef<HTMLInputElement>(null);
  const yearRef = useRef<HTMLInputElement>(null);
  const save = useSaveV2momDocument(mode);
  const id = document?.id ?? null;
  const storageKey = draftKey(viewer.id, id);

  const setForm = useCallback((change: (state: V2momFormState) => V2momFormState) => {
    setEditing((current) => ({ ...current, form: change(current.form) }));
  }, []);

  const fieldErrors = useMemo(() => {
    if (!showErrors) return refusedByServer;
    return new Map([...refusedByServer, ...clientFieldErrors(form, mode, id, viewer.id)]);
  }, [showErrors, refusedByServer, form, mode, id, viewer.id]);

  // Every newer copy of the document (the live bridge refreshes it on others' commits) is merged in.
  // Adjusted while rendering (React's pattern for state that follows a prop).
  const { syncedFrom } = editing;
  if (document && syncedFrom && document !== syncedFrom && document.version >= syncedFrom.version) {
    setEditing(synced(editing, editing.form, editing.base, document));
  }

  const { landed } = editing;
  useEffect(() => {
    const last = landed.at(-1)?.serial;
    if (last === undefined) return;
    const timer = setTimeout(() => setEditing((current) => ({ ...current, landed: current.landed.filter((change) => change.serial > last) })), LANDED_MS);
    return () => clearTimeout(timer);
  }, [landed]);

  // The local draft: offered first; then kept in step with the edits, dropped when there are none.
  const [draft, setDraft] = useState(() => draftToOffer(storageKey));
  useEffect(() => {
    if (draft) return;
    if (hasEdits(form, base)) writeDraft(window.localStorage, storageKey, { form, base, savedAt: clock.now().toISOString() });
    else dropDraft(window.localStorage, storageKey);
  }, [draft, form, base, storageKey]);

  const restoreDraft = () => {
    if (!draft) return;
    const restored = draft;
    setEditing((current) =>
      current.syncedFrom
        ? synced(current, restored.form, restored.base, current.syncedFrom)
        : { ...current, form: restored.form },
    );
    setDraft(null);
  };
  const discardDraft = () => {
    dropDraft(window.localStorage, storageKey);
    setDraft(null);
  };

  const keepMine = (conflict: FieldConflict) =>
    setEditing((current) => ({ ...current, conflicts: current.conflicts.filter((open) => open !== conflict) }));
  const takeTheirsOf = (conflict: FieldConflict) =>
    setEditing((current) => ({
      ...current,
      form: takeTheirs(current.form, conflict),
      conflicts: current.conflicts.filter((open) => open !== conflict),
    }));
  const dismissRemoved = () => setEditing((current) => ({ ...current, form: dropRemoved(current.form, current.removed), removed: [] }));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setRefusedByServer(NO_FIELD_ERRORS);
    if (editing.removed.length > 0) {
      // Items others deleted cannot be saved: they leave now, as the notice says.
      dismissRemoved();
      notify({ variant: 'destructive', title: 'Error saving V2MOM', message: 'Some items you were editing were deleted by others. Check the form, then save again.' });
      return;
    }
    const [unsettled] = editing.conflicts;
    if (unsettled) {
      setTab(tabOf(form, unsettled.itemKey));
      notify({ variant: 'destructive', title: 'Error saving V2MOM', message: "Choose 'Keep mine' or 'Take theirs' where someone else changed what you changed." });
      return;
    }
    const headerErrors = validateHeader(form, mode);
    if (headerErrors.title || headerErrors.year) {
      setShowErrors(true);
      (headerErrors.title ? titleRef : yearRef).current?.focus();
      return;
    }
    const parsed = parseDocument(form, id, viewer.id);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const problem = issue ? describeDocumentIssue(issue) : { tab, message: 'Please check the form.' };
      setShowErrors(true);
      setTab(problem.tab);
      notify({ variant: 'destructive', title: 'Error saving V2MOM', message: problem.message });
      return;
    }
    const input = id === null ? ({ mode: 'create', document: parsed.data } as const) : ({ mode: 'edit', id, document: parsed.data } as const);
    const sent = form;
    save.mutate(input as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        // Saved, except fields someone else had changed too: the form stays open on the stored
        // document, those fields show their value and wait for 'Keep mine' or 'Take theirs'.
        if (hasMergeConflicts(saved)) {
          setEditing((current) => synced(current, current.form, current.base, saved));
          return;
        }
        dropDraft(window.localStorage, storageKey);
        navigate(pathTo.v2mom(saved.id));
      },
      onError: (error) => {
        setRefusedByServer(serverFieldErrors(error, sent));
        // Someone saved first: their document is fetched and merged in like a live change, so the
        // user settles any field both changed and saves again, never starting over.
        if (id !== null && conflictOf(error)) void queryClient.fetchQuery({ ...v2momCompleteQueryOptions(id), staleTime: 0 }).catch(() => undefined);
      },
    });
  };

  return {
    id,
    form,
    setForm,
    tab,
    setTab,
    fieldErrors,
    titleRef,
    yearRef,
    submit,
    saving: save.isPending,
    /** The last save's 409, until the next save. */
    conflict: conflictOf(save.error),
    conflicts: editing.conflicts,
    landed,
    keepMine,
    takeTheirs: takeTheirsOf,
    removed: editing.removed,
    dismissRemoved,
    draft,
    restoreDraft,
    discardDraft,
  };
}
