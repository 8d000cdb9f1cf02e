import { Migration } from '@mikro-orm/migrations';

/** The assistant conversation kept per user. */
export class Migration20261123150223 extends Migration {

  override name = 'Migration20261123150223';

  override up(): void | Promise<void> {
    this.addSql(`create table "chat_message" ("id" serial primary key, "user_id" int not null, "role" text not null, "content" text not null, "cut" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`create index "chat_message_user_id_id_index" on "chat_message" ("user_id", "id");`);

    this.addSql(`alter table "chat_message" add constraint "chat_message_user_id_foreign" foreign key ("user_id") references "user" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_message" add constraint "chat_message_role_check" check ("role" in ('user', 'assistant'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "chat_message" cascade;`);
  }

}
