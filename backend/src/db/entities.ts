import { AuditEntry } from '../modules/admin/audit-entry.entity.js';
import { ChatMessage } from '../modules/assistant/chat-message.entity.js';
import { CheckIn } from '../modules/checkins/check-in.entity.js';
import { UserSession } from '../modules/auth/user-session.entity.js';
import { Department } from '../modules/departments/department.entity.js';
import { Measure } from '../modules/measures/measure.entity.js';
import { MethodLinkedValue } from '../modules/methods/method-linked-value.entity.js';
import { Method } from '../modules/methods/method.entity.js';
import { ObstacleLinkedMethod } from '../modules/obstacles/obstacle-linked-method.entity.js';
import { Obstacle } from '../modules/obstacles/obstacle.entity.js';
import { Task } from '../modules/tasks/task.entity.js';
import { V2momSeen } from '../modules/unseen/v2mom-seen.entity.js';
import { User } from '../modules/users/user.entity.js';
import { V2mom } from '../modules/v2moms/v2mom.entity.js';
import { Value } from '../modules/values/value.entity.js';
import { ChangeLog } from './change-log.entity.js';

export const entities = [Department, User, UserSession, V2mom, Value, Method, Obstacle, Measure, Task, MethodLinkedValue, ObstacleLinkedMethod, ChatMessage, AuditEntry, ChangeLog, CheckIn, V2momSeen];
