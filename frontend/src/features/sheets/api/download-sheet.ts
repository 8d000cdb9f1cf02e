import type { TSheetFormat } from '@v2mom/contracts';
import type { API_PATHS } from '@v2mom/contracts/paths';
import { downloadApi } from '../../../lib/api-client';

/** A list's filters as the screen holds them: what its export sends as the same query. */
type TSheetQuery = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

/** A query value as the URL carries it: a flag as `true`/`false`, a list as a comma list. */
function sent(value: TSheetQuery[string]): string | number | undefined {
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.join(',');
  return value as string | number | undefined;
}

type TSheetRoute = (typeof API_PATHS)[
  'exportMethods' | 'exportObstacles' | 'exportItems' | 'exportTasks' | 'exportV2moms' | 'exportKeyMetrics' | 'exportPeople' | 'exportV2mom' | 'getV2momImportTemplate' | 'getPeopleImportTemplate'
];

/** Each export takes its own list's query; the screens pass the view they hold, which is that query. */
const downloadAnySheet = downloadApi as (route: TSheetRoute, options: { params: Record<string, string | number>; query: Record<string, string | number | undefined> }) => ReturnType<typeof downloadApi>;

export interface TSheetDownload {
  /** An export route of docs/PRODUCT.md#spreadsheets: its path takes `format` (and `id` for a V2MOM). */
  route: TSheetRoute;
  params?: Readonly<Record<string, number>>;
  query?: TSheetQuery;
}

/** GET /api/exports/… (docs/PRODUCT.md#spreadsheets): the file and the name the server gave it. */
export async function downloadSheet({ route, params, query }: TSheetDownload, format: TSheetFormat): Promise<{ blob: Blob; fileName: string }> {
  const file = await downloadAnySheet(route, { params: { ...params, format }, query: Object.fromEntries(Object.entries(query ?? {}).map(([name, value]) => [name, sent(value)])) });
  return { blob: file.blob, fileName: file.fileName ?? `export.${format}` };
}
