import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122021417 } from './Migration20261122021417.js';
import { Migration20261122023631 } from './Migration20261122023631.js';
import { Migration20261122030649 } from './Migration20261122030649.js';
import { Migration20261123150223 } from './Migration20261123150223.js';
import { Migration20261123175817 } from './Migration20261123175817.js';
import { Migration20261123180304 } from './Migration20261123180304.js';
import { Migration20261123180355 } from './Migration20261123180355.js';
import { Migration20261127194500 } from './Migration20261127194500.js';
import { Migration20261127201500 } from './Migration20261127201500.js';
import { Migration20261127201600 } from './Migration20261127201600.js';
import { Migration20261128005417 } from './Migration20261128005417.js';
import { Migration20261128011442 } from './Migration20261128011442.js';
import { Migration20261128034857 } from './Migration20261128034857.js';
import { Migration20261128035539 } from './Migration20261128035539.js';
import { Migration20261128042350 } from './Migration20261128042350.js';
import { Migration20261128063209 } from './Migration20261128063209.js';
import { Migration20261128063406 } from './Migration20261128063406.js';
import { Migration20261128063440 } from './Migration20261128063440.js';
import { Migration20261128075724 } from './Migration20261128075724.js';
import { Migration20261128095906 } from './Migration20261128095906.js';
import { Migration20261128103637 } from './Migration20261128103637.js';

/**
 * Every migration, in order. Listed explicitly (not discovered by glob) so tsx, vitest and the
 * compiled dist run exactly the same set. After `npm run migration:create -w backend` writes a
 * new file here, import its class and append it below.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122021417', class: Migration20261122021417 },
  // Measures may belong to a method (deleted with it).
  { name: 'Migration20261122023631', class: Migration20261122023631 },
  // Pivot lookups by their second column: a method's obstacles, a value's methods.
  { name: 'Migration20261122030649', class: Migration20261122030649 },
  // The assistant conversation kept per user.
  { name: 'Migration20261123150223', class: Migration20261123150223 },
  // Users' email addresses, by which single sign-on finds an account.
  { name: 'Migration20261123175817', class: Migration20261123175817 },
  // Organisation administration: active accounts, temporary passwords, session devices, the audit log.
  { name: 'Migration20261123180304', class: Migration20261123180304 },
  // The change log of committed writes, for field-level merges (docs/PRODUCT.md#change-log).
  { name: 'Migration20261123180355', class: Migration20261123180355 },
  // Check-ins replace the methods' unbounded `updates` text, which they carry over (docs/PRODUCT.md#check-ins).
  { name: 'Migration20261127194500', class: Migration20261127194500 },
  // Change-log rows name their V2MOM (docs/PRODUCT.md#change-log).
  { name: 'Migration20261127201500', class: Migration20261127201500 },
  // People's seen marks per V2MOM (docs/PRODUCT.md#since-you-last-looked).
  { name: 'Migration20261127201600', class: Migration20261127201600 },
  // Threads of comments with their mentions (docs/PRODUCT.md#comments).
  { name: 'Migration20261128005417', class: Migration20261128005417 },
  // Notifications and the kinds people chose not to receive (docs/PRODUCT.md#notifications).
  { name: 'Migration20261128011442', class: Migration20261128011442 },
  // The company's rhythm and each method's last check-in time (docs/PRODUCT.md#rhythm).
  { name: 'Migration20261128034857', class: Migration20261128034857 },
  // Email: the outbox, and the email choice of the rhythm's kinds (docs/PRODUCT.md#email).
  { name: 'Migration20261128035539', class: Migration20261128035539 },
  // The rhythm's runs and its notices in the app (docs/PRODUCT.md#rhythm).
  { name: 'Migration20261128042350', class: Migration20261128042350 },
  // The company's name and colours (docs/PRODUCT.md#company).
  { name: 'Migration20261128063209', class: Migration20261128063209 },
  // Next year's V2MOM started from this one, its methods carried (docs/PRODUCT.md#next-year).
  { name: 'Migration20261128063406', class: Migration20261128063406 },
  // Quarter reviews (docs/PRODUCT.md#quarter-review).
  { name: 'Migration20261128063440', class: Migration20261128063440 },
  // The audit log's actions, the company's and the quarter reviews' together.
  { name: 'Migration20261128075724', class: Migration20261128075724 },
  // Meeting-room links, and the audit log's actions for them (docs/PRODUCT.md#meeting-room-links).
  { name: 'Migration20261128095906', class: Migration20261128095906 },
  // Meeting-room links' versions, for the live Meeting rooms tab (docs/PRODUCT.md#meeting-room-links).
  { name: 'Migration20261128103637', class: Migration20261128103637 },
];
