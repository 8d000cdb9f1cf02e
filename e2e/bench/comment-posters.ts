import type { Page } from '@playwright/test';
import { COMMENT_POSTS_PER_MINUTE } from '@v2mom/contracts';
import { signedInContext, type BenchApp } from './bench-support.ts';
import { openSendingPage } from './save-to-screen.ts';

/**
 * The people who post in the comment benchmarks (comment-to-thread, mention-to-bells), in turn:
 * one person may post COMMENT_POSTS_PER_MINUTE comments a minute (docs/PRODUCT.md#comments), so
 * a run of more than that takes several. Each posts from a page of the app's origin that runs no
 * app (`/api/health`), so the browser renders only the pages watched.
 */
const POSTERS = ['admin', 'coo', 'lead'] as const;

/** The posters' pages, after checking that `posts` comments stay within their limit together. */
export async function commentPosters(app: BenchApp, posts: number): Promise<Page[]> {
  const most = POSTERS.length * COMMENT_POSTS_PER_MINUTE;
  if (posts > most) throw new Error(`${posts} comments is more than ${POSTERS.length} people may post in a minute (${most}); ask for fewer`);
  const pages: Page[] = [];
  for (const poster of POSTERS) {
    pages.push(await openSendingPage(await signedInContext(app, poster)));
  }
  return pages;
}

/** The page that posts comment number `run`. */
export const posterOf = (posters: readonly Page[], run: number): Page => {
  const page = posters[run % posters.length];
  if (!page) throw new Error('No poster');
  return page;
};

/** The untimed first comment, by the first poster, so the screens hold what the timed ones change. */
export async function postFirstComment(posters: readonly Page[], path: string, text: string): Promise<void> {
  const first = await posterOf(posters, 0).request.post(path, { data: { text } });
  if (first.status() !== 201) throw new Error(`The first comment answered ${first.status()}: ${await first.text()}`);
}
