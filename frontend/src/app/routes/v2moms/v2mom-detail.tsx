import { SHEET_PATHS } from '@v2mom/contracts/paths';
import {
  canDeleteV2mom,
  canEditV2mom,
  canExportSlides,
  isOwnV2mom,
  PATHS,
  pathTo,
  progressColor,
  quarterLabel,
  type TPresenceMember,
  type TUser,
  type TV2momComplete,
  V2MOM_LEVEL_LABELS,
} from '@v2mom/contracts';
import { Suspense, useId, useState, type ComponentProps } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSelectedMethodCard } from '../../../components/method-cards';
import { ThreadOpenerContext } from '../../../components/thread-opener';
import { Avatar } from '../../../components/ui/avatar';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, LinkButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { NotFoundMessage } from '../../../components/ui/not-found-message';
import { PageTitle } from '../../../components/ui/page-header';
import { RelativeTime } from '../../../components/ui/relative-time';
import type { TypedDeleteConfirmProps } from '../../../components/ui/typed-delete-confirm';
import { PersonName, UserText } from '../../../components/ui/user-text';
import { liveFlash } from '../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../lib/live/recent-changes';
import { downloadV2momDeck } from '../../../features/decks/api/download-deck';
import { ExportDeckButton } from '../../../features/decks/components/export-deck-button';
import { ExportMenu } from '../../../features/sheets/components/export-menu';
import { ParentChangesNotice } from '../../../features/notifications/components/parent-changes-notice';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useDeleteV2mom } from '../../../features/v2moms/api/delete-v2mom';
import type { StartNextYearProps } from './v2mom-start-next-year';
import { isV2momNotFound, useV2momComplete } from '../../../features/v2moms/api/get-v2mom-complete';
import { useV2momPresence } from '../../../features/v2moms/realtime/use-v2mom-presence';
import { ChangedByNote } from '../../../components/live/changed-by-note';
import { DocumentToolbar } from '../../../features/v2moms/components/document-toolbar';
import { exportDisabledReason, ExportSlideButton } from '../../../features/v2moms/components/slide-export/export-slide-button';
import { AlignedChoice, defaultAlignedChoice } from '../../../features/v2moms/components/aligned-choice';
import { DetailSkeleton } from '../../../features/v2moms/components/v2mom-detail/detail-skeleton';
import { ApprovalBar } from '../../../features/v2moms/components/approval-bar';
import type { SameObstacleControl as LoadedSameObstacleControl } from '../../../features/obstacles/components/same-obstacle-control';
import { MethodsSection, ObstaclesAndMeasures, ValuesSection, VisionSection } from '../../../features/v2moms/components/v2mom-detail/detail-sections';
import { preloadable } from '../../../lib/preloadable';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { DetailPanel } from '../../../components/ui/detail-panel';
import { useCommentCounts } from '../../../features/comments/api/get-comment-counts';
import { ItemThreadPanel, useItemThreads, type OpenThread, type ThreadTarget } from '../../item-threads';
import { useV2momFollowing } from './v2mom-following';
import { useLinkedComment } from '../../../features/comments/api/get-comment';
import type { CommentsSection as LoadedCommentsSection } from '../../../features/comments/components/comments-section';
import { UnseenMarksContext } from '../../../features/v2moms/components/unseen/unseen-context';
import { UnseenMark } from '../../../features/v2moms/components/unseen/unseen-mark';
import { useUnseen } from '../../../features/v2moms/components/unseen/use-unseen';
import { AsOfBar } from '../../../components/as-of/as-of-bar';
import { AsOfMoves } from '../../../components/as-of/as-of-moves';
import { useRhythm } from '../../../features/rhythm/api/get-rhythm';
import { documentAsOf } from '../../../features/as-of/hooks/document-as-of';
import { useAsOfView } from '../../../features/as-of/hooks/use-as-of-view';

const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
`;

const Header = styled.header<{ $flash?: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: -${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  ${({ $flash }) => liveFlash($flash)}
`;

const Facts = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Owner = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

// Threads, their Markdown renderer and the search for people to mention come after the document:
// the page shows without them.
const CommentsSection = preloadable<Omit<ComponentProps<typeof LoadedCommentsSection>, 'useMentionResults'>>(() =>
  Promise.all([import('../../../features/comments/components/comments-section'), import('../../../features/users/api/search-users')]).then(
    ([{ CommentsSection }, { useActiveUserSearch }]) => ({
      default: (props) => <CommentsSection {...props} useMentionResults={useActiveUserSearch} />,
    }),
  ),
);

