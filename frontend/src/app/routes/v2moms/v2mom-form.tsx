import { useQueryClient } from '@tanstack/react-query';
import {
  canChangeStructure,
  canDeleteV2mom,
  canEditV2mom,
  PATHS,
  pathTo,
  UNTITLED_V2MOM,
  V2MOM_YEAR_RANGE,
  ZNewV2momDocumentSchema,
  ZV2momDocumentSchema,
  type TEntityChangedEvent,
  type TUser,
  type TV2momComplete,
} from '@v2mom/contracts';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldDescriptionId, Input, Textarea } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { TypedDeleteConfirm } from '../../../components/ui/typed-delete-confirm';
import { useEntityChanged } from '../../../lib/live/use-entity-changed';
import { notify } from '../../../lib/toast';
import { media } from '../../../lib/theme/tokens';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useUsers } from '../../../features/users/api/get-users';
import { useDeleteV2mom } from '../../../features/v2moms/api/delete-v2mom';
import { isV2momNotFound, useV2momComplete, v2momCompleteQueryOptions } from '../../../features/v2moms/api/get-v2mom-complete';
import { conflictOf, useSaveV2momDocument } from '../../../features/v2moms/api/save-v2mom-document';
import { useV2momPresence } from '../../../features/v2moms/realtime/use-v2mom-presence';
import { EditingMarker, FormPresenceContext, presenceItem, presenceItemOf } from '../../../features/v2moms/components/presence/form-presence';
import { DocumentToolbar } from '../../../features/v2moms/components/document-toolbar';
import { addChange, isChangeUnderneath, loadedVersions } from '../../../features/v2moms/components/v2mom-form/changes-underneath';
import { ConflictNotice } from '../../../features/v2moms/components/v2mom-form/conflict-notice';
import type { FormEditor, RemovableKind } from '../../../features/v2moms/components/v2mom-form/form-editor';
import { Muted } from '../../../features/v2moms/components/v2mom-form/tab-text';
import {
  describeDocumentIssue,
  emptyForm,
  formFromDocument,
  isSaved,
  removeMethod,
  removeObstacle,
  removeValue,
  toDocument,
  toNewDocument,
  validateHeader,
  type FormTab,
  type V2momFormMode,
  type V2momFormState,
} from '../../../features/v2moms/components/v2mom-form/form-state';
import { FormSkeleton } from '../../../features/v2moms/components/v2mom-form/form-skeleton';
import { LiveChangeNotice } from '../../../features/v2moms/components/v2mom-form/live-change-notice';
import { MeasuresTab } from '../../../features/v2moms/components/v2mom-form/measures-tab';
import { MethodsTab } from '../../../features/v2moms/components/v2mom-form/methods-tab';
import { ObstaclesTab } from '../../../features/v2moms/components/v2mom-form/obstacles-tab';
import { ValuesTab } from '../../../features/v2moms/components/v2mom-form/values-tab';

export type { V2momFormMode };

const Form = styled.form`
  display: grid;
  /* minmax(0, 1fr): the scrollable tab strip must not widen the page on a phone. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[5]};
`;

const HeaderFields = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 160px;
  gap: ${({ theme }) => theme.space[4]};

  ${media.small} {
    grid-template-columns: 1fr;
  }
