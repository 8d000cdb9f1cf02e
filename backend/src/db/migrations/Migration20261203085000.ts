import { Migration } from '@mikro-orm/migrations';

/** The brief a model wrote for each COO meeting, kept so that every viewer reads the same text (docs/PRODUCT.md#meeting-brief). */
export class Migration20261203085000 extends Migration {

  override name = 'Migration20261203085000';

  override async up(): Promise<void> {
    await this.execute(`create table "meeting_brief" ("meeting_at" timestamptz not null, "facts_key" text not null, "text" text not null, "written_at" timestamptz not null, primary key ("meeting_at"));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "meeting_brief";`);
  }

}
