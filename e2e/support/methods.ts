import { expect, type APIRequestContext } from '@playwright/test';
import { API_ENDPOINTS, MAX_PAGE_SIZE, type TMethodListItem, type TMethodPage } from '@v2mom/contracts';

/**
 * Every method `request`'s user reads, page after page of GET /api/methods as a list screen asks
 * for them (by description); `filter` narrows them as a screen's filters do (a department, a V2MOM).
 */
export async function readEveryMethod(request: APIRequestContext, filter: Record<string, string | number> = {}): Promise<TMethodListItem[]> {
  const methods: TMethodListItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await request.get(API_ENDPOINTS.listMethodPage.path, { params: { ...filter, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) } });
    expect(response.status(), await response.text()).toBe(200);
    const page = (await response.json()) as TMethodPage;
    methods.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return methods;
}
