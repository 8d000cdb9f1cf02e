import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * A person with a full notification centre, for the API benchmark's first page of
 * `GET /api/notifications` (docs/PRODUCT.md#notifications): `count` task notifications written
 * straight into the table (each about one of the large organisation's tasks, with its V2MOM),
 * half of them read, as a year of work might leave them.
 */
export async function fillNotificationCentre(orm: MikroORM, username: string, count: number): Promise<void> {
  const em = orm.em.fork();
  await em.execute(
    `insert into notification (recipient_id, kind, actor_id, v2mom_id, task_id, created_at, read_at)
     select person.id, 'task_assigned', actor.id, m.v2mom_id, t.id, now() - (n || ' minutes')::interval,
            case when n % 2 = 0 then now() end
     from generate_series(1, ?) as n
     join (select t.*, row_number() over (order by t.id) as position, count(*) over () as total from task t) t on t.position = 1 + (n - 1) % t.total
     left join method m on m.id = t.method_id
     cross join (select id from "user" where username = ?) person
     cross join (select id from "user" where username = 'admin') actor`,
    [count, username],
  );
}
