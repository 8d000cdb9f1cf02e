import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { countTaskList, createTask, deleteTask, listTaskPage, listUserTasks, updateTask } from './tasks.service.js';

export function tasksRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listTasks, ({ em, user, query }) => listTaskPage(em, query, user), PAGED);
  route(router, API_ENDPOINTS.countTasks, ({ em, user, query }) => countTaskList(em, query, user));
  route(router, API_ENDPOINTS.listUserTasks, ({ em, user, params }) => listUserTasks(em, params.userId, user));
  route(router, API_ENDPOINTS.createTask, ({ em, user, body }) => createTask(em, user, body));
  route(router, API_ENDPOINTS.updateTask, ({ em, user, params, body }) => updateTask(em, user, params.taskId, body));
  route(router, API_ENDPOINTS.deleteTask, async ({ em, user, params, query }) => ({
    result: { message: 'Task deleted successfully' },
    changeSet: await deleteTask(em, user, params.taskId, query.version),
  }));
}