/** How far below the viewport the comments may be when they start loading. */
const COMMENTS_AHEAD = '100px 0px';

/**
 * The V2MOM's own thread at the end of the page, loaded as its place nears the viewport (a page
 * short enough shows it at once), as the reader starts scrolling, or at once for a `?comment=`
 * link to it. Until then its titled region stands there, so headings and landmarks list it.
 */
function DocumentComments({ v2mom, focusCommentId }: { v2mom: TV2momComplete; focusCommentId: number | undefined }) {
  const titleId = useId();
  const { ref, near } = useNearViewport<HTMLDivElement>(COMMENTS_AHEAD, focusCommentId !== undefined);
  const waiting = (
    <DetailPanel titleId={titleId} title="Comments">
      <Skeleton $height="120px" />
    </DetailPanel>
  );
  if (!near) return <div ref={ref}>{waiting}</div>;
  return (
    <Suspense fallback={waiting}>
      <CommentsSection
        subject="v2mom"
        subjectId={v2mom.id}
        owner={v2mom.owner}
        v2momOwnerId={v2mom.userId}
        focusCommentId={focusCommentId}
      />
    </Suspense>
  );
}

// What the toolbar's Delete and Start next year open, and the obstacles' sharing controls: loaded
// when first wanted (the buttons start them as they are pointed at or focused), not with the page.
const TypedDeleteConfirm = preloadable<TypedDeleteConfirmProps>(() =>
  import('../../../components/ui/typed-delete-confirm').then(({ TypedDeleteConfirm }) => ({ default: TypedDeleteConfirm })),
);
const StartNextYear = preloadable<StartNextYearProps>(() => import('./v2mom-start-next-year'));
const SameObstacleControl = preloadable<ComponentProps<typeof LoadedSameObstacleControl>>(() =>
  import('../../../features/obstacles/components/same-obstacle-control').then(({ SameObstacleControl }) => ({ default: SameObstacleControl })),
);

const PROGRESS_TONES: Record<ReturnType<typeof progressColor>, BadgeTone> = {
  success: 'success',
  warning: 'warning',
  danger: 'danger',
};

/** Back from a V2MOM: the personal list for its owner, the team list for anyone else. */
function backTarget(v2mom: { userId: number }, viewer: TUser): string {
  return isOwnV2mom(v2mom, viewer) ? PATHS.myV2moms : PATHS.teamV2moms;
}

interface DetailToolbarProps {
  v2mom: TV2momComplete;
  viewer: TUser;
  /** Who else has this V2MOM open. */
  others: TPresenceMember[];
  /** Shown as of a past day (docs/PRODUCT.md#as-of): nothing to change is offered. */
  past: boolean;
}

