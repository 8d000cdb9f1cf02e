import { canChangeStructure, canDeleteV2mom, canEditV2mom, PATHS, pathTo, type TPickedPerson, type TUser, type TV2momComplete } from '@v2mom/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { usePeopleByIds } from '../../../features/users/api/search-users';
import { PersonPicker } from '../../../features/users/components/person-picker';
import { useDeleteV2mom } from '../../../features/v2moms/api/delete-v2mom';
import { isV2momNotFound, useV2momComplete } from '../../../features/v2moms/api/get-v2mom-complete';
import { DocumentToolbar } from '../../../features/v2moms/components/document-toolbar';
import { FormPresenceContext, presenceItemOf } from '../../../features/v2moms/components/presence/form-presence';
import { RemovedWhileEditingNotice, RestoreDraftNotice } from '../../../features/v2moms/components/v2mom-form/draft-notices';
import { DeleteV2momDialog } from '../../../features/v2moms/components/v2mom-form/delete-v2mom-dialog';
import { ConflictNotice } from '../../../features/v2moms/components/v2mom-form/conflict-notice';
import type { FormEditor, RemovableKind } from '../../../features/v2moms/components/v2mom-form/form-editor';
import type { FieldConflict } from '../../../features/v2moms/components/v2mom-form/form-sync';
import { FormSyncContext } from '../../../features/v2moms/components/v2mom-form/form-sync-context';
import { FormSkeleton } from '../../../features/v2moms/components/v2mom-form/form-skeleton';
import { isSaved, removeMethod, removeObstacle, removeValue, type FormTab, type V2momFormMode, type V2momFormState } from '../../../features/v2moms/components/v2mom-form/form-state';
import { HeaderFields } from '../../../features/v2moms/components/v2mom-form/header-fields';
import { useStartMine } from '../../../features/v2moms/api/get-start-mine';
import { START_MINE_PARAM } from '../../../features/v2moms/components/start-my-v2mom';
import { AlignmentFields } from '../../../features/v2moms/components/v2mom-form/alignment-fields';
import { useDepartments } from '../../../features/users/api/get-departments';
import { MeasuresTab } from '../../../features/v2moms/components/v2mom-form/measures-tab';
import { MethodsTab } from '../../../features/v2moms/components/v2mom-form/methods-tab';
import { OtherConflicts } from '../../../features/v2moms/components/v2mom-form/other-conflicts';
import { ObstaclesTab } from '../../../features/v2moms/components/v2mom-form/obstacles-tab';
import { RemovalConfirm, type PendingRemoval } from '../../../features/v2moms/components/v2mom-form/removal-confirm';
import { Muted } from '../../../features/v2moms/components/v2mom-form/tab-text';
import { useV2momForm } from '../../../features/v2moms/components/v2mom-form/use-v2mom-form';
import { ValuesTab } from '../../../features/v2moms/components/v2mom-form/values-tab';
import { VisionTab } from '../../../features/v2moms/components/v2mom-form/vision-tab';
import { formStops } from '../../../features/v2moms/components/v2mom-form/unseen-stops';
import { UnseenMarksContext } from '../../../features/v2moms/components/unseen/unseen-context';
import { useUnseen } from '../../../features/v2moms/components/unseen/use-unseen';
import { useV2momPresence } from '../../../features/v2moms/realtime/use-v2mom-presence';

const Form = styled.form`
  display: grid;
  /* minmax(0, 1fr): the scrollable tab strip must not widen the page on a phone. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[5]};
`;

interface V2momFormProps {
  mode: V2momFormMode;
  viewer: TUser;
  /** The saved document in edit mode. */
  document: TV2momComplete | null;
  start?: Partial<V2momFormState> | undefined;
}

