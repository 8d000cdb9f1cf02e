import {
  CHAT_KIND_LABELS,
  CHAT_KINDS,
  CHAT_POST_KINDS,
  CHAT_POST_LABELS,
  chatChannelName,
  DELIVERY_STATUS_LABELS,
  ZCreateChatChannelSchema,
  ZUpdateChatChannelSchema,
  type TChatChannel,
  type TChatKind,
  type TChatPostKind,
  type TDepartment,
} from '@v2mom/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxChoices } from '../../../components/ui/checkbox-choices';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, invalidProps, Select } from '../../../components/ui/field';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { ActionsTd, Td, Tr } from '../../../components/ui/table';
import { UserText } from '../../../components/ui/user-text';
import { PanelAbout, PanelFields, PanelForm, RowActions } from '../../../components/ui/settings-panel';
import { useCreateChatChannel } from '../api/create-chat-channel';
import { useDeleteChatChannel } from '../api/delete-chat-channel';
import { useChatChannels } from '../api/get-chat-channels';
import { useUpdateChatChannel } from '../api/update-chat-channel';
import { ChatPostsLog } from './chat-posts-log';
import { NamedOptions } from '../../../components/ui/named-options';

const COLUMNS = ['Channel', 'URL', 'Posts', 'Last post'];
const SKELETON_CELLS = [<Skeleton $width="160px" />, <Skeleton $width="180px" />, <Skeleton $width="140px" />, <Skeleton $width="100px" />];
/** The scope select's value for the company's channel. */
const COMPANY = 'company';

const postNames = (posts: readonly TChatPostKind[]) => posts.map((post) => CHAT_POST_LABELS[post]).join(', ');
const issuesOf = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

function LastPost({ channel }: { channel: TChatChannel }) {
  const post = channel.lastPost;
  if (!post) return <>Never</>;
  return (
    <span title={post.lastError ?? undefined}>
      {DELIVERY_STATUS_LABELS[post.status]}
      {post.responseCode ? ` (${post.responseCode})` : ''}, <RelativeTime value={post.lastAttemptAt ?? post.createdAt} />
    </span>
  );
}

