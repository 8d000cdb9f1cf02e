import { Migration } from '@mikro-orm/migrations';

/** Pivot lookups by their second column: a method's obstacles, a value's methods. */
export class Migration20261122030649 extends Migration {

  override name = 'Migration20261122030649';

  override up(): void | Promise<void> {
    this.addSql(`create index "obstacle_linked_methods_method_id_index" on "obstacle_linked_methods" ("method_id");`);
    this.addSql(`create index "method_linked_values_value_id_index" on "method_linked_values" ("value_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "obstacle_linked_methods_method_id_index";`);
    this.addSql(`drop index "method_linked_values_value_id_index";`);
  }

}
