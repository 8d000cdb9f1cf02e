import { Migration } from '@mikro-orm/migrations';

/**
 * Searching a list by words (docs/PRODUCT.md#paged-lists) from trigram indexes (pg_trgm): a
 * method's own text, V2MOM titles and people's names, so a word few rows hold is found from the
 * index instead of by reading every method (db/search.ts writes the same expressions).
 */
export class Migration20261202180000 extends Migration {

  override name = 'Migration20261202180000';

  override async up(): Promise<void> {
    await this.execute(`create extension if not exists pg_trgm;`);
    await this.execute(`create index "method_text_search_index" on "method" using gin ((lower(coalesce("description", '') || ' ' || coalesce("measure", '') || ' ' || coalesce("current_measure", '') || ' ' || coalesce("q1_measure", '') || ' ' || coalesce("q2_measure", '') || ' ' || coalesce("q3_measure", '') || ' ' || coalesce("q4_measure", ''))) gin_trgm_ops);`);
    await this.execute(`create index "v2mom_title_search_index" on "v2mom" using gin ((lower(coalesce("title", ''))) gin_trgm_ops);`);
    await this.execute(`create index "user_name_search_index" on "user" using gin ((lower(coalesce("name", ''))) gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "user_name_search_index";`);
    await this.execute(`drop index "v2mom_title_search_index";`);
    await this.execute(`drop index "method_text_search_index";`);
  }

}