`;

const VisionItem = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const REMOVAL_TEXT: Record<RemovableKind, { title: string; cancelled: string; noun: string }> = {
  value: { title: 'Delete this value?', cancelled: 'Value was not deleted', noun: 'value' },
  method: { title: 'Delete this method?', cancelled: 'Method was not deleted', noun: 'method' },
  obstacle: { title: 'Delete this obstacle?', cancelled: 'Obstacle was not deleted', noun: 'obstacle' },
};

interface V2momFormProps {
  mode: V2momFormMode;
  viewer: TUser;
  /** The saved document in edit mode. */
  document: TV2momComplete | null;
}

function V2momForm({ mode, viewer, document }: V2momFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<V2momFormState>(() => (document ? formFromDocument(document) : emptyForm()));
  const [tab, setTab] = useState<FormTab>('vision');
  const [showErrors, setShowErrors] = useState(false);
  const [removal, setRemoval] = useState<{ kind: RemovableKind; key: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reloading, setReloading] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const yearRef = useRef<HTMLInputElement>(null);
  const users = useUsers();
  const save = useSaveV2momDocument(mode);
  const deletion = useDeleteV2mom({
    successToast: { title: 'V2MOM deleted successfully', message: "You've been redirected to the dashboard" },
  });

  const id = document?.id ?? null;
  const backTo = id === null ? PATHS.myV2moms : pathTo.v2mom(id);
  const errors = showErrors ? validateHeader(form, mode) : {};
  const conflict = conflictOf(save.error);

  // Others editing this V2MOM, and what they saved since it was loaded here (DECISIONS.md section 5).
  const presence = useV2momPresence(id, 'editing', viewer.id);
  const [loadedFrom, setLoadedFrom] = useState(document);
  const loaded = useMemo(() => (loadedFrom ? loadedVersions(loadedFrom) : new Map<string, number>()), [loadedFrom]);
  const [underneath, setUnderneath] = useState<TEntityChangedEvent[]>([]);
  useEntityChanged((event) => {
    if (id !== null && isChangeUnderneath(event, id, loaded, viewer.id)) setUnderneath((changes) => addChange(changes, event));
  });

  const remove = (kind: RemovableKind, key: string) => {
    setForm((state) => (kind === 'value' ? removeValue(state, key) : kind === 'method' ? removeMethod(state, key) : removeObstacle(state, key)));
  };

  const editor: FormEditor = {
    form,
    update: setForm,
    mode,
    viewer,
    canChangeStructure: canChangeStructure(viewer),
    users: users.data ?? [],
    requestRemoval: (kind, key) => {
      const list = kind === 'value' ? form.values : kind === 'method' ? form.methods : form.obstacles;
      const item = list.find((entry) => entry.key === key);
      if (item && isSaved(item)) setRemoval({ kind, key });
      else remove(kind, key);
    },
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const headerErrors = validateHeader(form, mode);
    if (headerErrors.title || headerErrors.year) {
      setShowErrors(true);
      (headerErrors.title ? titleRef : yearRef).current?.focus();
      return;
    }
    const parsed =
      id === null
        ? ZNewV2momDocumentSchema.safeParse(toNewDocument(form, viewer.id))
        : ZV2momDocumentSchema.safeParse(toDocument(form, viewer.id));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const problem = issue ? describeDocumentIssue(issue) : { tab, message: 'Please check the form.' };
      setTab(problem.tab);
      notify({ variant: 'destructive', title: 'Error saving V2MOM', message: problem.message });
      return;
    }
    const input = id === null ? ({ mode: 'create', document: parsed.data } as const) : ({ mode: 'edit', id, document: parsed.data } as const);
    save.mutate(input as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => navigate(pathTo.v2mom(saved.id)),
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
    } catch {
      // The notice stays and the user's edits with it; the page shows why the V2MOM did not load.
    } finally {
      setReloading(false);
    }
  };

  const pendingRemoval = removal ? REMOVAL_TEXT[removal.kind] : null;

  return (
    <Form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="v2mom-form-title"
      onFocus={(event) => presence.focus(presenceItemOf(event))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) presence.focus(null);
      }}
    >
      <FormPresenceContext.Provider value={presence.others}>
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
              <Button type="submit" variant="primary" loading={save.isPending} disabled={conflict !== null}>
                {save.isPending ? 'Saving...' : 'Save V2MOM'}
              </Button>
            </>
          }
        />

        {conflict ? (
          <ConflictNotice conflict={conflict} onReload={() => void reload()} reloading={reloading} />
        ) : underneath.length > 0 ? (
          <LiveChangeNotice
            changes={underneath}
            form={form}
            before={loadedFrom}
            after={document}
            onReload={() => void reload()}
            reloading={reloading}
          />
        ) : null}

        <Card {...presenceItem('v2mom', 'details')}>
          <EditingMarker entity="v2mom" itemKey="details" />
          <HeaderFields>
            <Field htmlFor="v2mom-title" label="Title" error={errors.title}>
              <Input
                id="v2mom-title"
                ref={titleRef}
                value={form.title}
                maxLength={200}
                placeholder={mode === 'create' ? UNTITLED_V2MOM : undefined}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={errors.title ? fieldDescriptionId('v2mom-title') : undefined}
                $invalid={Boolean(errors.title)}
                onChange={(event) => setForm((state) => ({ ...state, title: event.target.value }))}
              />
            </Field>
            <Field htmlFor="v2mom-year" label="Year" error={errors.year}>
              <Input
                id="v2mom-year"
                ref={yearRef}
                type="number"
                inputMode="numeric"
                min={V2MOM_YEAR_RANGE.min}
                max={V2MOM_YEAR_RANGE.max}
                step={1}
                value={form.year}
                aria-invalid={errors.year ? true : undefined}
                aria-describedby={errors.year ? fieldDescriptionId('v2mom-year') : undefined}
                $invalid={Boolean(errors.year)}
                onChange={(event) => setForm((state) => ({ ...state, year: event.target.value }))}
              />
            </Field>
          </HeaderFields>
        </Card>

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
          {tab === 'vision' ? (
            <VisionItem {...presenceItem('v2mom', 'vision')}>
              <EditingMarker entity="v2mom" itemKey="vision" />
              <Field htmlFor="v2mom-vision" label="Vision" hint="What do you want to achieve? Describe the future you are working towards.">
                <Textarea
                  id="v2mom-vision"
                  rows={6}
                  value={form.vision}
                  aria-describedby={fieldDescriptionId('v2mom-vision')}
                  onChange={(event) => setForm((state) => ({ ...state, vision: event.target.value }))}
                />
              </Field>
            </VisionItem>
          ) : null}
          {tab === 'values' ? <ValuesTab {...editor} /> : null}
          {tab === 'methods' ? <MethodsTab {...editor} /> : null}
          {tab === 'obstacles' ? <ObstaclesTab {...editor} /> : null}
          {tab === 'measures' ? <MeasuresTab form={form} measures={document?.measures ?? []} /> : null}
        </Tabs>

        {editor.canChangeStructure ? null : (
          <Muted>
            You can edit the text of existing values, methods and obstacles. Adding or deleting them needs the structure
            permission.
          </Muted>
        )}

        <TypedDeleteConfirm
          open={removal !== null}
          onOpenChange={(open) => (open ? undefined : setRemoval(null))}
          title={pendingRemoval?.title ?? ''}
          description={`The ${pendingRemoval?.noun ?? 'item'} is removed from this form now and deleted from the V2MOM when you save.`}
          cancelledMessage={pendingRemoval?.cancelled ?? ''}
          onConfirm={() => removal && remove(removal.kind, removal.key)}
        />

        {id !== null ? (
          <Dialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            role="alertdialog"
            size="sm"
            title="Are you sure?"
            description="This action cannot be undone. This will permanently delete the V2MOM and all its associated data."
            footer={
              <>
                <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
                <Button
                  variant="danger"
                  onClick={() => {
                    setConfirmDelete(false);
                    deletion.mutate(id, { onSuccess: () => navigate(PATHS.root) });
                  }}
                >
                  Delete
                </Button>
              </>
            }
          />
        ) : null}
      </FormPresenceContext.Provider>
    </Form>
  );
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
  return <V2momForm mode="create" viewer={viewer} document={null} />;
}
