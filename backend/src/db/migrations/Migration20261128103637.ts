import { Migration } from '@mikro-orm/migrations';

/**
 * A meeting-room link's version (docs/PRODUCT.md#meeting-room-links): raised by its revocation and
 * by each noted use, so the Meeting rooms tab keeps the newest row its live events bring.
 */
export class Migration20261128103637 extends Migration {

  override name = 'Migration20261128103637';

  override async up(): Promise<void> {
    await this.execute(`alter table "room_link" add "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "room_link" drop column "version";`);
  }

}
