import { API_ENDPOINTS, DEFAULT_PAGE_SIZE, sheetFilename, type TMethodPageQuery, type TSheetFormat } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import { administered } from '../admin/admin-access.js';
import { readAdminUserPage } from '../admin/admin-user-page.read.js';
import { listMethodPage } from '../methods/methods.service.js';
import { readObstaclePage } from '../obstacles/obstacle-page.read.js';
import { listTaskPage } from '../tasks/tasks.service.js';
import { readItemPage } from '../team/item-page.read.js';
import { readV2momPage } from '../v2moms/v2mom-page.read.js';
import { getV2momComplete } from '../v2moms/v2moms.service.js';
import { sheetFile, type TSheet } from './sheet-file.js';
import {
  ITEMS_SHEET,
  methodsSheet,
  OBSTACLES_SHEET,
  PEOPLE_SHEET,
  peopleTemplateSheet,
  sheetOfPages,
  TASKS_SHEET,
  v2momSheet,
  V2MOMS_SHEET,
  v2momTemplateSheet,
} from './sheet-exports.js';
import { importPeople, planPeopleImport } from './people-import.js';
import { importV2moms, planV2momImport } from './v2mom-import.js';

const cursorOf = {
  methods: API_ENDPOINTS.listMethodPage.query.shape.cursor.parse,
  obstacles: API_ENDPOINTS.listObstaclePage.query.shape.cursor.parse,
  items: API_ENDPOINTS.listItemPage.query.shape.cursor.parse,
  tasks: API_ENDPOINTS.listTasks.query.shape.cursor.parse,
  v2moms: API_ENDPOINTS.listV2momPage.query.shape.cursor.parse,
  people: API_ENDPOINTS.listAdminUserPage.query.shape.cursor.parse,
};

/** Key Metrics' list (docs/PRODUCT.md#key-metrics): the COO-tracked methods with a key metric, latest change first. */
const KEY_METRICS_QUERY: TMethodPageQuery = { forCooTracking: true, withKeyMetric: true, sort: 'updated', dir: 'desc', limit: DEFAULT_PAGE_SIZE };

/** A sheet as a download named after it and the server's day (docs/PRODUCT.md#spreadsheets). */
function download(attachment: (fileName: string) => void, format: TSheetFormat, fileTitle: string, sheet: TSheet): Promise<Buffer> {
  attachment(sheetFilename(fileTitle, format, now().toISOString().slice(0, 10)));
  return sheetFile(format, [sheet]);
}

/** Exports of every list screen and of a V2MOM, each reading what its screen's list reads, and the V2MOM and people imports. */
export function sheetsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.exportMethods, async ({ em, user, params, query, attachment }) => {
    const sheet = await sheetOfPages(methodsSheet('Methods'), query, (page) => listMethodPage(em, page, user), cursorOf.methods);
    return download(attachment, params.format, 'Methods', sheet);
  });
  route(router, API_ENDPOINTS.exportObstacles, async ({ em, user, params, query, attachment }) => {
    const sheet = await sheetOfPages(OBSTACLES_SHEET, query, (page) => readObstaclePage(em, page, user), cursorOf.obstacles);
    return download(attachment, params.format, 'Obstacles', sheet);
  });
  route(router, API_ENDPOINTS.exportItems, async ({ em, user, params, query, attachment }) => {
    const at = now();
    const sheet = await sheetOfPages(ITEMS_SHEET, query, (page) => readItemPage(em, page, at, user), cursorOf.items);
    return download(attachment, params.format, 'All Items', sheet);
  });
  route(router, API_ENDPOINTS.exportTasks, async ({ em, user, params, query, attachment }) => {
    const sheet = await sheetOfPages(TASKS_SHEET, query, (page) => listTaskPage(em, page, user), cursorOf.tasks);
    return download(attachment, params.format, 'Tasks', sheet);
  });
  route(router, API_ENDPOINTS.exportV2moms, async ({ em, user, params, query, attachment }) => {
    const sheet = await sheetOfPages(V2MOMS_SHEET, query, (page) => readV2momPage(em, page, user), cursorOf.v2moms);
    return download(attachment, params.format, 'V2MOMs', sheet);
  });
  // Key Metrics' own list: the COO-tracked methods with a measure or a current measure, latest change first, as the screen pages them.
  route(router, API_ENDPOINTS.exportKeyMetrics, async ({ em, user, params, attachment }) => {
    const sheet = await sheetOfPages(methodsSheet('Key Metrics'), KEY_METRICS_QUERY, (page) => listMethodPage(em, page, user), cursorOf.methods);
    return download(attachment, params.format, 'Key Metrics', sheet);
  });
  route(
    router,
    API_ENDPOINTS.exportPeople,
    administered(async ({ em, params, query, attachment }) => {
      const sheet = await sheetOfPages(PEOPLE_SHEET, query, (page) => readAdminUserPage(em, page), cursorOf.people);
      return download(attachment, params.format, 'People', sheet);
    }),
  );
  route(router, API_ENDPOINTS.exportV2mom, async ({ em, params, attachment }) => {
    const v2mom = await getV2momComplete(em, params.id);
    return download(attachment, params.format, `${v2mom.title} ${v2mom.year}`, v2momSheet(v2mom));
  });
  route(router, API_ENDPOINTS.getV2momImportTemplate, ({ params, attachment }) => {
    attachment(`V2MOM_import_template.${params.format}`);
    return sheetFile(params.format, [v2momTemplateSheet()]);
  });
  route(router, API_ENDPOINTS.previewV2momImport, async ({ em, user, body }) => (await planV2momImport(em, user, body)).preview);
  route(router, API_ENDPOINTS.confirmV2momImport, async ({ em, body, loadUser }) => importV2moms(em, await loadUser(), body));
  route(
    router,
    API_ENDPOINTS.getPeopleImportTemplate,
    administered(({ params, attachment }) => {
      attachment(`People_import_template.${params.format}`);
      return sheetFile(params.format, [peopleTemplateSheet()]);
    }),
  );
  route(router, API_ENDPOINTS.previewPeopleImport, administered(async ({ em, body }) => (await planPeopleImport(em, body)).preview));
  route(router, API_ENDPOINTS.confirmPeopleImport, administered(async ({ em, body, loadUser }) => importPeople(em, await loadUser(), body)));
}
