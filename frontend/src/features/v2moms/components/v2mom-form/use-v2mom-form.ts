import { useQueryClient } from '@tanstack/react-query';
import { pathTo, ZNewV2momDocumentSchema, ZV2momDocumentSchema, type TEntityChangedEvent, type TUser, type TV2momComplete } from '@v2mom/contracts';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEntityChanged } from '../../../../lib/live/use-entity-changed';
import { notify } from '../../../../lib/toast';
import { v2momCompleteQueryOptions } from '../../api/get-v2mom-complete';
import { conflictOf, useSaveV2momDocument } from '../../api/save-v2mom-document';
import { addChange, isChangeUnderneath, loadedVersions } from './changes-underneath';
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

interface V2momFormOptions {
  mode: V2momFormMode;
  viewer: TUser;
  /** The saved document in edit mode. */
  document: TV2momComplete | null;
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

/**
 * The V2MOM form's state and what it does: edit, check and save the whole document, and keep
 * track of what others saved underneath since it was loaded (a Reload takes their version).
 */
export function useV2momForm({ mode, viewer, document }: V2momFormOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<V2momFormState>(() => (document ? formFromDocument(document) : emptyForm()));
  const [tab, setTab] = useState<FormTab>('vision');
  // Fields show what is wrong with them from the first refused save on, and follow each edit.
  const [showErrors, setShowErrors] = useState(false);
  const [refusedByServer, setRefusedByServer] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const [reloading, setReloading] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const yearRef = useRef<HTMLInputElement>(null);
  const save = useSaveV2momDocument(mode);
  const id = document?.id ?? null;

  const fieldErrors = useMemo(() => {
    if (!showErrors) return refusedByServer;
    return new Map([...refusedByServer, ...clientFieldErrors(form, mode, id, viewer.id)]);
  }, [showErrors, refusedByServer, form, mode, id, viewer.id]);

  // What others saved since the form was loaded (docs/PRODUCT.md).
  const [loadedFrom, setLoadedFrom] = useState(document);
  const loaded = useMemo(() => (loadedFrom ? loadedVersions(loadedFrom) : new Map<string, number>()), [loadedFrom]);
  const [underneath, setUnderneath] = useState<TEntityChangedEvent[]>([]);
  useEntityChanged((event) => {
    if (id !== null && isChangeUnderneath(event, id, loaded, viewer.id)) setUnderneath((changes) => addChange(changes, event));
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusedByServer(NO_FIELD_ERRORS);
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
      onSuccess: (saved) => navigate(pathTo.v2mom(saved.id)),
      onError: (error) => setRefusedByServer(serverFieldErrors(error, sent)),
    });
  };

  const reload = async () => {
    if (id === null) return;
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...v2momCompleteQueryOptions(id), staleTime: 0 });
      setForm(formFromDocument(fresh));
      setLoadedFrom(fresh);
      setUnderneath([]);
      save.reset();
      setShowErrors(false);
      setRefusedByServer(NO_FIELD_ERRORS);
    } catch {
      // The notice stays and the user's edits with it; the page shows why the V2MOM did not load.
    } finally {
      setReloading(false);
    }
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
    conflict: conflictOf(save.error),
    reload,
    reloading,
    /** Others' saves since `loadedFrom`, the version the form was loaded at. */
    underneath,
    loadedFrom,
  };
}