function DetailToolbar({ v2mom, viewer, others, past }: DetailToolbarProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [startingNextYear, setStartingNextYear] = useState(false);
  const deletion = useDeleteV2mom({ successToast: { title: 'V2MOM deleted successfully' } });
  const [alignedChoice, setAlignedChoice] = useState(() => defaultAlignedChoice(v2mom));
  // A closed year shows no edit controls: the server refuses its writes (docs/PRODUCT.md#next-year).
  const open = v2mom.carriedInto === null && !past;
  const editable = open && canEditV2mom(viewer, v2mom);

  return (
    <DocumentToolbar
      backTo={backTarget(v2mom, viewer)}
      others={others}
      actions={
        <>
          {canExportSlides(viewer) && !past ? (
            <>
              <ExportSlideButton v2mom={v2mom} />
              <ExportDeckButton download={() => downloadV2momDeck(v2mom)} disabledReason={exportDisabledReason(v2mom)} />
            </>
          ) : null}
          <ExportMenu download={{ route: SHEET_PATHS.exportV2mom, params: { id: v2mom.id } }} />
          {editable ? (
            <Button onClick={() => setStartingNextYear(true)} onPointerEnter={StartNextYear.preload} onFocus={StartNextYear.preload}>
              Start {v2mom.year + 1}
            </Button>
          ) : null}
          {editable ? (
            <LinkButton to={pathTo.editV2mom(v2mom.id)} variant="primary">
              Edit
            </LinkButton>
          ) : null}
          {open && canDeleteV2mom(viewer) ? (
            <Button
              variant="danger"
              onClick={() => setConfirming(true)}
              onPointerEnter={TypedDeleteConfirm.preload}
              onFocus={TypedDeleteConfirm.preload}
              loading={deletion.isPending}
            >
              {deletion.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          ) : null}
        </>
      }
    >
      {confirming ? (
        <Suspense fallback={null}>
          <TypedDeleteConfirm
            open
            onOpenChange={setConfirming}
            title="Delete this V2MOM?"
            description={
              <>
                &quot;<UserText>{v2mom.title}</UserText>&quot; and all its values, methods, obstacles and measures will be permanently deleted.
                <AlignedChoice v2mom={v2mom} value={alignedChoice} onChange={setAlignedChoice} />
              </>
            }
            cancelledMessage="V2MOM was not deleted"
            onConfirm={() => deletion.mutate({ id: v2mom.id, aligned: alignedChoice }, { onSuccess: () => navigate(PATHS.root) })}
          />
        </Suspense>
      ) : null}
      {startingNextYear ? (
        <Suspense fallback={null}>
          <StartNextYear
            v2mom={v2mom}
            onOpenChange={setStartingNextYear}
            onStarted={(started) => {
              setStartingNextYear(false);
              navigate(pathTo.v2mom(started.id));
            }}
          />
        </Suspense>
      ) : null}
    </DocumentToolbar>
  );
}

// Its link keeps the text colour links have everywhere (primaryText), readable in both themes.
const ClosedNote = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function DetailHeader({ v2mom }: { v2mom: TV2momComplete }) {
  const progress = Math.round(v2mom.overallProgress);
  const change = useRecentChange(changeKeys.item('v2mom', v2mom.id));
  return (
    <Header $flash={change?.serial}>
      <PageTitle>
        <UserText>{v2mom.title}</UserText> <UnseenMark entity="v2mom" rowId={v2mom.id} fields={['title']} />
      </PageTitle>
      <ChangedByNote change={change} />
      {v2mom.carriedInto ? (
        <ClosedNote role="status">
          Closed: carried into <Link to={pathTo.v2mom(v2mom.carriedInto.id)}>{v2mom.carriedInto.year}</Link>. Only its quarter reviews can change.
        </ClosedNote>
      ) : null}
      <Facts>
        <Badge tone="primary">
          {quarterLabel(v2mom.quarter)} {v2mom.year}
        </Badge>
        <Badge>{V2MOM_LEVEL_LABELS[v2mom.level]}{v2mom.department ? <> · <UserText>{v2mom.department.name}</UserText></> : null}</Badge>
        {v2mom.parent ? (
          <span>
            Aligned to <Link to={pathTo.v2mom(v2mom.parent.id)}><UserText>{v2mom.parent.title}</UserText></Link>
          </span>
        ) : null}
        {v2mom.alignedCount > 0 ? <span>{v2mom.alignedCount === 1 ? '1 V2MOM aligned to it' : `${v2mom.alignedCount} V2MOMs aligned to it`}</span> : null}
        <Badge tone={PROGRESS_TONES[progressColor(progress)]} dot>
          {progress}% overall progress
        </Badge>
        <span>
          Last updated <RelativeTime value={v2mom.lastUpdated} />
        </span>
        <Owner>
          <Avatar name={v2mom.user.name} src={v2mom.owner.avatarUrl} size={24} />
          <span>
            <strong>
              <PersonName person={v2mom.user} />
            </strong>{' '}
            · <UserText>{v2mom.user.department}</UserText>
          </span>
        </Owner>
      </Facts>
    </Header>
  );
}

function NotFound() {
  return (
    <NotFoundMessage title="V2MOM Not Found">
      The V2MOM you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to view it.
    </NotFoundMessage>
  );
}

/** The method or obstacle of the document a thread is about, with its owner. */
function threadItemOf(document: TV2momComplete, item: ThreadTarget): OpenThread | undefined {
  const v2momOwnerId = document.userId;
  if (item.subject === 'method') {
    const method = document.methods.find((candidate) => candidate.id === item.id);
    return method && { subject: item.subject, id: item.id, title: method.description, owner: method.owner, v2momOwnerId };
  }
  const obstacle = document.obstacles.find((candidate) => candidate.id === item.id);
  return obstacle && { subject: item.subject, id: item.id, title: obstacle.description, owner: obstacle.owner, v2momOwnerId };
}

/**
 * The V2MOM's threads (docs/PRODUCT.md#comments): its own at the end of the page, each method's and
 * obstacle's in a panel its Comments button opens. A `?comment=` link opens the thread holding it.
 */
function useDocumentThreads(document: TV2momComplete | undefined, linkedCommentId: number | undefined) {
  const { opener, chosen, choose, close } = useItemThreads(useCommentCounts(document?.id).data);
  const linked = useLinkedComment(linkedCommentId).data;
  const [linkClosed, setLinkClosed] = useState(false);
  const linkedItem = linked && linked.subject !== 'v2mom' && !linkClosed ? { subject: linked.subject, id: linked.subjectId } : null;
  const target = chosen ?? linkedItem;
  const open = document && target ? threadItemOf(document, target) : undefined;
  return {
    opener,
    open,
    choose,
    focusCommentId: linked && open && linked.subject === open.subject && linked.subjectId === open.id ? linked.id : undefined,
    ownFocusCommentId: linked?.subject === 'v2mom' ? linked.id : undefined,
    close: () => {
      close();
      setLinkClosed(true);
    },
  };
}

/** /v2mom/{id}: the V2MOM document (docs/PRODUCT.md#screens). */
export default function V2momDetailPage() {
  const id = Number(useParams().id);
  const viewer = useSignedInUser();
  const query = useV2momComplete(id);
  const presence = useV2momPresence(id, 'viewing', viewer.id);
  // In parallel with the document; its loading or failure never holds the page back.
  const unseen = useUnseen(id, query.data, viewer.id);
  const [searchParams] = useSearchParams();
  const focusChange = Number(searchParams.get('change')) || undefined;
  const threads = useDocumentThreads(query.data, Number(searchParams.get('comment')) || undefined);
  const selected = useSelectedMethodCard();
  // A past day shows the methods and measures as they were then (docs/PRODUCT.md#as-of).
  const asOf = useAsOfView(useRhythm().data?.timeZone ?? 'UTC', id);
  const following = useV2momFollowing({ v2momId: id, methodId: selected.selectedId, thread: threads.open ?? null, showThread: threads.choose, days: asOf });
  const past = asOf.asOf !== null;
  const since = asOf.compare;
  const movesOf = (methodId: number) => {
    const moved = since === null ? undefined : asOf.methods?.get(methodId);
    return moved && since !== null ? <AsOfMoves method={moved} since={since} /> : undefined;
  };

  if (query.isPending || asOf.pending) return <DetailSkeleton />;
  if (query.isError) {
    if (isV2momNotFound(query.error)) return <NotFound />;
    return <LoadError title="We couldn't load this V2MOM." error={query.error} onRetry={() => void query.refetch()} />;
  }

  const v2mom = documentAsOf(query.data, asOf);
  // A closed year or a past day shows no edit controls (docs/PRODUCT.md#next-year, #as-of).
  const editableNow = !past && v2mom.carriedInto === null && canEditV2mom(viewer, v2mom);
  return (
    <UnseenMarksContext.Provider value={unseen.marks}>
      <Page>
        <DetailToolbar v2mom={v2mom} viewer={viewer} others={presence.others} past={past} />
        {following.controls}
        <DetailHeader v2mom={v2mom} />
        {past ? null : <ApprovalBar v2mom={v2mom} viewer={viewer} />}
        <AsOfBar view={asOf} label="V2MOM" />
        {asOf.error ? <LoadError title="We couldn't load this V2MOM as of that day." error={asOf.error} onRetry={asOf.refetch} /> : null}
        {unseen.data && unseen.Banner ? <unseen.Banner unseen={unseen.data} document={v2mom} focusChange={focusChange} /> : null}
        {v2mom.parent ? <ParentChangesNotice v2momId={v2mom.id} viewerId={viewer.id} /> : null}
        <VisionSection v2momId={v2mom.id} vision={v2mom.vision} />
        <ValuesSection values={v2mom.values} />
        <ThreadOpenerContext.Provider value={threads.opener}>
          <MethodsSection methods={v2mom.methods} viewerId={viewer.id} followedId={following.followedMethodId} onSelect={selected.select} movesOf={since === null ? undefined : movesOf} />
          <ObstaclesAndMeasures document={v2mom} obstacleActions={
              editableNow
                ? (obstacle) => (
                    <Suspense fallback={null}>
                      <SameObstacleControl obstacle={obstacle} />
                    </Suspense>
                  )
                : undefined
            } />
        </ThreadOpenerContext.Provider>
        <DocumentComments v2mom={v2mom} focusCommentId={threads.ownFocusCommentId} />
        {threads.open && <ItemThreadPanel thread={threads.open} focusCommentId={threads.focusCommentId} onClose={threads.close} />}
      </Page>
    </UnseenMarksContext.Provider>
  );
}