function V2momForm({ mode, viewer, document, start }: V2momFormProps) {
  const navigate = useNavigate();
  const editing = useV2momForm({ mode, viewer, document, start });
  const { id, form, setForm, tab, setTab, fieldErrors, titleRef, yearRef, submit, saving, conflict, draft, removed } = editing;
  const unseen = useUnseen(id, document ?? undefined, viewer.id);
  const [revealedMethod, setRevealedMethod] = useState<{ key: string } | null>(null);
  const [removal, setRemoval] = useState<PendingRemoval | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const owners = useFormOwners(viewer, form, editing.conflicts);
  const departments = useDepartments();
  const departmentsById = useMemo(() => new Map((departments.data ?? []).map((department) => [department.id, department])), [departments.data]);
  const presence = useV2momPresence(id, 'editing', viewer.id);
  const deletion = useDeleteV2mom({
    successToast: { title: 'V2MOM deleted successfully', message: "You've been redirected to the dashboard" },
  });
  const backTo = id === null ? PATHS.myV2moms : pathTo.v2mom(id);

  const remove = (kind: RemovableKind, key: string) => {
    setForm((state) => (kind === 'value' ? removeValue(state, key) : kind === 'method' ? removeMethod(state, key) : removeObstacle(state, key)));
  };

  const editor: FormEditor = {
    form,
    update: setForm,
    mode,
    viewer,
    canChangeStructure: canChangeStructure(viewer),
    owners,
    requestRemoval: (kind, key) => {
      const list = kind === 'value' ? form.values : kind === 'method' ? form.methods : form.obstacles;
      const item = list.find((entry) => entry.key === key);
      if (item && isSaved(item)) setRemoval({ kind, key });
      else remove(kind, key);
    },
    fieldErrors,
    saved: document,
  };

  return (
    <UnseenMarksContext.Provider value={unseen.marks}>
      <Form
        onSubmit={submit}
        noValidate
        aria-labelledby="v2mom-form-title"
        onFocus={(event) => presence.focus(presenceItemOf(event))}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) presence.focus(null);
        }}
      >
        <FormPresenceContext.Provider value={presence.others}>
          <FormSyncContext.Provider value={editing}>
            <DocumentToolbar
              backTo={backTo}
              title={<PageTitle id="v2mom-form-title">{mode === 'create' ? 'Create V2MOM' : 'Edit V2MOM'}</PageTitle>}
              others={presence.others}
              actions={
                <>
                  {mode === 'edit' && canDeleteV2mom(viewer) ? (
                    <Button variant="danger" onClick={() => setConfirmDelete(true)} loading={deletion.isPending}>
                      {deletion.isPending ? 'Deleting...' : 'Delete'}
                    </Button>
                  ) : null}
                  <LinkButton to={backTo} variant="secondary">
                    Cancel
                  </LinkButton>
                  <Button type="submit" variant="primary" loading={saving}>
                    {saving ? 'Saving...' : 'Save V2MOM'}
                  </Button>
                </>
              }
            />

            {draft ? <RestoreDraftNotice draft={draft} onRestore={editing.restoreDraft} onDiscard={editing.discardDraft} /> : null}
            {conflict ? <ConflictNotice conflict={conflict} onSave={() => submit()} saving={saving} /> : null}
            {removed.length > 0 ? <RemovedWhileEditingNotice removed={removed} onDismiss={editing.dismissRemoved} /> : null}
            <OtherConflicts form={form} people={owners.people} departments={departmentsById} />

            {unseen.data && unseen.Banner && document ? (
              <unseen.Banner
                unseen={unseen.data}
                document={document}
                stops={formStops(document.id, form, unseen.marks.items, { tab: setTab, method: (key) => setRevealedMethod({ key }) })}
              />
            ) : null}

            <HeaderFields {...editor} titleRef={titleRef} yearRef={yearRef} />
            <AlignmentFields {...editor} departments={departments.data ?? []} />

            <Tabs<FormTab>
              label="V2MOM sections"
              selected={tab}
              onSelect={setTab}
              tabs={[
                { key: 'vision', label: 'Vision' },
                { key: 'values', label: 'Values', count: form.values.length },
                { key: 'methods', label: 'Methods', count: form.methods.length },
                { key: 'obstacles', label: 'Obstacles', count: form.obstacles.length },
                { key: 'measures', label: 'Measures' },
              ]}
            >
              {tab === 'vision' ? <VisionTab {...editor} /> : null}
              {tab === 'values' ? <ValuesTab {...editor} /> : null}
              {tab === 'methods' ? <MethodsTab {...editor} revealed={revealedMethod} /> : null}
              {tab === 'obstacles' ? <ObstaclesTab {...editor} /> : null}
              {tab === 'measures' ? <MeasuresTab form={form} measures={document?.measures ?? []} /> : null}
            </Tabs>

            {editor.canChangeStructure ? null : (
              <Muted>
                You can edit the text of existing values, methods and obstacles. Adding or deleting them needs the structure
                permission.
              </Muted>
            )}

            <RemovalConfirm removal={removal} onClose={() => setRemoval(null)} onConfirm={({ kind, key }) => remove(kind, key)} />

            {id !== null ? (
              <DeleteV2momDialog
                open={confirmDelete}
                onOpenChange={setConfirmDelete}
                aligned={document ?? undefined}
                onConfirm={(aligned) => deletion.mutate({ id, aligned }, { onSuccess: () => navigate(PATHS.root) })}
              />
            ) : null}
          </FormSyncContext.Provider>
        </FormPresenceContext.Provider>
      </Form>
    </UnseenMarksContext.Provider>
  );
}

