// OAI-PMH (issue 16, docs/standards.md): what a harvester sees of a tenant's published containers.
//
// oai_records: one row per container that has ever been published, kept by triggers so no code path can forget it.
// `datestamp` moves whenever what a harvester gets for the record may have changed (label, type, values, placement,
// publishing, trash); `deleted` is set, and kept for good ("deletedRecord: persistent"), once the container is
// unpublished, trashed or deleted. A deleted record keeps the sets it was in (`deleted_sets`), so a harvest of a set
// learns of its deletions too. Rows have no foreign key to containers: they outlive them.
//
// content_types.oai_collection marks container types whose published containers are OAI sets (their descendants
// are the set's records); oai_settings holds a tenant's Dublin Core mapping (null: the defaults from property names)
// and the e-mail address Identify gives.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table content_types add column oai_collection boolean not null default false`.execute(db);

  await sql`create table oai_settings (
    tenant_id uuid primary key references tenants(id),
    admin_email text,
    dublin_core jsonb,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await protectTenantTable(db, "oai_settings");

  await sql`create table oai_records (
    tenant_id uuid not null references tenants(id),
    container_id uuid not null,
    datestamp timestamptz not null,
    deleted boolean not null default false,
    deleted_sets uuid[],
    primary key (tenant_id, container_id)
  )`.execute(db);
  await sql`create index oai_records_by_datestamp on oai_records (tenant_id, datestamp, container_id)`.execute(db);
  await protectTenantTable(db, "oai_records");

  // The published, not trashed collection containers above each of the given containers, through any path.
  await sql`create function repox_oai_sets_of(p_tenant_id uuid, p_ids uuid[])
    returns table (container_id uuid, set_id uuid) language sql stable as $$
      with recursive up (container_id, ancestor_id) as (
        select e.child_id, e.parent_id from public.container_edges e
          where e.tenant_id = p_tenant_id and e.child_id = any (p_ids) and e.parent_id is not null
        union
        select up.container_id, e.parent_id from up
          join public.container_edges e on e.tenant_id = p_tenant_id and e.child_id = up.ancestor_id
          where e.parent_id is not null
      )
      select up.container_id, up.ancestor_id from up
        join public.containers c on c.tenant_id = p_tenant_id and c.id = up.ancestor_id
        join public.content_types t on t.tenant_id = p_tenant_id and t.id = c.type_id
        where c.published and c.deleted_at is null and t.oai_collection
    $$`.execute(db);

  await sql`create function oai_record_follows_container() returns trigger language plpgsql as $$
    begin
      if new.published and new.deleted_at is null then
        insert into oai_records as r (tenant_id, container_id, datestamp)
          values (new.tenant_id, new.id, clock_timestamp())
          on conflict (tenant_id, container_id) do update set datestamp = excluded.datestamp, deleted = false, deleted_sets = null;
      elsif tg_op = 'UPDATE' and old.published and old.deleted_at is null then
        update oai_records set datestamp = clock_timestamp(), deleted = true,
            deleted_sets = array(select s.set_id from repox_oai_sets_of(new.tenant_id, array[new.id]) s)
          where tenant_id = new.tenant_id and container_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger containers_follow_oai_insert after insert on containers for each row
    when (new.published) execute function oai_record_follows_container()`.execute(db);
  await sql`create trigger containers_follow_oai_update
    after update of label, type_id, published, deleted_at, modified_at on containers for each row
    when ((old.published or new.published)
      and (old.label, old.type_id, old.published, old.deleted_at, old.modified_at)
        is distinct from (new.label, new.type_id, new.published, new.deleted_at, new.modified_at))
    execute function oai_record_follows_container()`.execute(db);
  // Before the delete: its placements (and so its sets) are still there. A container is deleted for good only from
  // the trash, where its record was already marked; this covers any other path.
  await sql`create function oai_record_follows_container_delete() returns trigger language plpgsql as $$
    begin
      update oai_records set datestamp = clock_timestamp(), deleted = true,
          deleted_sets = array(select s.set_id from repox_oai_sets_of(old.tenant_id, array[old.id]) s)
        where tenant_id = old.tenant_id and container_id = old.id and not deleted;
      return old;
    end $$`.execute(db);
  await sql`create trigger containers_follow_oai_delete before delete on containers for each row
    when (old.published and old.deleted_at is null) execute function oai_record_follows_container_delete()`.execute(db);

  // A container placed elsewhere may have joined or left sets, and so may everything below it: their records move.
  // Per statement, so a bulk creation of 10 000 containers costs one walk, not 10 000.
  await sql`create function oai_records_follow_edges() returns trigger language plpgsql as $$
    begin
      -- Most tenants publish nothing: their placements cost one probe here.
      if not exists (select 1 from oai_records r where r.tenant_id in (select tenant_id from changed_edges)) then
        return null;
      end if;
      with recursive moved (tenant_id, id) as (
        select tenant_id, child_id from changed_edges
        union
        select e.tenant_id, e.child_id from moved
          join container_edges e on e.tenant_id = moved.tenant_id and e.parent_key = moved.id
      )
      update oai_records r set datestamp = clock_timestamp()
        from moved where r.tenant_id = moved.tenant_id and r.container_id = moved.id and not r.deleted;
      return null;
    end $$`.execute(db);
  await sql`create trigger container_edges_added_follow_oai after insert on container_edges
    referencing new table as changed_edges for each statement execute function oai_records_follow_edges()`.execute(db);
  await sql`create trigger container_edges_removed_follow_oai after delete on container_edges
    referencing old table as changed_edges for each statement execute function oai_records_follow_edges()`.execute(db);

  // Containers published before this migration.
  await sql`insert into oai_records (tenant_id, container_id, datestamp)
    select tenant_id, id, greatest(modified_at, coalesce(published_at, modified_at)) from containers
      where published and deleted_at is null`.execute(db);
}
