import { withOperationIds } from '../api/route-table.js';

export const SHEET_PATHS = /* @__PURE__ */ withOperationIds({
  exportMethods: { method: 'GET', path: '/api/exports/methods/{format}' },
  exportObstacles: { method: 'GET', path: '/api/exports/obstacles/{format}' },
  exportItems: { method: 'GET', path: '/api/exports/items/{format}' },
  exportTasks: { method: 'GET', path: '/api/exports/tasks/{format}' },
  exportV2moms: { method: 'GET', path: '/api/exports/v2moms/{format}' },
  exportKeyMetrics: { method: 'GET', path: '/api/exports/key-metrics/{format}' },
  exportPeople: { method: 'GET', path: '/api/exports/people/{format}' },
  exportV2mom: { method: 'GET', path: '/api/exports/v2moms/{id}/{format}' },
  getV2momImportTemplate: { method: 'GET', path: '/api/imports/v2moms/template/{format}' },
  previewV2momImport: { method: 'POST', path: '/api/imports/v2moms/preview' },
  confirmV2momImport: { method: 'POST', path: '/api/imports/v2moms' },
  getPeopleImportTemplate: { method: 'GET', path: '/api/imports/people/template/{format}' },
  previewPeopleImport: { method: 'POST', path: '/api/imports/people/preview' },
  confirmPeopleImport: { method: 'POST', path: '/api/imports/people' },
});