/** Every owner the form holds and every owner someone else's conflicting change names. */
function ownerIdsOf(form: V2momFormState, conflicts: readonly FieldConflict[]): number[] {
  const held = [...form.methods, ...form.obstacles].map((item) => item.ownerId);
  const theirs = conflicts.flatMap((conflict) => (conflict.field === 'ownerId' ? [conflict.theirs] : []));
  return [...held, ...theirs].filter((id): id is number => typeof id === 'number');
}

/**
 * The owner fields' people: the owners the form names, read by id (never the whole company,
 * docs/PRODUCT.md#paged-lists), the viewer and whoever is picked here, found as one types.
 */
function useFormOwners(viewer: TUser, form: V2momFormState, conflicts: readonly FieldConflict[]): FormEditor['owners'] {
  const [picked, setPicked] = useState<ReadonlyMap<number, TPickedPerson>>(() => new Map([[viewer.id, viewer]]));
  const ids = useMemo(() => ownerIdsOf(form, conflicts).filter((id) => !picked.has(id)), [form, conflicts, picked]);
  const loaded = usePeopleByIds(ids);
  const people = useMemo(() => new Map([...loaded, ...picked]), [loaded, picked]);
  const remember = useCallback((person: TPickedPerson) => setPicked((known) => new Map(known).set(person.id, person)), []);
  return useMemo(() => ({ people, Picker: PersonPicker, remember }), [people, remember]);
}

function EditV2mom({ id, viewer }: { id: number; viewer: TUser }) {
  const query = useV2momComplete(id);
  if (query.isPending) return <FormSkeleton />;
  // A failed refetch (live change, polling) keeps the form and the user's edits on screen.
  if (query.isError && query.data === undefined) {
    const notFound = isV2momNotFound(query.error);
    return (
      <>
        <PageTitle>Edit V2MOM</PageTitle>
        <LoadError
          title={notFound ? 'V2MOM Not Found' : "We couldn't load this V2MOM."}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (!canEditV2mom(viewer, query.data)) {
    return (
      <Card>
        <PageTitle>Edit V2MOM</PageTitle>
        <Muted style={{ margin: '8px 0 16px' }}>Only the owner of this V2MOM can edit it.</Muted>
        <LinkButton to={pathTo.v2mom(id)}>Back to the V2MOM</LinkButton>
      </Card>
    );
  }
  return <V2momForm key={id} mode="edit" viewer={viewer} document={query.data} />;
}

/** /my-v2mom/create and /my-v2mom/edit/{id}: the whole document, saved in one request. */
export default function V2momFormPage({ mode }: { mode: V2momFormMode }) {
  const viewer = useSignedInUser();
  const params = useParams();
  if (mode === 'edit') return <EditV2mom id={Number(params.id)} viewer={viewer} />;
  return <CreateV2mom viewer={viewer} />;
}

/**
 * A new V2MOM; opened by Start my V2MOM (`?start={year}`), it waits for the suggestion and starts
 * as the person's V2MOM of that year aligned to it (docs/PRODUCT.md#alignment).
 */
function CreateV2mom({ viewer }: { viewer: TUser }) {
  const [search] = useSearchParams();
  const year = Number(search.get(START_MINE_PARAM));
  const starting = Number.isInteger(year) && year > 0;
  const suggestion = useStartMine(year, { enabled: starting });
  if (starting && suggestion.isPending) return <FormSkeleton />;
  const parent = suggestion.data?.suggestedParent;
  const start = starting ? { year: String(year), level: 'person' as const, parent: parent ? { id: parent.id, title: parent.title } : null } : undefined;
  return <V2momForm mode="create" viewer={viewer} document={null} start={start} />;
}