function EditDialog({ channel, onClose }: { channel: TChatChannel; onClose: () => void }) {
  const update = useUpdateChatChannel();
  const [url, setUrl] = useState('');
  const [posts, setPosts] = useState<TChatPostKind[]>(channel.posts);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const urlId = useId();
  const save = () => {
    const parsed = ZUpdateChatChannelSchema.safeParse({ version: channel.version, posts, ...(url.trim() ? { url: url.trim() } : {}) });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    update.mutate({ id: channel.id, ...parsed.data }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${chatChannelName(channel)}`}
      description="Leave the URL empty to keep the one saved."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={update.isPending} onClick={save}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <Field htmlFor={urlId} label="New URL" error={errors['url']}>
        <Input id={urlId} value={url} onChange={(event) => setUrl(event.target.value)} placeholder={channel.maskedUrl} {...invalidProps(urlId, errors['url'])} />
      </Field>
      <CheckboxChoices legend="Posts" options={CHAT_POST_KINDS} labels={CHAT_POST_LABELS} value={posts} onChange={setPosts} error={errors['posts']} />
    </Dialog>
  );
}

function RemoveDialog({ channel, onClose }: { channel: TChatChannel; onClose: () => void }) {
  const remove = useDeleteChatChannel();
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title={`Remove ${chatChannelName(channel)}?`}
      description="Nothing more is posted there, and its log goes with it."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(channel.id, { onSettled: onClose })}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </>
      }
    />
  );
}

/**
 * Slack and Teams channels (docs/PRODUCT.md#slack-and-teams): add a channel's incoming webhook for
 * the company or a department with the posts it wants, change or remove it, and read its post log,
 * where a test is sent. The URL is a secret: after saving, only its host and end are shown.
 * `company` offers the company's channels (settings holders); else only `departments`' own.
 */
export function ChatChannelsPanel({ departments, company = true }: { departments: readonly TDepartment[]; company?: boolean }) {
  const channels = useChatChannels();
  const create = useCreateChatChannel();
  const [kind, setKind] = useState<TChatKind>('slack');
  const [scope, setScope] = useState<string>(company ? COMPANY : String(departments[0]?.id ?? ''));
  const [url, setUrl] = useState('');
  const [posts, setPosts] = useState<TChatPostKind[]>([...CHAT_POST_KINDS]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [editing, setEditing] = useState<TChatChannel | null>(null);
  const [removing, setRemoving] = useState<TChatChannel | null>(null);
  const [watchedId, setWatchedId] = useState<number | null>(null);
  const ids = { kind: useId(), scope: useId(), url: useId() };
  const watched = channels.data?.find((channel) => channel.id === watchedId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateChatChannelSchema.safeParse({ kind, departmentId: scope === COMPANY ? null : Number(scope), url: url.trim(), posts });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (channel) => {
        setUrl('');
        setWatchedId(channel.id);
      },
    });
  };

  return (
    <>
      <PanelAbout>
        Post to a Slack or Microsoft Teams channel through its incoming webhook: check-in reminders, the meeting digest, methods that go At Risk and mentions, each
        with a link back here. The company's channels hear of everything; a department's, of its own people and V2MOMs.
      </PanelAbout>
      <PanelForm noValidate onSubmit={onSubmit} aria-label="New channel">
        <PanelFields>
          <Field htmlFor={ids.kind} label="Kind">
            <Select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as TChatKind)}>
              {CHAT_KINDS.map((each) => (
                <option key={each} value={each}>
                  {CHAT_KIND_LABELS[each]}
                </option>
              ))}
            </Select>
          </Field>
          <Field htmlFor={ids.scope} label="For">
            <Select id={ids.scope} value={scope} onChange={(event) => setScope(event.target.value)}>
              {company ? <option value={COMPANY}>The company</option> : null}
              <NamedOptions rows={departments} />
            </Select>
          </Field>
          <Field htmlFor={ids.url} label="Incoming webhook URL" error={errors['url']}>
            <Input id={ids.url} value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://hooks.slack.com/services/…" autoComplete="off" {...invalidProps(ids.url, errors['url'])} />
          </Field>
        </PanelFields>
        <CheckboxChoices legend="Posts" options={CHAT_POST_KINDS} labels={CHAT_POST_LABELS} value={posts} onChange={setPosts} error={errors['posts']} />
        <div>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add channel'}
          </Button>
        </div>
      </PanelForm>
      <QueryTable name={{ label: 'Slack and Teams channels' }} columns={COLUMNS} query={channels} skeletonCells={SKELETON_CELLS} errorTitle="Failed to load the channels" emptyMessage="No channels yet">
        {(channels.data ?? []).map((channel) => (
          <Tr key={channel.id} aria-label={chatChannelName(channel)}>
            <Td data-primary>
              {CHAT_KIND_LABELS[channel.kind]} for {channel.department ? <UserText>{channel.department.name}</UserText> : 'the company'}
            </Td>
            <Td data-label="URL">
              <UserText>{channel.maskedUrl}</UserText>
            </Td>
            <Td data-label="Posts">{postNames(channel.posts)}</Td>
            <Td data-label="Last post">
              <LastPost channel={channel} />
            </Td>
            <ActionsTd>
              <RowActions>
                <Button size="sm" onClick={() => setWatchedId(channel.id)} aria-pressed={channel.id === watchedId} aria-label={`Posts to ${chatChannelName(channel)}`}>
                  Posts
                </Button>
                <Button size="sm" onClick={() => setEditing(channel)} aria-label={`Edit ${chatChannelName(channel)}`}>
                  Edit
                </Button>
                <Button size="sm" variant="danger" onClick={() => setRemoving(channel)} aria-label={`Remove ${chatChannelName(channel)}`}>
                  Remove
                </Button>
              </RowActions>
            </ActionsTd>
          </Tr>
        ))}
      </QueryTable>
      {watched ? <ChatPostsLog key={watched.id} channel={watched} /> : null}
      {editing ? <EditDialog channel={editing} onClose={() => setEditing(null)} /> : null}
      {removing ? <RemoveDialog channel={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}
