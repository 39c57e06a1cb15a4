// How other modules show a person (who created, changed or removed something) inside their own queries. This is the
// IAM module's published read of the users table, so that no other module names that table: a lookup by primary key
// per row, answered as JSON, null when the user is gone.
import { type RawBuilder, sql } from "kysely";

export type PersonJson = { uuid: string; firstname: string; lastname: string; email: string };

/** `{uuid, firstname, lastname, email}` of the user `userColumn` names, in the tenant of `tenantColumn`. */
export function personJson(tenantColumn: string, userColumn: string): RawBuilder<PersonJson | null> {
  return sql<PersonJson | null>`(select json_build_object('uuid', u.id, 'firstname', u.firstname, 'lastname', u.lastname,
    'email', u.email) from users u where u.tenant_id = ${sql.ref(tenantColumn)} and u.id = ${sql.ref(userColumn)})`;
}
