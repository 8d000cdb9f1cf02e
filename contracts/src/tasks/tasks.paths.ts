import { withOperationIds } from '../api/route-table.js';

export const TASK_PATHS = /* @__PURE__ */ withOperationIds({
  listTasks: { method: 'GET', path: '/api/tasks' },
  countTasks: { method: 'GET', path: '/api/tasks/count' },
  listUserTasks: { method: 'GET', path: '/api/tasks/user/{userId}' },
  createTask: { method: 'POST', path: '/api/tasks' },
  updateTask: { method: 'PATCH', path: '/api/tasks/{taskId}' },
  deleteTask: { method: 'DELETE', path: '/api/tasks/{taskId}' },
});
