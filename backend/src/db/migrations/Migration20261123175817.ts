import { Migration } from '@mikro-orm/migrations';

/** Users' email addresses, by which single sign-on finds an account. */
export class Migration20261123175817 extends Migration {

  override name = 'Migration20261123175817';

  override up(): void | Promise<void> {
    this.addSql(`alter table "user" add "email" varchar(320) null;`);
    this.addSql(`alter table "user" add constraint "user_email_unique" unique ("email");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "user" drop constraint "user_email_unique";`);
    this.addSql(`alter table "user" drop column "email";`);
  }

}
