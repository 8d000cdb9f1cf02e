import { Migration } from '@mikro-orm/migrations';

/**
 * Searching the obstacles and Tasks lists by words (docs/PRODUCT.md#paged-lists) from trigram
 * indexes, as the methods, V2MOMs and people already are: an obstacle's description, a task's
 * title and description (db/search.ts writes the same expressions).
 */
export class Migration20261203086000 extends Migration {

  override name = 'Migration20261203086000';

  override async up(): Promise<void> {
    await this.execute(`create index "obstacle_description_search_index" on "obstacle" using gin ((lower(coalesce("description", ''))) gin_trgm_ops);`);
    await this.execute(`create index "task_text_search_index" on "task" using gin ((lower(coalesce("title", '') || ' ' || coalesce("description", ''))) gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "task_text_search_index";`);
    await this.execute(`drop index "obstacle_description_search_index";`);
  }

}
