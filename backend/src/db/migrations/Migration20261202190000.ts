import { Migration } from '@mikro-orm/migrations';

/**
 * Settings' People table searches usernames as well as names (docs/PRODUCT.md#paged-lists): a
 * trigram index on them too, so a word few people hold is found from the indexes alone
 * (db/search.ts writes the same expression).
 */
export class Migration20261202190000 extends Migration {

  override name = 'Migration20261202190000';

  override async up(): Promise<void> {
    await this.execute(`create index "user_username_search_index" on "user" using gin ((lower(coalesce("username", ''))) gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "user_username_search_index";`);
  }

}
